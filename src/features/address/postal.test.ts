import { hangingFetch } from '../../../tests/fixtures/network.ts';
import { buildPostalFiles, cleanCityTown, clearPostalCache, lookupPostal, postalFill } from './postal.ts';

describe('postal-code data from KEN_ALL', () => {
  it('drops KEN_ALL notes in brackets and reduces X一円 to X', () => {
    expect(cleanCityTown('千代田区大手町（次のビルを除く）')).toBe('千代田区大手町');
    expect(cleanCityTown('港区芝（１〜３丁目）')).toBe('港区芝');
    expect(cleanCityTown('利島村利島村一円')).toBe('利島村');
    expect(cleanCityTown('南佐久郡北相木村北相木村一円')).toBe('南佐久郡北相木村');
    expect(cleanCityTown('犬上郡多賀町一円')).toBe('犬上郡多賀町一円');
    expect(cleanCityTown('千代田区千代田')).toBe('千代田区千代田');
  });

  it('splits the codes into one small file per 3-digit prefix, with prefecture indexes', () => {
    const files = buildPostalFiles({
      '1000001': { 東京都: ['千代田区千代田'] },
      '1000004': { 東京都: ['千代田区大手町（次のビルを除く）', '千代田区大手町（次のビルを除く）'] },
      '0040000': { 北海道: ['札幌市厚別区', '札幌市清田区'] },
      '9999999': { 架空県: ['どこか'] },
      bad: { 東京都: ['x'] },
    });
    expect([...files.keys()].sort()).toEqual(['004', '100']);
    expect(files.get('100')).toEqual({
      '0001': [[12, '千代田区千代田']],
      '0004': [[12, '千代田区大手町']],
    });
    expect(files.get('004')).toEqual({
      '0000': [
        [0, '札幌市厚別区'],
        [0, '札幌市清田区'],
      ],
    });
  });

  it('fills all of a single place, the shared municipality of several, and nothing for none', () => {
    expect(postalFill([[12, '千代田区千代田']])).toEqual({
      kind: 'found',
      prefecture: '東京都',
      city: '千代田区千代田',
    });
    expect(
      postalFill([
        [0, '札幌市厚別区'],
        [0, '札幌市清田区'],
      ]),
    ).toEqual({ kind: 'several', prefecture: '北海道', city: '札幌市' });
    expect(postalFill([[22, '豊橋市岩田町居村、北郷中']])).toEqual({
      kind: 'several',
      prefecture: '愛知県',
      city: '豊橋市岩田町',
    });
    expect(
      postalFill([
        [22, '弥富市'],
        [23, '桑名郡木曽岬町'],
      ]),
    ).toEqual({ kind: 'several', prefecture: undefined, city: undefined });
    expect(postalFill([])).toEqual({ kind: 'none', prefecture: undefined, city: undefined });
  });

  describe('lookup in the browser', () => {
    beforeEach(() => clearPostalCache());

    it('fetches only the prefix file, once', async () => {
      const fetchFile = vi.fn(async () => Response.json({ '0001': [[12, '千代田区千代田']] }));
      expect(await lookupPostal('1000001', fetchFile)).toEqual([[12, '千代田区千代田']]);
      expect(await lookupPostal('1000002', fetchFile)).toEqual([]);
      expect(fetchFile).toHaveBeenCalledTimes(1);
      expect(fetchFile).toHaveBeenCalledWith('/postal/100.json', expect.anything());
    });

    it('reads a missing prefix file as no such code, and a failed fetch as no data (tried again later)', async () => {
      expect(await lookupPostal('9990000', async () => new Response('', { status: 404 }))).toEqual([]);
      const failing = vi.fn(async () => {
        throw new TypeError('offline');
      });
      expect(await lookupPostal('1000001', failing)).toBeNull();
      expect(
        await lookupPostal('1000001', async () => Response.json({ '0001': [[12, '千代田区千代田']] })),
      ).toEqual([[12, '千代田区千代田']]);
    });

    it('gives up a file that does not answer in ten seconds: no auto-fill, and the next keystroke tries again', async () => {
      vi.useFakeTimers();
      try {
        const lookup = lookupPostal('1000001', hangingFetch);
        await vi.advanceTimersByTimeAsync(10_000);
        expect(await lookup).toBeNull();
      } finally {
        vi.useRealTimers();
      }
      expect(
        await lookupPostal('1000001', async () => Response.json({ '0001': [[12, '千代田区千代田']] })),
      ).toEqual([[12, '千代田区千代田']]);
    });
  });
});
