// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { FALLBACK_IMAGE_SRC } from '../lib/images.ts';
import { CataloguePicture } from './CataloguePicture.tsx';
import { catalogueImageHtml } from './catalogue-image-html.ts';
import { domTree } from './dom-tree.ts';
import type { PicturePriority } from './picture-loading.ts';

describe('a catalogue picture', () => {
  it('is the same DOM tree from the React component and from the markup writer the pages use', () => {
    const cases = [
      {
        src: 'https://img.example.jp/products/1.jpg',
        size: 256,
        alt: '',
        priority: true,
        className: 'h-full',
      },
      { src: 'https://img.example.jp/p/a b.jpg?x=1&y="2"', size: 768, alt: `"羊羹" & 'もなか'` },
      { src: 'https://img.example.jp/products/3.jpg', size: 256, alt: '', priority: 'low' as const },
      { src: 'https://img.example.jp/products/2.jpg', size: 768, alt: '', sizes: 'calc(92vw - 61px)' },
      { src: null, size: 256, alt: '画像なし' },
      { src: FALLBACK_IMAGE_SRC, size: 32, alt: 'ロゴ', className: 'rounded-full' },
    ];
    for (const { className, ...props } of cases) {
      const react = renderToString(<CataloguePicture {...props} {...(className ? { className } : {})} />);
      const written = catalogueImageHtml({ ...props, ...(className ? { class: className } : {}) });
      expect(domTree(written), JSON.stringify(props)).toBe(domTree(react));
    }
  });
});

describe('how a picture loads', () => {
  it("loads the page's largest picture at once and first, one behind the page's own last, any other lazily", () => {
    const attributes = (priority: PicturePriority = false) => {
      const html = catalogueImageHtml({
        src: 'https://img.example.jp/products/1.jpg',
        size: 256,
        alt: '',
        priority,
      });
      return [...html.matchAll(/ (loading|decoding|fetchpriority)="([^"]+)"/g)].map(
        ([, name, value]) => `${name}=${value}`,
      );
    };
    expect(attributes(true)).toEqual(['loading=eager', 'decoding=sync', 'fetchpriority=high']);
    expect(attributes('low')).toEqual(['loading=lazy', 'decoding=async', 'fetchpriority=low']);
    expect(attributes()).toEqual(['loading=lazy', 'decoding=async', 'fetchpriority=auto']);
  });
});
