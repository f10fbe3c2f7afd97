/**
 * A product as the API has it now, through plain fetch (`leanSend` in request.ts): for the product page's
 * after-load refresh of stock and prices (the product page ships no typed client), and for a product in chat
 * (the one a redirect carried, asked for by chat's page script before its island loads, and any other): chat's
 * pages load no typed client.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Lang, Product } from './types.ts';

/** One product, as the API has it now; in `lang` when given (chat mode's languages), else in Japanese. */
export function getProduct(id: number, options: RequestOptions & { lang?: Lang } = {}): Promise<Product> {
  const { lang, ...rest } = options;
  return leanSend(
    'get',
    lang ? `/catalog/products/{id}?lang=${encodeURIComponent(lang)}` : '/catalog/products/{id}',
    'product not found.',
    undefined,
    { ...rest, pathParams: { id } },
  );
}
