import { describe, expect, it } from 'vitest';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';
import { isHandled, isTrackingTransaction, shouldReport } from './error-rules.ts';

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
