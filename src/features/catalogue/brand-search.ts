/**
 * Brand search for the area page's brand filter. Japanese names are typed many ways, so both sides are
 * normalised the cheap way: NFKC (full-width letters and digits, half-width kana), lower case, katakana as
 * hiragana, no spaces. 「こうげつどう」 does not find 「香月堂」 (no kanji readings), 「ﾙﾐｴｰﾙ」 finds 「ルミエール」.
 */

/** A name or query in the form searches compare. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '');
}

/** The brands whose name contains the query; every brand for an empty query. */
export function searchBrands<T extends { name: string }>(brands: readonly T[], query: string): T[] {
  const wanted = normalizeForSearch(query);
  if (!wanted) return [...brands];
  return brands.filter((brand) => normalizeForSearch(brand.name).includes(wanted));
}
