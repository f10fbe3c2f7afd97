import { aliasFromPath, isAlias } from './routes.ts';

const ALIAS = 'aZ09_-'.repeat(4);

describe('aliases in per-visitor URLs', () => {
  it('accepts 16 to 64 URL-safe characters, as the contract says', () => {
    expect(isAlias('a'.repeat(16))).toBe(true);
    expect(isAlias('a'.repeat(64))).toBe(true);
    expect(isAlias('a'.repeat(15))).toBe(false);
    expect(isAlias('a'.repeat(65))).toBe(false);
    expect(isAlias(`${'a'.repeat(16)}.`)).toBe(false);
  });

  it('reads the alias after its section, with or without a trailing slash or /complete', () => {
    expect(aliasFromPath(`/qr/${ALIAS}/`, 'qr')).toBe(ALIAS);
    expect(aliasFromPath(`/order/${ALIAS}`, 'order')).toBe(ALIAS);
    expect(aliasFromPath(`/address/${ALIAS}/complete/`, 'address')).toBe(ALIAS);
  });

  it('gives null for a missing, malformed or foreign alias (the page shows 404 without calling the API)', () => {
    expect(aliasFromPath('/qr/', 'qr')).toBeNull();
    expect(aliasFromPath('/qr/_/', 'qr')).toBeNull();
    expect(aliasFromPath('/qr/%E0%A4%A/', 'qr')).toBeNull();
    expect(aliasFromPath(`/qr/${ALIAS}<script>/`, 'qr')).toBeNull();
    expect(aliasFromPath(`/order/${ALIAS}/`, 'qr')).toBeNull();
  });
});
