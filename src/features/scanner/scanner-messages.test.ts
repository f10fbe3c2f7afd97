import { localeStrings } from '../../i18n/build-time.ts';
import { fill } from './fill.ts';
import { SCANNER_MESSAGE_KEYS, scannerMessages } from './scanner-messages.ts';

describe('the scanner’s strings', () => {
  it('have a Japanese text for every message, under scanner.* keys', () => {
    const messages = scannerMessages((key) => localeStrings('ja')[key] ?? `missing ${key}`);
    expect(Object.values(messages).filter((text) => text.startsWith('missing'))).toEqual([]);
    expect(Object.values(SCANNER_MESSAGE_KEYS).every((key) => key.startsWith('scanner.'))).toBe(true);
  });

  it('take any key lookup, such as chat mode’s', () => {
    expect(scannerMessages((key) => `en:${key}`).close).toBe('en:scanner.close');
  });

  it('fill what was scanned as plain text', () => {
    expect(fill('別のサイト（{host}）', { host: '<b>x</b>' })).toBe('別のサイト（<b>x</b>）');
    expect(fill('「{text}」', {})).toBe('「{text}」');
  });
});
