/**
 * The product a redirect carried to chat (`/chat/?productId=`), asked of the API as soon as chat's code
 * runs, while the page's strings are still loading, instead of once the conversation has drawn: on a
 * phone's network that is a round trip sooner for the picture the visitor came for. The product bubble
 * takes the answer once (`productFor`); any later load (a retry, a reload) asks anew. Through plain fetch
 * (product-lean.ts): the page's script then loads no typed client, nor waits a round trip more for it.
 */
import { getProduct } from '../../lib/catalog/product-lean.ts';
import type { Product } from '../../lib/catalog/types.ts';
import { type ChatLanguage, carriedId } from './language.ts';

let early: { id: number; language: ChatLanguage; answer: Promise<Product> } | undefined;

/** Asks for the product the address carries (digits only), if any, in the page's chat language. */
export function askCarriedProduct(search: string, language: ChatLanguage): void {
  const id = carriedId(new URLSearchParams(search).get('productId') ?? '');
  if (id === 0) return;
  const answer = getProduct(id, { lang: language });
  // A failure is the product bubble's to show, when it takes the answer; never an unhandled rejection.
  answer.catch(() => {});
  early = { id, language, answer };
}

/** The product's answer: the early one, once, when it is for this product and language; else a new request. */
export function productFor(id: number, language: ChatLanguage): Promise<Product> {
  const taken = early;
  early = undefined;
  return taken && taken.id === id && taken.language === language
    ? taken.answer
    : getProduct(id, { lang: language });
}
