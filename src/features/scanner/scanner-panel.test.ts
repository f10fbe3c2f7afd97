import { localeStrings } from '../../i18n/build-time.ts';
import type { ScannerErrorCode } from './camera-scanner.ts';
import { scannerMessages } from './scanner-messages.ts';
import { scannerAlert, scannerStatus } from './scanner-panel.ts';
import type { ScannerScreen } from './scanner-store.ts';

const messages = scannerMessages((key) => localeStrings('ja')[key] ?? key);

function screen(change: Partial<ScannerScreen> = {}): ScannerScreen {
  return {
    camera: 'started',
    ready: true,
    error: null,
    paused: false,
    frozen: false,
    found: null,
    result: { kind: 'none' },
    canSwitch: false,
    ...change,
  };
}

describe('the scanner’s panel', () => {
  it('shows the instructions while nothing is wrong', () => {
    expect(scannerAlert(screen(), messages)).toBeNull();
    expect(scannerAlert(screen({ result: { kind: 'checking' } }), messages)).toBeNull();
  });

  it('offers to try the camera again only where trying can help', () => {
    const again = (error: ScannerErrorCode) =>
      scannerAlert(screen({ camera: 'failed', error }), messages)?.again;
    expect(again('permission-denied')).toBe(messages.retry);
    expect(again('camera-busy')).toBe(messages.retry);
    expect(again('stream-timeout')).toBe(messages.retry);
    expect(again('insecure-context')).toBeUndefined();
    expect(again('no-stream-api')).toBeUndefined();
    expect(again('no-camera')).toBeUndefined();
    expect(scannerAlert(screen({ camera: 'failed', error: 'no-camera' }), messages)).toMatchObject({
      title: messages.errorTitle,
      text: messages['error.no-camera'],
    });
  });

  it('names another site’s host as plain text in a refusal, with scan again', () => {
    const alert = scannerAlert(
      screen({ result: { kind: 'refused', reason: 'other-site', shown: 'evil.example.com' } }),
      messages,
    );
    expect(alert).toEqual({
      title: messages.refusedTitle,
      text: '読み取ったのは別のサイト（evil.example.com）のアドレスです。このサイトの商品タグのQRコードを読み取ってください。',
      again: messages.scanAgain,
      refusal: 'other-site',
    });
  });

  it('says a failed check as a refusal of its own', () => {
    expect(scannerAlert(screen({ result: { kind: 'check-failed' } }), messages)).toEqual({
      title: messages.refusedTitle,
      text: messages.checkFailed,
      again: messages.scanAgain,
      refusal: 'check',
    });
  });

  it('puts the camera’s failure before what became of a code', () => {
    const both = screen({ error: 'camera-busy', result: { kind: 'check-failed' } });
    expect(scannerAlert(both, messages)?.title).toBe(messages.errorTitle);
  });

  it('says checking, then found, over paused, starting and the hint', () => {
    expect(scannerStatus(screen({ result: { kind: 'checking' }, paused: true }), messages)).toBe(
      messages.checking,
    );
    expect(scannerStatus(screen({ result: { kind: 'found' } }), messages)).toBe(messages.found);
    expect(scannerStatus(screen({ paused: true, ready: false }), messages)).toBe(messages.paused);
    expect(scannerStatus(screen({ ready: false }), messages)).toBe(messages.starting);
    expect(scannerStatus(screen({ camera: 'stopped', ready: false }), messages)).toBe(messages.hint);
    expect(scannerStatus(screen(), messages)).toBe(messages.hint);
  });
});
