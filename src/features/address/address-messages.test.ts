import { addressMessages } from './address-messages.ts';
import { JAPANESE_MESSAGES, PREFECTURES } from './address-rules.ts';
import { type AddressKey, t } from './address-strings.ts';

describe('the address messages', () => {
  it('are the rules’ Japanese (the API’s words) on the web catalogue', () => {
    expect(addressMessages()).toBe(JAPANESE_MESSAGES);
  });

  it('say in address/ja.json what the rules say in Japanese, so chat’s keys cannot drift from them', () => {
    expect(t('address.error.postalFormat')).toBe(JAPANESE_MESSAGES.postalFormat);
    expect(t('address.error.phoneFormat')).toBe(JAPANESE_MESSAGES.phoneFormat);
    expect(t('address.error.kanaFormat')).toBe(JAPANESE_MESSAGES.kanaFormat);
    expect(t('address.error.phoneInternational')).toBe(JAPANESE_MESSAGES.phoneInternational);
    expect(t('address.error.dateTooEarly', { date: '2025年1月18日' })).toBe(
      JAPANESE_MESSAGES.dateTooEarly('2025-01-18'),
    );
    expect(t('address.error.required', { label: '氏名' })).toBe(JAPANESE_MESSAGES.required('name'));
  });

  it('name each prefecture in address/ja.json as the rules do, in the same order (the form shows these)', () => {
    expect(PREFECTURES.map((_, index) => t(`address.prefecture.${index + 1}` as AddressKey))).toEqual(
      PREFECTURES,
    );
  });

  it('follow the page’s translator in chat mode, the field named by its label', async () => {
    // A page of its own: chat mode lasts for the rest of a page's life, and the other tests are on the web.
    vi.resetModules();
    const { enterChat } = await import('../../lib/mode.ts');
    const { addressMessages } = await import('./address-messages.ts');
    const { t } = await import('./address-strings.ts');
    enterChat('en');
    const messages = addressMessages();
    expect(messages).not.toBe(JAPANESE_MESSAGES);
    expect(messages.postalFormat).toBe(t('address.error.postalFormat'));
    expect(messages.required('city')).toBe(t('address.error.required', { label: t('address.city') }));
    expect(messages.dateTooEarly('2025-01-18')).toBe(t('address.error.dateTooEarly', { date: '2025-01-18' }));
  });
});
