// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrandFilter, type BrandFilterLabels } from './BrandFilter.tsx';

const labels: BrandFilterLabels = {
  title: 'ブランドで絞り込む',
  selectedCount: '{count}件選択中',
  search: 'ブランド名で検索',
  brands: 'ブランド',
  more: 'ブランドをもっと見る',
  reset: 'リセット',
  results: '結果を見る（{count}点）',
  loading: '読み込み中…',
  noMatch: '該当するブランドはありません。',
  selected: '絞り込み中のブランド',
  officialSite: '{name}の公式サイト',
  officialSiteShort: '公式サイト',
  newTab: '（新しいタブで開きます）',
};
const icons = { open: 'M0 0', newTab: 'M0 0' };
const brands = [
  { id: 1, name: '京菓子司 香月堂', logoSrc: 'http://img.test/1.png', officialSiteUrl: null },
  { id: 2, name: '茶舗 翠園', logoSrc: 'http://img.test/2.png', officialSiteUrl: null },
];

afterEach(cleanup);

describe('the brand filter on a phone', () => {
  it('says what the chosen brands find, and its button closes the filter onto the list', () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    const { container } = render(
      <BrandFilter
        brands={brands}
        selected={[1]}
        onChange={() => {}}
        labels={labels}
        icons={icons}
        found={7}
      />,
    );
    const details = container.querySelector('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent.click(screen.getByRole('button', { name: '結果を見る（7点）' }));
    expect(details.open).toBe(false);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('waits for the list while the chosen brands load, and offers nothing with no brand chosen', () => {
    const { rerender } = render(
      <BrandFilter brands={brands} selected={[1]} onChange={() => {}} labels={labels} icons={icons} />,
    );
    expect((screen.getByRole('button', { name: '読み込み中…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <BrandFilter
        brands={brands}
        selected={[]}
        onChange={() => {}}
        labels={labels}
        icons={icons}
        found={25}
      />,
    );
    expect(screen.queryByRole('button', { name: /結果を見る/ })).toBeNull();
  });
});
