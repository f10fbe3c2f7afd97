/**
 * The chat page's own script (src/pages/chat/index.astro): asks for the product the address carries as soon
 * as the page's code runs, before the strings the conversation waits for have arrived (early-product.ts).
 */
import { askCarriedProduct } from './early-product.ts';
import { pageChatLanguage } from './language.ts';

askCarriedProduct(location.search, pageChatLanguage(document));
