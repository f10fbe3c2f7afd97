/**
 * The /wishlist/ page: the favorites kept in this browser, shown at once from storage and then refreshed
 * from each product page's payload; a product that left the catalogue says so. Each can be removed.
 */
import { mdiClose } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PRODUCT_GRID_CLASS, ProductCard, type ProductCardLabels } from '../../ui/ProductCard.tsx';
import { refreshWishlist } from './wishlist-refresh.ts';
import { $wishlist, removeFavorite } from './wishlist-store.ts';

export interface WishlistLabels extends ProductCardLabels {
  products: string;
  /** 「{count}件」 */
  count: string;
  empty: string;
  browse: string;
  /** 「{title}をお気に入りから外す」 */
  remove: string;
  unavailable: string;
}

export default function WishlistList({ labels }: { labels: WishlistLabels }) {
  const items = useStore($wishlist, { ssr: 'initial' });
  // The server knows nothing of this browser's favorites: until hydrated, the space is held, not filled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void refreshWishlist();
  }, []);

  if (!hydrated) return <div className="min-h-[50vh]" aria-busy="true" />;

  if (items.length === 0) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center gap-4 py-12 text-center">
        <p className="text-sm text-secondary">{labels.empty}</p>
        <a
          href="/area/"
          className="inline-flex min-h-11 items-center rounded border border-primary px-6 font-bold"
        >
          {labels.browse}
        </a>
      </div>
    );
  }

  return (
    <section aria-labelledby="wishlist-products" className="min-h-[50vh]">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="wishlist-products" className="font-bold">
          {labels.products}
        </h2>
        <p className="text-sm text-secondary">{labels.count.replace('{count}', String(items.length))}</p>
      </div>
      <ul className={PRODUCT_GRID_CLASS} data-testid="wishlist">
        {items.map(({ product, unavailable }) => (
          <li key={product.id} className="relative flex flex-col gap-1">
            <ProductCard product={product} labels={labels} />
            {unavailable && <p className="text-xs text-secondary">{labels.unavailable}</p>}
            <button
              type="button"
              onClick={() => removeFavorite(product.id)}
              className="absolute right-1 top-1 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 shadow"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={mdiClose} fill="currentColor" />
              </svg>
              <span className="sr-only">{labels.remove.replace('{title}', product.title)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
