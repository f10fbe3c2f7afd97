// @vitest-environment happy-dom

/** The store as a newly loaded page has it: the module evaluated afresh over what is stored. */
async function freshPage() {
  vi.resetModules();
  return import('./terms-store.ts');
}

beforeEach(() => localStorage.clear());

describe('the terms-agreed flag', () => {
  it('is kept in localStorage once agreed', async () => {
    const { agreeToTerms } = await freshPage();
    agreeToTerms();
    expect(localStorage.getItem('terms-agreed:v1')).toBe('true');
    const { $termsAgreed } = await freshPage();
    expect($termsAgreed.get()).toBe(true);
  });

  it('reads anything else stored as not agreed', async () => {
    localStorage.setItem('terms-agreed:v1', '"yes"');
    expect((await freshPage()).$termsAgreed.get()).toBe(false);
    localStorage.setItem('terms-agreed:v1', '{not json');
    expect((await freshPage()).$termsAgreed.get()).toBe(false);
  });

  it('keeps working in memory when the storage refuses to write', async () => {
    const { $termsAgreed, agreeToTerms } = await freshPage();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => agreeToTerms()).not.toThrow();
    expect($termsAgreed.get()).toBe(true);
    setItem.mockRestore();
  });
});
