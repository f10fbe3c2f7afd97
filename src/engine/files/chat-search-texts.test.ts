import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { buildSearchIndex, search } from '../../features/chat/search-index.ts';
import type { Product } from '../../lib/catalog/types.ts';
import { chatSearchTexts, firstParagraph } from './chat-search-texts.ts';

function product(id: number, title: string, descriptionHtml: string, tenant = '今治毛巾工坊'): Product {
  const base = sampleProduct(id, [1], 1);
  return { ...base, title, descriptionHtml, tenant: { ...base.tenant, name: tenant } };
}

describe("chat search's texts from the build", () => {
  it("keeps a description's first paragraph as plain text", () => {
    expect(firstParagraph('<p>A <b>soft</b> towel &amp; more.</p><p>Our story.</p>')).toBe(
      'A soft towel & more.',
    );
    expect(firstParagraph('Soft <script>x()</script>towel')).toBe('Soft towel');
  });

  it('reads the first paragraph alone, whatever markup follows it, and keeps it safe', () => {
    expect(firstParagraph('<P>A <b>soft</b> towel.</P ><div><p>Our story <img src=x onerror=alert(1)>')).toBe(
      'A soft towel.',
    );
    expect(firstParagraph('<p>A <a href="javascript:x()">towel</a> &lt;b&gt;</p><script>')).toBe(
      'A towel <b>',
    );
    expect(firstParagraph('<p>No end <em>tag</em>')).toBe('No end tag');
  });

  it('lets a Korean visitor find a towel by 수건 and a tea by a word of its description', () => {
    const goods = [
      product(1, '이마바리 타월', '<p>빨수록 부드러워지는 도톰한 타월입니다.</p>'),
      product(2, '우지 말차', '<p>맷돌로 천천히 갈아 선명한 색의 말차입니다.</p><p>빨수록</p>'),
    ];
    const index = buildSearchIndex('ko', goods, goods, [], goods, chatSearchTexts('ko'));
    expect(search(index, '수건').products.map((p) => p.id)).toEqual([1]);
    expect(search(index, '녹차').products.map((p) => p.id)).toEqual([2]);
    expect(search(index, '빨수록').products.map((p) => p.id)).toEqual([1]);
  });

  it('lets a Chinese visitor type traditional characters', () => {
    const goods = [product(1, '纱布毛巾', '<p>轻盈易干。</p>'), product(2, '宇治抹茶', '<p>石磨研磨。</p>')];
    const index = buildSearchIndex('zh', goods, goods, [], goods, chatSearchTexts('zh'));
    expect(search(index, '紗布毛巾').products.map((p) => p.id)).toEqual([1]);
    expect(search(index, '綠茶').products.map((p) => p.id)).toEqual([2]);
    expect(search(index, '绿茶').products.map((p) => p.id)).toEqual([2]);
  });
});
