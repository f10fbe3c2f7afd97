/**
 * The build's distrust of its catalog API. Every list the build loads is checked entry by entry against
 * the contract (a field the build does not know is accepted and dropped; a field it needs that is missing
 * or of the wrong type is a failure), and then the lists against each other, before anything renders: no
 * empty list, no two records with one id, no product pointing at an area or a brand the lists do not hold.
 * Each failure is one line naming the endpoint, the page of the list, the record (by its id and title)
 * and the field, so a content editor can forward it as it is. A product in no area has no page: it is
 * left out of every list and link, with a warning naming it (noAreaWarning; snapshot.ts leaves it out). A URL meant for an `href` or a `src` that is not http or https is
 * dropped with a warning naming the record, not refused.
 */
import type { z } from 'astro/zod';
import type { Area, Product, Tenant } from '../../lib/catalog/types.ts';
import { cutText } from '../../lib/html.ts';

/** A build-stopping problem with what the catalog API answered; its message is one line. */
export class CatalogueCheckError extends Error {
  override readonly name = 'CatalogueCheckError';
}

/** Where a list came from: the endpoint as called (with its page), for the message. */
export interface ListSource {
  endpoint: string;
  /** The field of the answer that holds the list (`products`), or undefined when the answer is the list. */
  field?: string;
  /** What one entry is (`product`, `brand`, `area`): a broken entry is named by it, its id and title. */
  record?: string;
}

/** A record's title or name as one short line: at most 40 characters, no line breaks or direction controls. */
function shortName(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return cutText(line, 40);
}

/**
 * A record as a content editor finds it in their catalogue: `product 7 「季節の焼き菓子」`, by its id and
 * its title or name when they are usable, else by its place in the answer (`products[6] (no id)`).
 */
function recordName(entry: unknown, index: number, source: ListSource, titleBroken: boolean): string {
  const { id, title, name } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
    string,
    unknown
  >;
  if (source.record === undefined || typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return `${source.field ?? ''}[${index}] (no id)`;
  }
  const label = titleBroken ? undefined : typeof title === 'string' ? title : name;
  const shown = typeof label === 'string' ? shortName(label) : '';
  return shown === '' ? `${source.record} ${id}` : `${source.record} ${id} 「${shown}」`;
}

function describeIssue(issue: z.core.$ZodIssue, entry: unknown, index: number, source: ListSource): string {
  const [first] = issue.path;
  const field = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replaceAll('.[', '[');
  const record = recordName(entry, index, source, first === 'title' || first === 'name');
  return `${source.endpoint}: ${record}${field ? `: ${field}` : ''}: ${issue.message}`;
}

/** The warning naming a product that is in no area (it is left out of every list and link), or null. */
export function noAreaWarning(product: Pick<Product, 'id' | 'title' | 'areas'>): string | null {
  if (product.areas.length > 0) return null;
  const shown = shortName(product.title);
  return `product ${product.id}${shown ? ` 「${shown}」` : ''} is in no area: left out of every list and link (it has no page)`;
}

/**
 * A value from the API's JSON with every string well-formed: a lone surrogate (half an emoji, which a JSON
 * answer can carry as `"\ud83c"`) becomes U+FFFD, as it would anyway once written into a page as UTF-8.
 * Without this, a page's HTML and the same text in its island's props differ, and React discards the
 * server HTML (error 418). Every other character (sequences, controls, marks, separators) already reaches
 * the browser the same both ways. In place: the value is the build's own freshly parsed copy.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = wellFormed(value[i]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = wellFormed(record[key]);
  }
  return value;
}

/**
 * The entries of a list, each parsed with `schema` (unknown fields dropped) and its text made well-formed
 * (wellFormed). Throws one line per problem, at most five, when the answer is not a list or an entry does
 * not fit.
 */
export function checkList<T>(answer: unknown, schema: z.ZodType<T>, source: ListSource): T[] {
  if (!Array.isArray(answer)) {
    const got = answer === null ? 'null' : typeof answer;
    const where = source.field ? `${source.field}: ` : '';
    throw new CatalogueCheckError(`${source.endpoint}: ${where}expected a list, received ${got}`);
  }
  const problems: string[] = [];
  const entries: T[] = [];
  answer.forEach((entry, index) => {
    const parsed = schema.safeParse(wellFormed(entry));
    if (parsed.success) entries.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      if (issue) problems.push(describeIssue(issue, entry, index, source));
    }
  });
  if (problems.length) throw new CatalogueCheckError(summarise(problems));
  return entries;
}

/** Up to five problems in one line, and how many more there are. */
function summarise(problems: readonly string[]): string {
  const shown = problems.slice(0, 5).join('; ');
  return problems.length > 5 ? `${shown}; and ${problems.length - 5} more` : shown;
}

export interface Catalogue {
  areas: Area[];
  tenants: Tenant[];
  products: Product[];
}

/** The endpoints whose lists the cross-check names. */
export const LIST_ENDPOINTS = {
  areas: 'GET /catalog/areas',
  tenants: 'GET /catalog/products-filters',
  products: 'GET /catalog/products',
} as const;

function duplicates(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice].sort((a, b) => a - b);
}

/** What the cross-check reads of a product: its id, its areas and its brand's id. */
export type ProductRef = Pick<Product, 'id' | 'areas'> & { tenant: Pick<Tenant, 'id'> };

/**
 * The lists against each other: none empty, no id twice, every product's areas and brand present.
 * Throws one line naming every broken record (the first five, and how many more).
 */
export function crossCheck(catalogue: {
  areas: readonly Area[];
  tenants: readonly Tenant[];
  products: readonly ProductRef[];
}): void {
  const problems: string[] = [];
  for (const list of ['areas', 'tenants', 'products'] as const) {
    if (catalogue[list].length === 0) {
      problems.push(
        `${LIST_ENDPOINTS[list]} answered an empty list: a catalogue without ${list} is not published`,
      );
      continue;
    }
    const twice = duplicates(catalogue[list].map((entry) => entry.id));
    if (twice.length) problems.push(`${LIST_ENDPOINTS[list]} lists the same id twice: ${twice.join(', ')}`);
  }
  const areaIds = new Set(catalogue.areas.map((area) => area.id));
  const tenantIds = new Set(catalogue.tenants.map((tenant) => tenant.id));
  for (const product of catalogue.products) {
    for (const areaId of product.areas) {
      if (!areaIds.has(areaId)) {
        problems.push(`product ${product.id}: areas: area ${areaId} is not in ${LIST_ENDPOINTS.areas}`);
      }
    }
    if (catalogue.tenants.length && !tenantIds.has(product.tenant.id)) {
      problems.push(
        `product ${product.id}: tenant.id: brand ${product.tenant.id} is not in ${LIST_ENDPOINTS.tenants}`,
      );
    }
  }
  if (problems.length) throw new CatalogueCheckError(summarise(problems));
}

/** True for a URL a page may put in an `href` or a `src`: http or https only. */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks every URL of a record that would end up in an `href` or a `src`: one that is not http or https
 * (`javascript:`, `data:`…) is dropped (an image falls back to the fallback image, a link or a video is
 * left out), and each drop is named in `warnings`, for the build's log. One record at a time, so a
 * product can be checked as its page of the list arrives.
 */
export function urlGuard(fallbackImage: string, warnings: string[]) {
  const check = <T extends string | null>(value: T, record: string, field: string, replacement: T): T => {
    if (value === null || value === fallbackImage || isWebUrl(value)) return value;
    warnings.push(
      `${record}: ${field}: ${JSON.stringify(value.slice(0, 60))} dropped (only http and https links are published)`,
    );
    return replacement;
  };
  const tenant = (t: Tenant, record = `brand ${t.id}`): Tenant => ({
    ...t,
    logoSrc: check(t.logoSrc, record, 'logoSrc', fallbackImage),
    officialSiteUrl: check(t.officialSiteUrl, record, 'officialSiteUrl', null),
  });
  return {
    area: (area: Area): Area => ({
      ...area,
      imageSrc: check(area.imageSrc, `area ${area.id}`, 'imageSrc', fallbackImage),
    }),
    tenant: (t: Tenant): Tenant => tenant(t),
    product: (product: Product): Product => {
      const record = `product ${product.id}`;
      return {
        ...product,
        images: product.images.filter(
          (image, i) => check(image.src, record, `images[${i}].src`, null) !== null,
        ),
        videoSrc: check(product.videoSrc, record, 'videoSrc', null),
        tenant: tenant(product.tenant, record),
        variants: product.variants.map((variant, i) => ({
          ...variant,
          image:
            variant.image && check(variant.image.src, record, `variants[${i}].image.src`, null) === null
              ? null
              : variant.image,
        })),
      };
    },
  };
}

/** The catalogue with every URL checked (urlGuard), and the warnings naming what was dropped. */
export function dropUnsafeUrls(
  catalogue: Catalogue,
  fallbackImage: string,
): { catalogue: Catalogue; warnings: string[] } {
  const warnings: string[] = [];
  const guard = urlGuard(fallbackImage, warnings);
  const areas = catalogue.areas.map(guard.area);
  const tenants = catalogue.tenants.map(guard.tenant);
  const products = catalogue.products.map(guard.product);
  return { catalogue: { areas, tenants, products }, warnings };
}
