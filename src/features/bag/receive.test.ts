import { normalizeReceive } from './receive.ts';

describe('receive per bag line', () => {
  it('is store only when the line says store', () => {
    expect(normalizeReceive('store')).toBe('store');
  });

  it('treats ship and any other value as ship', () => {
    for (const value of ['ship', 'STORE', 'pickup', '', null, undefined, 1, {}]) {
      expect(normalizeReceive(value), String(value)).toBe('ship');
    }
  });
});
