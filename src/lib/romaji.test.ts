import { hasKanaOrKanji, romanisedName, romaniseKana } from './romaji.ts';

describe('kana in Latin letters (Hepburn)', () => {
  it('writes hiragana and katakana alike', () => {
    expect(romaniseKana('こもれび')).toBe('komorebi');
    expect(romaniseKana('ミノリ')).toBe('minori');
    expect(romaniseKana('ふわり')).toBe('fuwari');
  });

  it('writes し, ち, つ, ふ and じ the Hepburn way', () => {
    expect(romaniseKana('しちつふじ')).toBe('shichitsufuji');
  });

  it('joins a syllable with the small ya, yu, yo after it', () => {
    expect(romaniseKana('きょうと')).toBe('kyouto');
    expect(romaniseKana('しゃちょう')).toBe('shachou');
    expect(romaniseKana('じゅく')).toBe('juku');
    expect(romaniseKana('りょくちゃ')).toBe('ryokucha');
  });

  it('doubles the consonant after a small tsu, and writes tch before ch', () => {
    expect(romaniseKana('ざっか')).toBe('zakka');
    expect(romaniseKana('マッチャ')).toBe('matcha');
  });

  it('drops the long-vowel mark, and reads the sounds of loan words', () => {
    expect(romaniseKana('ルミエール')).toBe('rumieru');
    expect(romaniseKana('ティー')).toBe('ti');
    expect(romaniseKana('カフェ')).toBe('kafe');
    expect(romaniseKana('ファミリー')).toBe('famiri');
    expect(romaniseKana('ウィーン')).toBe('win');
    expect(romaniseKana('シェフ')).toBe('shefu');
  });

  it('reads half-width katakana as full width', () => {
    expect(romaniseKana('ｺﾓﾚﾋﾞ')).toBe('komorebi');
  });

  it('keeps kanji and every other character', () => {
    expect(romaniseKana('暮らしの雑貨 こもれび')).toBe('暮rashino雑貨 komorebi');
    expect(romaniseKana('BASE A')).toBe('BASE A');
  });
});

describe('a brand name in Latin letters', () => {
  it('capitalises each word of a name written in kana', () => {
    expect(romanisedName('こもれび')).toBe('Komorebi');
    expect(romanisedName('ふわり・タオル')).toBe('Fuwari Taoru');
  });

  it('gives nothing for a name with kanji: their reading is not in the text', () => {
    expect(romanisedName('京菓子司 香月堂')).toBeUndefined();
  });

  it('tells text with kana or kanji (or Chinese characters) from the rest', () => {
    expect(hasKanaOrKanji('香月堂')).toBe(true);
    expect(hasKanaOrKanji('ルミエール')).toBe(true);
    expect(hasKanaOrKanji('Lumière 루미에르 露米埃尔')).toBe(true);
    expect(hasKanaOrKanji('Lumière 루미에르')).toBe(false);
  });
});
