import { readFile } from 'node:fs/promises';
import { guideToBase, isTrackName, TRACK, TRACKED_NAMES } from './tracking.ts';

/** The product's tracked footer and guide elements, verbatim, base letters as the markup writes them. */
const PRODUCT_NAMES = [
  'home',
  'wishlist',
  'bag',
  'brand',
  'guide to base a',
  'guide to base b',
  'guide to base c',
  'guide to base d',
  'time limit',
  'my-card QR code',
  'product list',
  'select again',
  'chat',
  'chat scan',
  'chat bag',
  // The web catalogue's own scan button, tracked as the footer's other elements.
  'scan',
];

const source = (path: string) => readFile(new URL(`../${path}`, import.meta.url), 'utf8');

/** The tracked names a source file uses: `data-track="…"` literals and `TRACK.key` references. */
function trackedIn(code: string): { literals: string[]; keys: string[] } {
  return {
    literals: [...code.matchAll(/data-track=(?:"([^"]*)"|\{\s*['`"]([^'`"]*)['`"]\s*\})/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    ),
    keys: [...code.matchAll(/\bTRACK\.(\w+)/g)].map((m) => m[1] ?? ''),
  };
}

describe('tracked element names', () => {
  it('are exactly the tracked elements the product defines', () => {
    expect([...TRACKED_NAMES]).toEqual(PRODUCT_NAMES);
    expect(new Set(TRACKED_NAMES).size).toBe(TRACKED_NAMES.length);
  });

  it('name the guide to each base by its letter', () => {
    expect(['a', 'b', 'c', 'd'].map((place) => guideToBase(place as 'a'))).toEqual([
      TRACK.guideToBaseA,
      TRACK.guideToBaseB,
      TRACK.guideToBaseC,
      TRACK.guideToBaseD,
    ]);
    expect(isTrackName('guide to base e')).toBe(false);
  });

  const files = {
    header: 'features/site/SiteHeader.astro',
    footer: 'features/site/SiteFooter.astro',
    chat: 'layouts/ChatLayout.astro',
    areaCards: 'features/catalogue/AreaCards.astro',
  };

  it.each(Object.entries(files))('the %s uses only the tracked names', async (_, path) => {
    const { literals, keys } = trackedIn(await source(path));
    expect(literals.filter((name) => !isTrackName(name))).toEqual([]);
    expect(keys.filter((key) => !(key in TRACK))).toEqual([]);
  });

  it('tracks home, brand, wishlist and bag in the header', async () => {
    expect(trackedIn(await source(files.header)).keys.sort()).toEqual(['bag', 'brand', 'home', 'wishlist']);
  });

  it('tracks the scan button and the product list in the footer', async () => {
    expect(trackedIn(await source(files.footer)).keys.sort()).toEqual(['productList', 'scan']);
  });

  it('tracks chat, chat scan and chat bag in the chat layout', async () => {
    expect(trackedIn(await source(files.chat)).keys.sort()).toEqual(['chat', 'chatBag', 'chatScan']);
  });
});
