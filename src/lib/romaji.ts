/**
 * Kana written in Latin letters, Hepburn style, for brand names the catalog API gives in Japanese only: chat
 * shows a visitor `Komorebi` for こもれび and finds the brand when they type it. Kanji are left as they are
 * (their reading is not in the text), and so is anything else. Long vowels are written without macrons, as
 * names usually are in Latin letters (ルミエール → Rumieru, こうじ → kouji); searches fold `ou` and doubled
 * vowels (src/features/chat/search-index.ts). The registry's romanisers write names otherwise: wanakana
 * gives ルミエール as "rumieeru", hepburn as "RUMIĒRU" (docs/decisions.md, "Brand names in the chat language").
 */

// biome-ignore format: a table reads best in the kana chart's rows
const SYLLABLES: Record<string, string> = {
  あ: 'a', い: 'i', う: 'u', え: 'e', お: 'o',
  か: 'ka', き: 'ki', く: 'ku', け: 'ke', こ: 'ko',
  さ: 'sa', し: 'shi', す: 'su', せ: 'se', そ: 'so',
  た: 'ta', ち: 'chi', つ: 'tsu', て: 'te', と: 'to',
  な: 'na', に: 'ni', ぬ: 'nu', ね: 'ne', の: 'no',
  は: 'ha', ひ: 'hi', ふ: 'fu', へ: 'he', ほ: 'ho',
  ま: 'ma', み: 'mi', む: 'mu', め: 'me', も: 'mo',
  や: 'ya', ゆ: 'yu', よ: 'yo',
  ら: 'ra', り: 'ri', る: 'ru', れ: 're', ろ: 'ro',
  わ: 'wa', ゐ: 'i', ゑ: 'e', を: 'o', ん: 'n',
  が: 'ga', ぎ: 'gi', ぐ: 'gu', げ: 'ge', ご: 'go',
  ざ: 'za', じ: 'ji', ず: 'zu', ぜ: 'ze', ぞ: 'zo',
  だ: 'da', ぢ: 'ji', づ: 'zu', で: 'de', ど: 'do',
  ば: 'ba', び: 'bi', ぶ: 'bu', べ: 'be', ぼ: 'bo',
  ぱ: 'pa', ぴ: 'pi', ぷ: 'pu', ぺ: 'pe', ぽ: 'po',
  ゔ: 'vu',
  ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o', ゃ: 'ya', ゅ: 'yu', ょ: 'yo', ゎ: 'wa',
};

/** A syllable ending in `i` or `u` and a small kana after it make one sound: き+ゃ → kya, ふ+ぁ → fa. */
const SMALL_Y: Record<string, string> = { ゃ: 'a', ゅ: 'u', ょ: 'o' };
const SMALL_VOWEL: Record<string, string> = { ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o' };

/** Katakana (full width, after NFKC) as hiragana: the table above has one of each. */
function hiragana(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u30a1-\u30f6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
}

/** One kana, or a kana with the small kana after it, in Latin letters; undefined when `kana` is none. */
function sound(kana: string, small: string | undefined): { latin: string; used: number } | undefined {
  const base = SYLLABLES[kana];
  if (base === undefined) return undefined;
  if (small !== undefined && base.length > 1) {
    const stem = base.slice(0, -1);
    if (SMALL_Y[small] !== undefined && base.endsWith('i')) {
      // sh, ch and j take the vowel directly (しゃ sha, ちゅ chu, じょ jo); the rest keep y (きゃ kya).
      const palatal = stem === 'sh' || stem === 'ch' || stem === 'j';
      return { latin: `${stem}${palatal ? '' : 'y'}${SMALL_Y[small]}`, used: 2 };
    }
    const vowel = SMALL_VOWEL[small];
    if (vowel !== undefined) {
      // ティ ti, ディ di, ファ fa, ウィ wi, ヴァ va, シェ she, チェ che, ジェ je.
      if (kana === 'て' || kana === 'で') return { latin: `${stem}${vowel}`, used: 2 };
      if (kana === 'ふ' || kana === 'ゔ') return { latin: `${stem}${vowel}`, used: 2 };
      if (base.endsWith('i') && vowel === 'e') return { latin: `${stem}e`, used: 2 };
    }
  }
  if (small !== undefined && kana === 'う' && SMALL_VOWEL[small] !== undefined) {
    return { latin: `w${SMALL_VOWEL[small]}`, used: 2 };
  }
  return { latin: base, used: 1 };
}

/** The kana of a text in lower-case Hepburn; every other character is kept. */
export function romaniseKana(text: string): string {
  const chars = [...hiragana(text)];
  let out = '';
  let doubled = false;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === 'っ') {
      doubled = true;
      continue;
    }
    if (char === 'ー') continue;
    const found = sound(char, chars[i + 1]);
    if (!found) {
      out += char;
      doubled = false;
      continue;
    }
    let { latin } = found;
    if (doubled) latin = latin.startsWith('ch') ? `t${latin}` : `${latin[0]}${latin}`;
    doubled = false;
    out += latin;
    i += found.used - 1;
  }
  return out;
}

/** True when a text holds kana or kanji (Chinese characters count as kanji). */
export function hasKanaOrKanji(text: string): boolean {
  return /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/.test(text);
}

/**
 * A Japanese name in Latin letters, each word capitalised (こもれび → Komorebi), or undefined when the name
 * holds kanji or anything else the romaniser cannot read.
 */
export function romanisedName(name: string): string | undefined {
  const latin = romaniseKana(name).replace(/[・･]/g, ' ');
  if (hasKanaOrKanji(latin)) return undefined;
  return latin.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`,
  );
}
