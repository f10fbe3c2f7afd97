import { describe, expect, it } from 'vitest';
import { clickEvent, pageViewEvent, routeOf, tagManagerAllowed, vitalEvent } from './analytics-rules.ts';

const ALIAS = 'AbCdEfGh12345678_-xy';

describe('analytics events carry no personal data', () => {
  it.each([
    [`/qr/${ALIAS}/`, '/qr/[alias]/'],
    [`/order/${ALIAS}/`, '/order/[alias]/'],
    [`/address/${ALIAS}/`, '/address/[alias]/'],
    [`/address/${ALIAS}/complete/`, '/address/[alias]/complete/'],
    [`/chat/qr/${ALIAS}/`, '/chat/qr/[alias]/'],
    [`/chat/order/${ALIAS}/`, '/chat/order/[alias]/'],
    [`/order/${ALIAS}`, '/order/[alias]'],
  ])('names %s by its route %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    '/',
    '/qr/timeout/',
    '/chat/qr/timeout/',
    '/area/2/products/15/',
    '/brands/3/',
    '/chat/brands/3/',
    '/cart/',
    '/order/',
  ])('keeps %s as it is', (path) => {
    expect(routeOf(path)).toBe(path);
  });

  it('a page view names the route, whether the page was restored, and nothing else', () => {
    expect(pageViewEvent(`/order/${ALIAS}/`, true)).toEqual({
      event: 'page_view',
      page_path: '/order/[alias]/',
      page_restored: true,
    });
  });

  it('a click names the tracked element and the route', () => {
    expect(clickEvent('select again', `/qr/${ALIAS}/`)).toEqual({
      event: 'track_click',
      track: 'select again',
      page_path: '/qr/[alias]/',
    });
  });

  it('a click on an element whose name is not a plain tracked name is not sent', () => {
    expect(clickEvent('<img src=x onerror=alert(1)>', '/')).toBeUndefined();
    expect(clickEvent('', '/')).toBeUndefined();
    expect(clickEvent('x'.repeat(41), '/')).toBeUndefined();
  });

  it('a vital names the metric, its value, rating and id, and the route', () => {
    expect(
      vitalEvent(
        { name: 'CLS', value: 0.123456, rating: 'needs-improvement', id: 'v5-1' },
        `/chat/qr/${ALIAS}/`,
      ),
    ).toEqual({
      event: 'web_vitals',
      metric_name: 'CLS',
      metric_value: 0.1235,
      metric_rating: 'needs-improvement',
      metric_id: 'v5-1',
      page_path: '/chat/qr/[alias]/',
    });
  });
});

describe('the tag manager, a third party that reads the page address', () => {
  it.each([
    `/qr/${ALIAS}/`,
    `/order/${ALIAS}/`,
    `/address/${ALIAS}/`,
    `/address/${ALIAS}/complete/`,
    `/chat/qr/${ALIAS}/`,
    `/chat/order/${ALIAS}/`,
  ])('never loads on a visitor’s own page %s', (path) => {
    expect(tagManagerAllowed(path)).toBe(false);
  });

  // A server may serve these as the pages above (Netlify collapses runs of slashes; escapes are decoded).
  it.each([
    `//order/${ALIAS}/`,
    `/order//${ALIAS}/`,
    `///chat//qr/${ALIAS}/`,
    `/%6Frder/${ALIAS}/`,
    `/chat/%71r/${ALIAS}/`,
    `/order%2F${ALIAS}/`,
  ])('never loads on a visitor’s own page however its path is written: %s', (path) => {
    expect(tagManagerAllowed(path)).toBe(false);
    expect(routeOf(path)).toMatch(/^(\/chat)?\/(order|qr)\/\[alias\]\/$/);
  });

  it.each(['/', '/about/', '/qr/timeout/', '/area/2/products/15/', '/chat/', '/order/'])(
    'loads on %s',
    (path) => {
      expect(tagManagerAllowed(path)).toBe(true);
    },
  );
});
