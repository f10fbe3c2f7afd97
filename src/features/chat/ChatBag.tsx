/**
 * /chat/cart/'s island: the web catalogue's bag screen in the visitor's language (lines with receive per
 * line, wrapping, totals, the final confirmation). Chat mode, entered by the chat screen, keeps its links on
 * chat's pages and has the QR issued with the visitor's language and marked as from chat.
 */
import { BagView } from '../bag/components.ts';
import { ChatScreen } from './ChatScreen.tsx';

export default function ChatBag() {
  return <ChatScreen>{() => <BagView />}</ChatScreen>;
}
