import { everydayWordsFor } from './search-words.ts';

describe('the everyday words for the catalogue goods', () => {
  it('gives a Korean towel 수건 and a matcha 녹차, whatever the spelling of the term', () => {
    expect(everydayWordsFor('ko', ['이마바리 타월'])).toEqual(['수건']);
    expect(everydayWordsFor('ko', ['거즈 타올'])).toEqual(['수건']);
    expect(everydayWordsFor('ko', ['우지 말차', '맷돌로 천천히 갈아'])).toEqual(['녹차']);
    expect(everydayWordsFor('ko', ['준마이 다이긴조'])).toEqual(['사케', '일본술']);
  });

  it('gives green tea and sake in English, 绿茶 in Chinese, from the title or the description', () => {
    expect(everydayWordsFor('en', ['Fukamushi Sencha'])).toEqual(['green tea']);
    expect(everydayWordsFor('en', ['Junmai Daiginjo'])).toEqual(['sake']);
    expect(everydayWordsFor('zh', ['特上玉露'])).toEqual(['绿茶']);
    expect(everydayWordsFor('zh', ['礼盒', '用石磨慢慢研磨的抹茶。'])).toEqual(['绿茶']);
  });

  it('gives nothing to goods none of whose words is a term', () => {
    expect(everydayWordsFor('ko', ['일본 홍차'])).toEqual([]);
    expect(everydayWordsFor('en', ['Japanese Black Tea'])).toEqual([]);
  });
});
