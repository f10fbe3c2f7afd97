// @vitest-environment happy-dom

import {
  $onboardingSeen,
  hasSeenOnboarding,
  markOnboardingSeen,
  ONBOARDING_KEY,
  shouldOfferOnboarding,
} from './onboarding-store.ts';

beforeEach(() => {
  localStorage.clear();
  $onboardingSeen.set(false);
});

describe('the onboarding dialog', () => {
  it('is offered on a first visit, and no more once seen', () => {
    expect(shouldOfferOnboarding('/')).toBe(true);
    markOnboardingSeen();
    expect(localStorage.getItem(ONBOARDING_KEY)).toBe('true');
    expect(shouldOfferOnboarding('/')).toBe(false);
    expect(shouldOfferOnboarding('/area/1/')).toBe(false);
  });

  it('is marked seen at once on the cart, qr, order and address routes', () => {
    for (const path of ['/cart/', '/qr/AbC123', '/order/x1', '/address/s1/complete']) {
      localStorage.clear();
      expect(shouldOfferOnboarding(path), path).toBe(false);
      expect(hasSeenOnboarding(), path).toBe(true);
    }
  });

  it('is never offered in chat mode: a chat visitor was greeted in their language', () => {
    for (const path of ['/chat', '/chat/', '/chat/scan/', '/chat/brands/3/', '/chat/qr/AbC123/']) {
      localStorage.clear();
      expect(shouldOfferOnboarding(path), path).toBe(false);
      expect(hasSeenOnboarding(), path).toBe(true);
    }
    localStorage.clear();
    expect(shouldOfferOnboarding('/chatter/')).toBe(true);
  });

  it('is still offered on routes that only start like those', () => {
    expect(shouldOfferOnboarding('/cartography/')).toBe(true);
    expect(shouldOfferOnboarding('/brands/3/')).toBe(true);
  });

  it('treats a stored flag of another shape as not seen', () => {
    localStorage.setItem(ONBOARDING_KEY, '"yes"');
    expect(hasSeenOnboarding()).toBe(false);
  });
});
