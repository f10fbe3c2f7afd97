/**
 * /chat/scan/'s island: the camera scanner in the visitor's language. A product tag opens the product on
 * its brand's chat page; closing goes back to where the visitor came from in chat, or to /chat/.
 */
import { strings } from '../../i18n/index.ts';
import { scanner } from '../../i18n/scanner/part.ts';
import { ScannerView } from '../scanner/components.ts';
import { type ScannerIcons, scannerMessages } from '../scanner/index.ts';
import { ChatScreen } from './ChatScreen.tsx';

const t = await strings(scanner);

export default function ChatScan({ icons, siteOrigin }: { icons: ScannerIcons; siteOrigin: string }) {
  return (
    <ChatScreen>
      {() => (
        <ScannerView
          messages={scannerMessages((key) => t(key))}
          icons={icons}
          origins={[siteOrigin]}
          closeHref="/chat/"
          productListHref="/chat/brands/"
          onClose={leave}
        />
      )}
    </ChatScreen>
  );
}

function leave(): void {
  let fromChat = false;
  try {
    const from = new URL(document.referrer);
    fromChat = from.origin === window.location.origin && from.pathname.startsWith('/chat/');
  } catch {
    fromChat = false;
  }
  if (fromChat && window.history.length > 1) window.history.back();
  else window.location.assign('/chat/');
}
