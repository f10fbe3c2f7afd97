// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carriedPicture, keepCarriedPicture } from './carried-picture.ts';

const PICTURE = 'https://catalog.example/images/products/25.jpg';

describe('the picture a Japanese product page hands to chat', () => {
  beforeEach(() => {
    // Storage given back before it is emptied: a test before may have refused it.
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('is kept for the product the redirect carries, and for that product only', () => {
    keepCarriedPicture(12, PICTURE);
    expect(carriedPicture(12)).toBe(PICTURE);
    expect(carriedPicture(13)).toBeNull();
    expect(carriedPicture(0)).toBeNull();
  });

  it('is none when nothing was kept, or what storage holds does not parse', () => {
    expect(carriedPicture(12)).toBeNull();
    sessionStorage.setItem('chat.carried-picture', '{not json');
    expect(carriedPicture(12)).toBeNull();
    sessionStorage.setItem('chat.carried-picture', '"a string"');
    expect(carriedPicture(12)).toBeNull();
    sessionStorage.setItem('chat.carried-picture', JSON.stringify({ productId: '12', src: PICTURE }));
    expect(carriedPicture(12)).toBeNull();
  });

  it('is none when its address is not an http(s) address', () => {
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/images/25.jpg', '']) {
      keepCarriedPicture(12, src);
      expect(carriedPicture(12), src).toBeNull();
    }
  });

  it('is none, and keeping it fails quietly, when storage is refused', () => {
    keepCarriedPicture(12, PICTURE);
    // As a browser that blocks site data does: reading `sessionStorage` at all throws.
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => keepCarriedPicture(12, PICTURE)).not.toThrow();
    expect(carriedPicture(12)).toBeNull();
  });
});
