/**
 * The web catalogue's scanner (/scan/): products open on their canonical page; closing goes back to the
 * page the shopper came from (the browser's back, so that page returns as it was), or to the home page.
 */
import { ScannerView } from './ScannerView.tsx';
import type { ScannerIcons } from './scanner-icons.ts';
import type { ScannerMessages } from './scanner-messages.ts';

export default function WebScanner({
  messages,
  icons,
  siteOrigin,
}: {
  messages: ScannerMessages;
  icons: ScannerIcons;
  siteOrigin: string;
}) {
  return (
    <ScannerView
      messages={messages}
      icons={icons}
      origins={[siteOrigin]}
      closeHref="/"
      productListHref="/area/"
      onClose={leave}
    />
  );
}

/** Back to the page of this site the scanner was opened from, else home. */
function leave(): void {
  if (cameFromThisSite() && window.history.length > 1) window.history.back();
  else window.location.assign('/');
}

function cameFromThisSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
