/**
 * Chat mode's address step in the visitor's language (/chat/address/{alias}/ and its /complete/ page):
 * the web catalogue's own screens, translated into the chat's language (chat-i18n.ts), with the address
 * messages in that language and the katakana reading optional for a name in Latin letters
 * (src/features/address/).
 */
import { AddressCompleteView, AddressView } from '../address/components.ts';
import { ChatScreen } from './ChatScreen.tsx';

export default function ChatAddress({ page }: { page: 'form' | 'complete' }) {
  return <ChatScreen>{() => (page === 'form' ? <AddressView /> : <AddressCompleteView />)}</ChatScreen>;
}
