import { formatPhone } from './phone.ts';

describe('a phone number, the Japanese way', () => {
  it('splits mobile and IP numbers 3-4-4', () => {
    expect(formatPhone('09012345678')).toBe('090-1234-5678');
    expect(formatPhone('08012345678')).toBe('080-1234-5678');
    expect(formatPhone('05012345678')).toBe('050-1234-5678');
  });

  it('splits Tokyo and Osaka 2-4-4, other landlines 3-3-4', () => {
    expect(formatPhone('0312345678')).toBe('03-1234-5678');
    expect(formatPhone('0612345678')).toBe('06-1234-5678');
    expect(formatPhone('0451234567')).toBe('045-123-4567');
  });

  it('splits toll-free numbers 4-3-3 or 4-3-4', () => {
    expect(formatPhone('0120123456')).toBe('0120-123-456');
    expect(formatPhone('08001234567')).toBe('0800-123-4567');
  });

  it('reads a number already written with hyphens the same way', () => {
    expect(formatPhone('090-1234-5678')).toBe('090-1234-5678');
  });

  it('writes a Japanese number stored in E.164 as shoppers write it, and one from abroad as stored', () => {
    expect(formatPhone('+819012345678')).toBe('090-1234-5678');
    expect(formatPhone('+81312345678')).toBe('03-1234-5678');
    expect(formatPhone('+821012345678')).toBe('+821012345678');
  });

  it('leaves anything else as it is', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});
