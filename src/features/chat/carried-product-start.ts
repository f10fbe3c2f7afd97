/**
 * Imported first by the chat page's island (ChatApp.tsx): asks for the product the address carries as chat's
 * code loads, before the strings the conversation waits for have arrived (early-product.ts).
 */
import { askCarriedProduct } from './early-product.ts';
import { pageChatLanguage } from './language.ts';

askCarriedProduct(location.search, pageChatLanguage(document));
