import { describe, expect, it } from 'vitest';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';
import { isHandled, isTrackingTransaction, scrubEvent, shouldReport } from './error-rules.ts';

describe('what error reporting sends', () => {
  it('reports an uncaught error', () => {
    expect(shouldReport(new TypeError('x is undefined'))).toBe(true);
    expect(shouldReport('Script error.')).toBe(true);
  });

  it('does not report an error marked handled by its flag, its name or its message', () => {
    expect(shouldReport(markHandled(new Error('shown to the visitor')))).toBe(false);
    expect(shouldReport(markHandled(new DataNotFoundError('cart not found.')))).toBe(false);
    const named = new Error('shown');
    named.name = 'HandledError';
    expect(isHandled(named)).toBe(true);
    expect(isHandled(new Error('[handled] the bag could not be read'))).toBe(true);
    expect(isHandled('[handled] a rejected string')).toBe(true);
    expect(isHandled(new Error('not handled'))).toBe(false);
  });

  it.each([
    'Unable to preload CSS for /_astro/a.css',
    'ResizeObserver loop completed with undelivered notifications.',
    'Importing a module script failed.',
  ])('ignores "%s"', (message) => {
    expect(shouldReport(new Error(message))).toBe(false);
    expect(shouldReport(message)).toBe(false);
  });

  it('has nothing to report for a rejection without a reason', () => {
    expect(shouldReport(undefined)).toBe(false);
    expect(shouldReport(null)).toBe(false);
  });

  it('drops the transactions of the order tracking path, by URL or route, also in chat mode', () => {
    expect(isTrackingTransaction('/order/AbCdEfGh12345678/')).toBe(true);
    expect(isTrackingTransaction('https://shop.example/chat/order/AbCdEfGh12345678/')).toBe(true);
    expect(isTrackingTransaction('/order/:orderAlias')).toBe(true);
    expect(isTrackingTransaction('/qr/AbCdEfGh12345678/')).toBe(false);
    expect(isTrackingTransaction('/orders-guide/')).toBe(false);
    expect(isTrackingTransaction(undefined)).toBe(false);
  });
});

describe('what an error report may carry of the page and its links', () => {
  const ORDER = 'AbCdEfGh12345678IjKlMnOp_-qrStUv';
  const SHIPMENT = 'ZyXwVuTs98765432RqPoNmLk-_jIhGfE';
  const SESSION = 'k3Jd93LmQpZx01uYtRe7Wq2_nBvC8aSdF5gH6jK4lPo';

  it('names every visitor link by its route, in every field, and keeps no Referer', () => {
    const event = {
      event_id: '0123456789abcdef0123456789abcdef',
      message: `GET /api/catalog/orders/${ORDER} failed`,
      request: {
        url: `https://shop.example/address/${SHIPMENT}/`,
        headers: { Referer: `https://shop.example/order/${ORDER}/`, 'User-Agent': 'Mozilla/5.0' },
      },
      exception: {
        values: [
          {
            type: 'Error',
            value: `could not load /chat/order/${ORDER}/ (shipment ${SHIPMENT})`,
            stacktrace: { frames: [{ filename: `https://shop.example/qr/${ORDER}/`, lineno: 3 }] },
          },
        ],
      },
      breadcrumbs: [
        { category: 'navigation', data: { from: `/order/${ORDER}/`, to: `/address/${SHIPMENT}/complete/` } },
      ],
      tags: { url: `https://shop.example/chat/qr/${ORDER}/?lang=en` },
      extra: {
        links: [`/api/store/qr/${ORDER}`, `/api/catalog/shipments/${SHIPMENT}/address`],
        session: SESSION,
      },
      transaction: `/order/${ORDER}/`,
    };
    const scrubbed = scrubEvent(structuredClone(event));
    const text = JSON.stringify(scrubbed);
    for (const secret of [ORDER, SHIPMENT, SESSION]) expect(text).not.toContain(secret);
    expect(scrubbed.request).toEqual({
      url: 'https://shop.example/address/[alias]/',
      headers: { 'User-Agent': 'Mozilla/5.0' },
    });
    // A link's alias alone, without its path, goes too.
    expect(scrubbed.exception.values[0]?.value).toBe(
      'could not load /chat/order/[alias]/ (shipment [alias])',
    );
    expect(scrubbed.tags.url).toBe('https://shop.example/chat/qr/[alias]/');
    expect(scrubbed.extra.links).toEqual(['/api/store/qr/[alias]', '/api/catalog/shipments/[alias]/address']);
    // What is no link stays: the event's own id, fixed pages, asset names.
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubEvent({ request: { url: 'https://shop.example/qr/timeout/' } }).request.url).toBe(
      'https://shop.example/qr/timeout/',
    );
  });
});
