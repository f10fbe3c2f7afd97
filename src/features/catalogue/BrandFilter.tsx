/**
 * The area page's brand filter: choose brands, search them by name, reset, show more brands when
 * the list is long, and each selected brand's official-site link. Changing the selection reloads the list
 * from page 1 (setTenantFilter in area-list-store.ts).
 */
import { useId, useRef, useState } from 'react';
import { imageUrl } from '../../lib/images.ts';
import type { BrandFilterIcons } from './brand-filter-icons.ts';
import { searchBrands } from './brand-search.ts';
import type { BrandOption } from './product-list.ts';

/** Brands shown before 「ブランドをもっと見る」. */
const BRANDS_SHOWN = 6;

export interface BrandFilterLabels {
  title: string;
  /** 「{count}件選択中」 */
  selectedCount: string;
  search: string;
  brands: string;
  more: string;
  reset: string;
  /** 「結果を見る（{count}点）」: closes the filter and shows the list it chose. */
  results: string;
  /** While the chosen brands' products are on their way. */
  loading: string;
  noMatch: string;
  selected: string;
  /** 「{name}の公式サイト」: the link's accessible name. */
  officialSite: string;
  /** 「公式サイト」: what the link shows beside the brand's name. */
  officialSiteShort: string;
  newTab: string;
}

interface Props {
  brands: BrandOption[];
  selected: readonly number[];
  onChange: (tenantIds: number[]) => void;
  labels: BrandFilterLabels;
  icons: BrandFilterIcons;
  /** What the selection finds (the list's count), or undefined while it loads. */
  found?: number | undefined;
}

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

export function BrandFilter({ brands, selected, onChange, labels, icons, found }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(BRANDS_SHOWN);
  const id = useId();
  const matches = searchBrands(brands, query);
  const chosen = brands.filter((brand) => selected.includes(brand.id));

  function toggle(tenantId: number) {
    onChange(selected.includes(tenantId) ? selected.filter((x) => x !== tenantId) : [...selected, tenantId]);
  }

  // On a phone the open filter fills the screen and the list starts below it: a tick seemed to do nothing.
  // The panel says what the selection finds, on a button kept in view (sticky) that closes the filter onto
  // the list.
  function showResults() {
    const element = box.current;
    element?.querySelector('details')?.removeAttribute('open');
    element?.scrollIntoView({ block: 'start' });
  }

  return (
    <div ref={box} className="mb-4 scroll-mt-4 rounded border border-accent/40">
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 font-bold [&::-webkit-details-marker]:hidden">
          <span>
            {labels.title}
            {selected.length > 0 && (
              <span className="ml-2 text-sm font-normal text-secondary">
                {labels.selectedCount.replace('{count}', String(selected.length))}
              </span>
            )}
          </span>
          <Icon path={icons.open} className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="flex flex-col gap-3 border-t border-accent/40 p-3">
          <label htmlFor={`${id}-q`} className="sr-only">
            {labels.search}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            placeholder={labels.search}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              setShown(BRANDS_SHOWN);
            }}
            className="h-11 w-full rounded border border-accent px-3 text-base placeholder:text-secondary"
          />
          <fieldset>
            <legend className="sr-only">{labels.brands}</legend>
            {matches.length === 0 ? (
              <p className="text-sm text-secondary">{labels.noMatch}</p>
            ) : (
              <ul className="grid gap-1 sm:grid-cols-2">
                {matches.slice(0, shown).map((brand) => (
                  <li key={brand.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-1 hover:bg-neutral-100">
                      <input
                        type="checkbox"
                        checked={selected.includes(brand.id)}
                        onChange={() => toggle(brand.id)}
                        className="h-5 w-5 shrink-0 accent-primary"
                      />
                      <img
                        src={imageUrl(brand.logoSrc, 64, 'webp')}
                        width={32}
                        height={32}
                        alt=""
                        loading="lazy"
                        className="h-8 w-8 shrink-0 rounded-full border border-accent/30 object-cover"
                      />
                      <span className="text-sm">{brand.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          {selected.length > 0 && (
            <button
              type="button"
              onClick={showResults}
              disabled={found === undefined}
              aria-live="polite"
              className="sticky bottom-3 z-10 min-h-11 rounded bg-primary px-4 font-bold text-white shadow-lg disabled:bg-neutral-200 disabled:text-secondary"
            >
              {found === undefined ? labels.loading : labels.results.replace('{count}', String(found))}
            </button>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            {matches.length > shown ? (
              <button
                type="button"
                onClick={() => setShown((count) => count + BRANDS_SHOWN)}
                className="min-h-11 rounded px-2 text-sm font-bold underline underline-offset-4"
              >
                {labels.more}（{matches.length - shown}）
              </button>
            ) : (
              <span />
            )}
            <button
              type="button"
              onClick={() => {
                setQuery('');
                setShown(BRANDS_SHOWN);
                onChange([]);
              }}
              disabled={selected.length === 0 && query === ''}
              className="min-h-11 rounded border border-primary px-4 text-sm font-bold disabled:border-accent disabled:text-secondary"
            >
              {labels.reset}
            </button>
          </div>
        </div>
      </details>
      {chosen.length > 0 && (
        <section aria-label={labels.selected} className="border-t border-accent/40 px-3 py-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {chosen.map((brand) => (
              <li key={brand.id} className="flex min-h-11 items-center gap-2">
                <span className="font-bold">{brand.name}</span>
                {brand.officialSiteUrl && (
                  <a
                    href={brand.officialSiteUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${labels.officialSite.replace('{name}', brand.name)}${labels.newTab}`}
                    className="inline-flex min-h-11 items-center gap-1 text-secondary underline underline-offset-4"
                  >
                    {labels.officialSiteShort}
                    <Icon path={icons.newTab} className="h-4 w-4" />
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
