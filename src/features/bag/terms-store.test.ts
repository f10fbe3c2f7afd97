// @vitest-environment happy-dom
import { $termsAgreed, agreeToTerms, restoreTermsAgreed } from './terms-store.ts';

beforeEach(() => {
  localStorage.clear();
  $termsAgreed.set(false);
});

describe('the terms-agreed flag', () => {
  it('is kept in localStorage once agreed', () => {
    agreeToTerms();
    expect(localStorage.getItem('terms-agreed:v1')).toBe('true');
    $termsAgreed.set(false);
    restoreTermsAgreed();
    expect($termsAgreed.get()).toBe(true);
  });

  it('reads anything else stored as not agreed', () => {
    localStorage.setItem('terms-agreed:v1', '"yes"');
    restoreTermsAgreed();
    expect($termsAgreed.get()).toBe(false);
  });
});
