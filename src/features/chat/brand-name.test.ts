import { chatBrandName, chatBrandNames } from './brand-name.ts';

describe('a brand named in a chat language', () => {
  it('is named as the API names it in the language', () => {
    expect(chatBrandName('洋菓子工房 ルミエール', 'Pâtisserie Lumière')).toEqual({
      name: 'Pâtisserie Lumière',
      ja: false,
    });
  });

  it('is its kana name romanised when the API has no other name, or gives the Japanese one back', () => {
    expect(chatBrandName('こもれび', undefined)).toEqual({ name: 'Komorebi', ja: false });
    expect(chatBrandName('こもれび', 'こもれび')).toEqual({ name: 'Komorebi', ja: false });
  });

  it('is its Japanese name, marked as Japanese, when it holds kanji and the API has no other name', () => {
    expect(chatBrandName('白鷺酒造', undefined)).toEqual({ name: '白鷺酒造', ja: true });
    expect(chatBrandName('白鷺酒造', '白鷺酒造')).toEqual({ name: '白鷺酒造', ja: true });
  });

  it('is named so in each chat language at once, from the names the API has', () => {
    expect(chatBrandNames('白鷺酒造', { en: 'Shirasagi Sake Brewery', ko: '시라사기 주조' })).toEqual({
      en: { name: 'Shirasagi Sake Brewery', ja: false },
      zh: { name: '白鷺酒造', ja: true },
      ko: { name: '시라사기 주조', ja: false },
    });
  });
});
