import { municipalityOf } from './orders.ts';

describe('the municipality of a 市区町村 field, all a masked address shows of it', () => {
  test.each([
    ['渋谷区神宮前', '渋谷区'],
    ['千代田区千代田', '千代田区'],
    ['横浜市中区山下町', '横浜市中区'],
    ['京都市左京区下鴨', '京都市左京区'],
    ['町田市原町田', '町田市'],
    ['市川市八幡', '市川市'],
    ['西多摩郡瑞穂町箱根ケ崎', '西多摩郡瑞穂町'],
    ['札幌市', '札幌市'],
  ])('%s → %s', (city, municipality) => {
    expect(municipalityOf(city)).toBe(municipality);
  });

  test('free text that names no municipality shows nothing of it', () => {
    expect(municipalityOf('神宮前1-2-3')).toBe('');
    expect(municipalityOf('')).toBe('');
  });
});
