// @vitest-environment happy-dom

import { markSeenAtOnce, ONBOARDING_KEY } from './onboarding-store.ts';

beforeEach(() => localStorage.clear());

/** The stored flag after a visit to `path` with nothing stored before. */
function flagAfterVisiting(path: string): string | null {
  localStorage.clear();
  markSeenAtOnce(path);
  return localStorage.getItem(ONBOARDING_KEY);
}

describe('the onboarding dialog', () => {
  it('is marked seen at once on the cart, qr, order and address routes', () => {
    for (const path of ['/cart/', '/qr/AbC123', '/order/x1', '/address/s1/complete']) {
      expect(flagAfterVisiting(path), path).toBe('true');
    }
  });

  it('is marked seen at once in chat mode: a chat visitor was greeted in their language', () => {
    for (const path of ['/chat', '/chat/', '/chat/scan/', '/chat/brands/3/', '/chat/qr/AbC123/']) {
      expect(flagAfterVisiting(path), path).toBe('true');
    }
  });

  it('is left for the dialog to mark on every other route, those that only start like those too', () => {
    for (const path of ['/', '/area/1/', '/brands/3/', '/chatter/', '/cartography/']) {
      expect(flagAfterVisiting(path), path).toBeNull();
    }
  });

  it('stays seen on every route once seen', () => {
    localStorage.setItem(ONBOARDING_KEY, 'true');
    markSeenAtOnce('/area/1/');
    expect(localStorage.getItem(ONBOARDING_KEY)).toBe('true');
  });
});
