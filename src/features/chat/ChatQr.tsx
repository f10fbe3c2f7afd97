/**
 * Chat mode's QR hand-off pages in the visitor's language: the QR with its countdown and polled status
 * (/chat/qr/{alias}/), the time-out with a new QR (/chat/qr/timeout/) and the order (/chat/order/{alias}/).
 * The web catalogue's own screens, in the visitor's language and leading to chat's pages.
 */
import { QrReissue } from '../bag/components.ts';
import { OrderView } from '../order/components.ts';
import { QrView } from '../qr/components.ts';
import { ChatScreen } from './ChatScreen.tsx';

export default function ChatQr({ page }: { page: 'qr' | 'timeout' | 'order' }) {
  return (
    <ChatScreen>
      {() => (page === 'qr' ? <QrView /> : page === 'order' ? <OrderView /> : <QrReissue />)}
    </ChatScreen>
  );
}
