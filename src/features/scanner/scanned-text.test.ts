import { excerpt, readScannedText, type ScannedText } from './scanned-text.ts';

const SITE = 'https://gift.example.jp';
const PAGE = 'http://localhost:4321';
const origins = [PAGE, SITE];
const product = (areaId: number, productId: number): ScannedText => ({ kind: 'product', areaId, productId });
const refused = (reason: string, shown = ''): ScannedText =>
  ({ kind: 'refused', reason, shown }) as ScannedText;

describe('what a scanned code may open', () => {
  it.each([
    ['the canonical product URL on the canonical site', `${SITE}/area/1/products/82/`, product(1, 82)],
    ['the canonical product URL on the page’s own origin', `${PAGE}/area/3/products/7/`, product(3, 7)],
    ['the canonical URL without its last slash', `${SITE}/area/2/products/15`, product(2, 15)],
    [
      'the canonical URL with a tracking query and a hash (dropped)',
      `${SITE}/area/1/products/2/?utm=tag#top`,
      product(1, 2),
    ],
    ['the legacy query form', `${SITE}/area?id=4&product=99`, product(4, 99)],
    ['the legacy form with a slash', `${SITE}/area/?product=99&id=4`, product(4, 99)],
    ['an upper-case scheme and host', 'HTTPS://GIFT.EXAMPLE.JP/area/1/products/2/', product(1, 2)],
    ['surrounding spaces and a newline', `  ${SITE}/area/1/products/2/\n`, product(1, 2)],
  ])('opens %s', (_, text, expected) => {
    expect(readScannedText(text, origins)).toEqual(expected);
  });

  it.each([
    [
      'another origin',
      'https://evil.example.com/area/1/products/2/',
      refused('other-site', 'evil.example.com'),
    ],
    [
      'a look-alike host',
      'https://gift.example.jp.evil.com/area/1/products/2/',
      refused('other-site', 'gift.example.jp.evil.com'),
    ],
    [
      'our host on another port',
      'https://gift.example.jp:8443/area/1/products/2/',
      refused('other-site', 'gift.example.jp'),
    ],
    [
      'our host over plain http',
      'http://gift.example.jp/area/1/products/2/',
      refused('other-site', 'gift.example.jp'),
    ],
    [
      'an international look-alike host (shown as punycode)',
      'https://gift.exаmple.jp/area/1/products/2/',
      refused('other-site', 'gift.xn--exmple-4nf.jp'),
    ],
    [
      'a protocol-relative URL',
      '//evil.example.com/area/1/products/2/',
      refused('text', '//evil.example.com/area/1/products/2/'),
    ],
    ['javascript:', 'javascript:alert(1)', refused('not-web')],
    ['JavaScript: in mixed case with spaces', ' JaVaScRiPt:alert(document.cookie)', refused('not-web')],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>', refused('not-web')],
    ['a blob: URL of our origin', `blob:${SITE}/1234`, refused('not-web')],
    ['mailto:', 'mailto:shop@gift.example.jp', refused('not-web')],
    ['tel:', 'tel:0312345678', refused('not-web')],
    ['a file: URL', 'file:///etc/passwd', refused('not-web')],
    [
      'credentials before our host',
      `https://user:pass@gift.example.jp/area/1/products/2/`,
      refused('not-product'),
    ],
    ['our home page', `${SITE}/`, refused('not-product')],
    ['our cart page', `${SITE}/cart/`, refused('not-product')],
    ['an area page', `${SITE}/area/1/`, refused('not-product')],
    ['a product path with letters', `${SITE}/area/1/products/abc/`, refused('not-product')],
    ['a product path with a leading zero', `${SITE}/area/01/products/2/`, refused('not-product')],
    ['a product id of ten digits', `${SITE}/area/1/products/1234567890/`, refused('not-product')],
    ['a product id of zero', `${SITE}/area/1/products/0/`, refused('not-product')],
    ['a negative id', `${SITE}/area/1/products/-2/`, refused('not-product')],
    [
      'a path that climbs out (normalised by the parser)',
      `${SITE}/area/1/products/2/../../../cart/`,
      refused('not-product'),
    ],
    ['an encoded slash in the path', `${SITE}/area/1/products/2%2F..%2Fcart/`, refused('not-product')],
    ['a deeper path', `${SITE}/area/1/products/2/extra/`, refused('not-product')],
    ['a legacy URL without a product', `${SITE}/area?id=4`, refused('not-product')],
    ['a legacy URL with the id twice', `${SITE}/area?id=4&id=5&product=9`, refused('not-product')],
    [
      'a legacy URL with an extra parameter',
      `${SITE}/area?id=4&product=9&next=https://evil.example.com`,
      refused('not-product'),
    ],
    ['a legacy URL with a script in its id', `${SITE}/area?id=<script>&product=9`, refused('not-product')],
    ['plain text', 'こんにちは', refused('text', 'こんにちは')],
    [
      'a host without a scheme',
      'gift.example.jp/area/1/products/2/',
      refused('text', 'gift.example.jp/area/1/products/2/'),
    ],
    ['HTML', '<img src=x onerror=alert(1)>', refused('text', '<img src=x onerror=alert(1)>')],
    ['an empty code', '   ', refused('text', '')],
  ])('refuses %s', (_, text, expected) => {
    expect(readScannedText(text, origins)).toEqual(expected);
  });

  it('treats a very long code as text, shown cut short', () => {
    const long = `${SITE}/area/1/products/2/?${'a'.repeat(600)}`;
    const read = readScannedText(long, origins);
    expect(read.kind === 'refused' && read.reason).toBe('text');
    expect(read.kind === 'refused' && read.shown.length).toBe(41);
  });

  it('refuses a URL broken by a control character', () => {
    expect(readScannedText(`${SITE}/area/1/\u0000products/2/`, origins)).toEqual(
      refused('text', `${`${SITE}/area/1/ products/2/`.slice(0, 40)}…`),
    );
  });
});

describe('the excerpt of a refused text', () => {
  it('keeps short text as it is', () => {
    expect(excerpt('ただのテキスト')).toBe('ただのテキスト');
  });

  it('removes invisible direction marks and control characters', () => {
    expect(excerpt('abc\u202Egpj.exe\u0007')).toBe('abc gpj.exe');
  });

  it('cuts between graphemes, never inside an emoji', () => {
    const text = '👨‍👩‍👧'.repeat(45);
    expect(excerpt(text)).toBe(`${'👨‍👩‍👧'.repeat(40)}…`);
  });
});
