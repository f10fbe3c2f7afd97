/**
 * The island of a brand's chat page: the product the visitor opened (`?product=`), then the brand's
 * products (headed with its name in the visitor's language, as the page names it), the web catalogue's own
 * list in the visitor's language (its cache cleared when the language changes), each opening here. The list
 * starts from the first page the page was built with, in the visitor's language (brand-first-page.ts), and
 * draws it as the built page does (ChatBrandProducts.astro), so it takes that page's place without a move.
 * The product once loaded is the page's Japanese counterpart (`<html data-japanese-page>`, read by the
 * language switcher): 日本語 opens its Japanese page.
 */
import type { Product } from '../../lib/catalog/types.ts';
import { productHref } from '../../lib/routes.ts';
import { ProductList } from '../catalogue/components.ts';
import type { FirstPage } from '../catalogue/index.ts';
import type { ChatBrandName } from './brand-name.ts';
import { ChatProduct } from './ChatProduct.tsx';
import { ChatScreen } from './ChatScreen.tsx';
import { useTranslation } from './chat-i18n.ts';
import type { ChatLanguage } from './language.ts';

/** The product id in `?product=`, digits only; anything else opens no product. */
function openedProduct(): number | undefined {
  const value = new URLSearchParams(location.search).get('product') ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * `names`: the brand's name in each chat language (chatBrandNames); `first`: its first page of products in
 * each (chatFirstPages).
 */
export default function ChatBrand({
  tenantId,
  names,
  first,
}: {
  tenantId: number;
  names: Record<ChatLanguage, ChatBrandName>;
  first: Record<ChatLanguage, FirstPage>;
}) {
  return (
    <ChatScreen>
      {(language) => (
        <Brand tenantId={tenantId} brand={names[language]} first={first[language]} language={language} />
      )}
    </ChatScreen>
  );
}

/** `Products from {name}`, the name marked as Japanese when it is the Japanese name. */
function ProductsOf({ brand }: { brand: ChatBrandName }) {
  const { t } = useTranslation();
  if (!brand.ja) return <>{t('brand.products', { name: brand.name })}</>;
  const [before = '', after = ''] = t('brand.products', { name: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span lang="ja">{brand.name}</span>
      {after}
    </>
  );
}

/** The product's Japanese page, in the first of its areas, is where 日本語 leads from here. */
function nameJapanesePage(product: Product): void {
  const area = product.areas[0];
  if (area !== undefined)
    document.documentElement.setAttribute('data-japanese-page', productHref(area, product.id));
}

function Brand({
  tenantId,
  brand,
  first,
  language,
}: {
  tenantId: number;
  brand: ChatBrandName;
  first: FirstPage;
  language: ChatLanguage;
}) {
  const { t } = useTranslation();
  const productId = openedProduct();
  return (
    <div className="flex flex-col gap-8">
      {productId !== undefined && (
        <ChatProduct productId={productId} language={language} onLoad={nameJapanesePage} />
      )}
      <section aria-labelledby="chat-brand-products">
        <h2 id="chat-brand-products" className="mb-1 font-bold">
          <ProductsOf brand={brand} />
        </h2>
        <ProductList
          listKey={`chat-brand:${tenantId}`}
          tenantIds={[tenantId]}
          first={first}
          lang={language}
          linkTo="chat"
          labels={{
            sale: t('product.sale'),
            soldOut: t('product.soldOut'),
            regularPrice: t('product.regularPrice'),
            count: (count) => t('list.count', { count }),
            more: t('list.more'),
            loading: t('list.loading'),
            end: t('list.end'),
            error: t('list.error'),
            retry: t('list.retry'),
            empty: t('list.empty'),
          }}
        />
      </section>
    </div>
  );
}
