import { confirmation } from '../../../tests/fixtures/catalogue.ts';
import { confirmationErrorMessage } from './qr-messages.ts';
import { stepForConfirmation, stepForStatus } from './qr-status.ts';

const ALIAS = 'A'.repeat(32);
const base = { draftOrderAlias: ALIAS, expiresAt: '2026-11-21T05:15:00.000Z' };

describe('what the QR page does with the draft order status', () => {
  it('keeps waiting while pending, with the server’s expiresAt', () => {
    expect(stepForStatus({ ...base, status: 'pending' })).toEqual({
      kind: 'waiting',
      expiresAt: base.expiresAt,
    });
  });

  it('moves on to the order page when completed, and to /qr/timeout/ when expired', () => {
    expect(stepForStatus({ ...base, status: 'completed', orderAlias: 'O'.repeat(32) })).toEqual({
      kind: 'go',
      href: `/order/${'O'.repeat(32)}/`,
    });
    expect(stepForStatus({ ...base, status: 'expired' })).toEqual({ kind: 'go', href: '/qr/timeout/' });
  });

  it('says so when a newer QR replaced it', () => {
    expect(stepForStatus({ ...base, status: 'cancelled' })).toEqual({ kind: 'stopped', code: 'REPLACED' });
  });

  it('says it was paid, without an order page, to a browser that did not issue the QR', () => {
    // The server names the order only to the session that issued the QR.
    expect(stepForStatus({ ...base, status: 'completed' })).toEqual({ kind: 'stopped', code: 'COMPLETED' });
  });
});

describe('what the QR page does with the confirmation', () => {
  it('shows a confirmation', () => {
    const value = confirmation();
    expect(stepForConfirmation(value)).toEqual({ kind: 'show', confirmation: value });
  });

  it('goes to /qr/timeout/ for EXPIRED and to the order for COMPLETED', () => {
    expect(stepForConfirmation({ errorCode: 'EXPIRED' })).toEqual({ kind: 'go', href: '/qr/timeout/' });
    expect(stepForConfirmation({ errorCode: 'COMPLETED', orderAlias: 'O'.repeat(32) })).toEqual({
      kind: 'go',
      href: `/order/${'O'.repeat(32)}/`,
    });
  });

  it('explains REPLACED (a newer QR was issued) rather than sending it to the time-out page', () => {
    expect(stepForConfirmation({ errorCode: 'REPLACED' })).toEqual({ kind: 'refused', code: 'REPLACED' });
    expect(confirmationErrorMessage('REPLACED')).toBe(
      '新しいQRコードが発行されたため、このQRコードは使えません。',
    );
  });

  it('shows 404 for NOT_FOUND and explains STOCK_CHANGED', () => {
    expect(stepForConfirmation({ errorCode: 'NOT_FOUND' })).toEqual({ kind: 'notFound' });
    expect(stepForConfirmation({ errorCode: 'STOCK_CHANGED' })).toEqual({
      kind: 'refused',
      code: 'STOCK_CHANGED',
    });
  });

  it('has a clear Japanese message for every errorCode', () => {
    for (const code of ['NOT_FOUND', 'EXPIRED', 'COMPLETED', 'STOCK_CHANGED', 'REPLACED'] as const) {
      expect(confirmationErrorMessage(code), code).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(
      new Set(
        ['NOT_FOUND', 'EXPIRED', 'COMPLETED', 'STOCK_CHANGED', 'REPLACED'].map((c) =>
          confirmationErrorMessage(c as never),
        ),
      ).size,
    ).toBe(5);
  });
});
