import { describe, expect, it } from 'vitest';
import { checkGift, DEFAULT_NOSHI_TITLES, MESSAGE_MAX, NOSHI_NAME_MAX, noshiPrinted } from './gift-rules.ts';

const line = { accepts: true, shipped: true, current: null, titles: DEFAULT_NOSHI_TITLES };

describe('a line’s のし and message card', () => {
  it('prints the のし as the store does: placement, 表書き, 名入れ', () => {
    expect(noshiPrinted({ title: '御歳暮', placement: 'outside', name: '山田' })).toBe(
      '外のし・御歳暮・名入れ 山田',
    );
    expect(noshiPrinted({ title: '内祝', placement: 'inside', name: null })).toBe('内のし・内祝');
  });

  it('offers the default 表書き in the store’s order', () => {
    expect(DEFAULT_NOSHI_TITLES).toEqual(['御歳暮', '御中元', '内祝', '御礼', '御祝', '寿', '志', '無地']);
  });

  it('accepts a known 表書き with a trimmed name, and an empty name as none', () => {
    expect(checkGift({ noshi: { title: '御歳暮', placement: 'outside', name: ' 山田 ' } }, line)).toEqual({
      ok: true,
      gift: { noshi: { title: '御歳暮', placement: 'outside', name: '山田' }, message: null },
    });
    expect(checkGift({ noshi: { title: '志', placement: 'inside', name: '' } }, line)).toEqual({
      ok: true,
      gift: { noshi: { title: '志', placement: 'inside', name: null }, message: null },
    });
  });

  it('refuses a 表書き the store does not print', () => {
    const result = checkGift({ noshi: { title: '御見舞', placement: 'outside' } }, line);
    expect(result).toMatchObject({
      ok: false,
      first: 'unknownTitle',
      reasons: { 'noshi.title': 'unknownTitle' },
    });
  });

  it(`refuses a name over ${NOSHI_NAME_MAX} characters, counting what the shopper sees`, () => {
    const name = '𠮷'.repeat(NOSHI_NAME_MAX);
    expect(checkGift({ noshi: { title: '御礼', placement: 'outside', name } }, line).ok).toBe(true);
    expect(
      checkGift({ noshi: { title: '御礼', placement: 'outside', name: `${name}田` } }, line),
    ).toMatchObject({
      ok: false,
      first: 'nameTooLong',
    });
  });

  it('refuses control characters in the name and in the message, newlines in the message aside', () => {
    expect(checkGift({ noshi: { title: '御礼', placement: 'outside', name: '山\n田' } }, line)).toMatchObject(
      {
        first: 'control',
      },
    );
    expect(checkGift({ message: 'ありがとう\u0007' }, line)).toMatchObject({ first: 'control' });
    expect(checkGift({ message: 'いつも\r\nありがとう' }, line)).toEqual({
      ok: true,
      gift: { noshi: null, message: 'いつも\nありがとう' },
    });
  });

  it('refuses emoji in the name and in the message (they cannot be printed); marks, kanji and Hangul pass', () => {
    const name = (text: string) =>
      checkGift({ noshi: { title: '御礼', placement: 'outside', name: text } }, line);
    for (const emoji of ['山田🎁', '山田❤️', 'ありがとう✨', '🇯🇵', '1️⃣', '👨‍👩‍👧']) {
      expect(name(emoji), emoji).toMatchObject({
        ok: false,
        first: 'pictograph',
        reasons: { 'noshi.name': 'pictograph' },
      });
      expect(checkGift({ message: emoji }, line), emoji).toMatchObject({
        ok: false,
        reasons: { message: 'pictograph' },
      });
    }
    // What a Japanese printer prints, and a tourist's own script: ★☆♪♡〒※ and 𠮷 (outside the BMP), 한글.
    for (const text of ['★山田☆', '𠮷田', '김민준', '〒※♪♡', 'John & Mary ©']) {
      expect(name(text).ok, text).toBe(true);
      expect(checkGift({ message: text }, line).ok, text).toBe(true);
    }
  });

  it('refuses のし on a product that takes none', () => {
    expect(
      checkGift({ noshi: { title: '御歳暮', placement: 'outside' } }, { ...line, accepts: false }),
    ).toMatchObject({ ok: false, first: 'notAccepted' });
  });

  it(`refuses a message over ${MESSAGE_MAX} characters and a card on a line picked up`, () => {
    expect(checkGift({ message: 'あ'.repeat(MESSAGE_MAX) }, line).ok).toBe(true);
    expect(checkGift({ message: 'あ'.repeat(MESSAGE_MAX + 1) }, line)).toMatchObject({
      first: 'messageTooLong',
    });
    expect(checkGift({ message: 'おめでとう' }, { ...line, shipped: false })).toMatchObject({
      first: 'messageNotShipped',
    });
  });

  it('keeps what the line has for a field left out, and gives none when both are taken off', () => {
    const current = {
      noshi: { title: '寿', placement: 'inside' as const, name: null },
      message: 'おめでとう',
    };
    expect(checkGift({ message: null }, { ...line, current })).toEqual({
      ok: true,
      gift: { noshi: current.noshi, message: null },
    });
    expect(checkGift({ noshi: null, message: '' }, { ...line, current })).toEqual({ ok: true, gift: null });
  });
});
