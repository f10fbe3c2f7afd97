import { HOSTILE_HTML, TENANTS } from './i18n-data.ts';
import { generateProduct } from './seed.ts';

const KANA_OR_KANJI = /[\u3040-\u30ff\u3400-\u9fff]/;

describe('the demo catalogue in translation', () => {
  it('names no brand in Japanese inside an English, Chinese or Korean description', () => {
    const named: string[] = [];
    for (let id = 1; id <= 100; id++) {
      const product = generateProduct(id, 1, 1);
      for (const lang of ['en', 'zh', 'ko'] as const) {
        const { descriptionHtml } = product.texts[lang];
        const japanese = TENANTS[product.tenantId - 1]?.name ?? '';
        if (descriptionHtml.includes(japanese)) named.push(`${id} ${lang}: ${japanese}`);
      }
    }
    expect(named).toEqual([]);
  });

  it('writes the English descriptions without Japanese, apart from the hostile sample text', () => {
    const japanese: string[] = [];
    for (let id = 1; id <= 100; id++) {
      const html = generateProduct(id, 1, 1).texts.en.descriptionHtml.replace(HOSTILE_HTML, '');
      if (KANA_OR_KANJI.test(html.replace(/<[^>]*>/g, ''))) japanese.push(`${id}`);
    }
    expect(japanese).toEqual([]);
  });
});
