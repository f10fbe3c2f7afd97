import { MAIN_SIZE, responsiveImage, THUMBNAIL_SIZE } from './images.ts';
import { LOGO_SIZES, PICTURE_SIZES, pictureRenders } from './picture-sizes.ts';

describe('the lists of picture sizes and renders', () => {
  const src = 'http://localhost:4321/api/images/products/12.jpg';

  it('lists every render a picture asks for, and only those: what the image host renders ahead', () => {
    const asked = (size: number, sizes?: string) => {
      const image = responsiveImage(src, size, sizes);
      const urls = [
        image.src,
        ...image.sources.flatMap((s) => s.srcset.split(', ').map((c) => c.split(' ')[0])),
      ];
      return new Set(urls);
    };
    const listed = (size: number) =>
      new Set(pictureRenders(size).map((r) => `${src}?width=${r.size}&height=${r.size}&format=${r.format}`));
    for (const size of new Set(Object.values(PICTURE_SIZES).flat())) {
      expect(asked(size), `${size}`).toEqual(listed(size));
      expect(asked(size, '100vw'), `${size}, by width`).toEqual(listed(size));
    }
  });

  it('names every display size of each kind of picture', () => {
    expect(PICTURE_SIZES).toEqual({
      products: [THUMBNAIL_SIZE, MAIN_SIZE],
      areas: [MAIN_SIZE],
      tenants: [LOGO_SIZES.beside, LOGO_SIZES.list, LOGO_SIZES.page, LOGO_SIZES.chatList],
    });
  });
});
