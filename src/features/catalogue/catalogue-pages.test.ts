import type { Area } from '../../lib/catalog/types.ts';
import { sortAreas } from './catalogue-pages.ts';

const area = (id: number, place: Area['place']): Area => ({
  id,
  place,
  imageSrc: 'http://i.test/a.jpg',
  description: '',
});

describe('catalogue pages', () => {
  it('orders areas BASE A to BASE D', () => {
    expect(sortAreas([area(3, 'c'), area(1, 'a'), area(4, 'd'), area(2, 'b')]).map((a) => a.place)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
