/**
 * A product in chat mode, in the visitor's language from the catalog API: its picture (the main one, a
 * variant's once chosen, as on the product page), title, price (yen, tax included, labelled in the
 * language), options and add-to-bag with the product page's own rules (variant-options.ts, the bag's
 * addToBag), the description as text and the tags. Failures read in the language, with a retry; the bag is
 * never touched by a failure. While it loads, the picture a Japanese page handed over (carried-picture.ts)
 * shows where the product's will be.
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../lib/catalog/types.ts';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';
import { formatPrice, formatYen } from '../../lib/format/price.ts';
import { MAIN_SIZE } from '../../lib/images.ts';
import { CataloguePicture } from '../../ui/CataloguePicture.tsx';
import { addToBag } from '../bag/index.ts';
import {
  addToBagProblem,
  availabilityText,
  chooseOption,
  findVariant,
  leadVariant,
  mainImage,
  type OptionSelection,
  productOptions,
  selectionOf,
} from '../product/index.ts';
import { carriedPicture } from './carried-picture.ts';
import { useTranslation } from './chat-i18n.ts';
import { descriptionParagraphs } from './description-text.ts';
import { productFor } from './early-product.ts';
import type { ChatLanguage } from './language.ts';
import { BUBBLE_PICTURE_CLASS, BUBBLE_PICTURE_SIZES, CARRIED_PICTURE_BOX_CLASS } from './thread-look.ts';

type Load = { kind: 'loading' } | { kind: 'failed'; gone: boolean } | { kind: 'ready'; product: Product };
type Adding = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'failed'; message: string };

export function ChatProduct({
  productId,
  language,
  onLoad,
}: {
  productId: number;
  language: ChatLanguage;
  /** Told the product once it is loaded. */
  onLoad?: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The picture the Japanese page handed over, if it did: shown while the product loads, where it will stay.
  const [carried] = useState(() => carriedPicture(productId));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger to load again; `onLoad` is told, not a reason to load.
  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    productFor(productId, language).then(
      (product) => {
        if (!live) return;
        setLoad({ kind: 'ready', product });
        onLoad?.(product);
      },
      (error: unknown) => {
        markHandled(error);
        if (live)
          setLoad({ kind: 'failed', gone: error instanceof DataNotFoundError && error.status === 404 });
      },
    );
    return () => {
      live = false;
    };
  }, [productId, language, attempt]);

  if (load.kind === 'loading') {
    const waiting = <p className="text-sm text-secondary">{t('chat.loading')}</p>;
    if (!carried) return waiting;
    return (
      <div className={CARRIED_PICTURE_BOX_CLASS}>
        <BubblePicture src={carried} />
        {waiting}
      </div>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className="rounded border border-accent/50 p-3 text-sm" role="alert">
        <p>{load.gone ? t('product.error.gone') : t('chat.error')}</p>
        {!load.gone && (
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-2 min-h-11 rounded border border-primary px-4 font-bold"
          >
            {t('chat.retry')}
          </button>
        )}
      </div>
    );
  }
  return <ProductDetails product={load.product} language={language} />;
}

/** The product's picture as wide as the bubble; the title under it says what it shows. */
function BubblePicture({ src }: { src: string | null }) {
  return (
    <CataloguePicture
      src={src}
      size={MAIN_SIZE}
      sizes={BUBBLE_PICTURE_SIZES}
      alt=""
      priority
      className={BUBBLE_PICTURE_CLASS}
    />
  );
}

function ProductDetails({ product, language }: { product: Product; language: ChatLanguage }) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<OptionSelection>(() => selectionOf(leadVariant(product)));
  const [adding, setAdding] = useState<Adding>({ kind: 'idle' });
  // As on the product page: the main picture first, a variant's own picture once the visitor chooses it.
  const [image, setImage] = useState(() => mainImage(product)?.src ?? null);
  const options = productOptions(product.variants);
  const variant = findVariant(product.variants, selection);
  const canBuy = variant !== undefined && variant.totalStock > 0;

  async function add() {
    if (!variant || adding.kind === 'adding') return;
    setAdding({ kind: 'adding' });
    try {
      await addToBag({ productId: product.id, variantId: variant.id, qty: 1 }, language);
      setAdding({ kind: 'added' });
    } catch (error) {
      markHandled(error);
      setAdding({ kind: 'failed', message: t(`product.error.${addToBagProblem(error)}`) });
    }
  }

  return (
    <article aria-labelledby="chat-product-title" className="flex flex-col gap-3" data-testid="chat-product">
      <BubblePicture src={image} />
      <h2 id="chat-product-title" className="text-lg font-bold">
        {product.title}
      </h2>
      {variant && (
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold">{formatPrice(variant.price)}</span>
          {variant.isSale && variant.compareAtPrice !== null && (
            <span className="text-sm text-secondary">
              <span className="sr-only">{t('product.regularPrice')}</span>
              <s>{formatYen(variant.compareAtPrice)}</s>
            </span>
          )}
        </p>
      )}
      {options.map((axis) => (
        <fieldset key={axis.name} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-bold">{axis.displayName}</legend>
          <div className="flex flex-wrap gap-2">
            {axis.values.map((value) => (
              <label
                key={value.value}
                className={`flex min-h-11 items-center gap-2 rounded border px-3 text-sm ${selection[axis.name] === value.value ? 'border-primary font-bold' : 'border-accent/50'} ${value.disabled ? 'border-dashed text-secondary' : ''}`}
              >
                <input
                  type="radio"
                  name={`option-${axis.name}`}
                  value={value.value}
                  checked={selection[axis.name] === value.value}
                  disabled={value.disabled}
                  onChange={() => {
                    const chosen = chooseOption(product.variants, selection, axis.name, value.value);
                    setSelection(chosen);
                    const picture = findVariant(product.variants, chosen)?.image;
                    if (picture) setImage(picture.src);
                    setAdding({ kind: 'idle' });
                  }}
                />
                <span className={value.disabled ? 'line-through' : undefined}>{value.displayValue}</span>
                {/* Struck through alone, a sold-out value says nothing to a reader: its label says it in words. */}
                {value.disabled && (
                  <span className="text-xs" data-testid="sold-out-note">
                    {t('product.soldOut')}
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-secondary">
        {availabilityText(variant, {
          noCombination: t('product.noCombination'),
          soldOut: t('product.soldOut'),
          stockInShop: t('product.stockInShop', { count: variant?.stockInShop ?? 0 }),
          stockInShopNone: t('product.stockInShopNone'),
        })}
      </p>
      <button
        type="button"
        onClick={() => void add()}
        disabled={!canBuy || adding.kind === 'adding'}
        className="min-h-12 rounded bg-primary px-4 font-bold text-white hover:bg-black disabled:bg-neutral-200 disabled:text-secondary"
      >
        {adding.kind === 'adding' ? t('product.adding') : t('product.addToBag')}
      </button>
      <div aria-live="polite" className="text-sm">
        {adding.kind === 'added' && (
          <p>
            {t('product.added')}{' '}
            <a href="/chat/cart/" className="font-bold underline underline-offset-4">
              {t('product.viewBag')}
            </a>
          </p>
        )}
        {adding.kind === 'failed' && <p>{adding.message}</p>}
      </div>
      <section aria-labelledby="chat-product-description" className="text-sm leading-relaxed">
        <h3 id="chat-product-description" className="mb-1 font-bold">
          {t('product.description')}
        </h3>
        {descriptionParagraphs(product.descriptionHtml).map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered.
          <p key={index} className="mb-2">
            {text}
          </p>
        ))}
      </section>
      {product.tags.length > 0 && (
        <p className="text-xs text-secondary">
          {t('product.tagsLine', { tags: product.tags.map((tag) => tag.name).join(' · ') })}
        </p>
      )}
    </article>
  );
}
