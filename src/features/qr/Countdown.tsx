/** The QR's time limit, counting down to expiresAt; at zero it asks the server at once (it decides). */
import { useEffect, useRef, useState } from 'react';
import { formatTime } from '../../lib/format/time.ts';
import {
  countdownLabel,
  formatCountdown,
  remainingMs,
  startCountdown,
  type Countdown as Timer,
} from './qr-countdown.ts';
import { t } from './qr-strings.ts';

export function Countdown({ expiresAt, onZero }: { expiresAt: string; onZero: () => void }) {
  const [ms, setMs] = useState(() => remainingMs(expiresAt, Date.now()));
  const timer = useRef<Timer | undefined>(undefined);
  const zero = useRef(onZero);
  zero.current = onZero;

  // Started once; later expiresAt values move its end (below) instead of restarting it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    timer.current = startCountdown(expiresAt, setMs, () => zero.current());
    return () => timer.current?.stop();
  }, []);

  useEffect(() => {
    timer.current?.setEnd(expiresAt);
  }, [expiresAt]);

  return (
    <div className="text-center" data-testid="countdown">
      <p className="text-sm text-secondary">{t('qr.countdown.title')}</p>
      <p role="timer" aria-label={countdownLabel(ms)} className="text-4xl font-bold tabular-nums">
        <span aria-hidden="true">{formatCountdown(ms)}</span>
      </p>
      <p className="text-xs text-secondary">
        {ms === 0 ? t('qr.countdown.checking') : t('qr.countdown.until', { time: formatTime(expiresAt) })}
      </p>
    </div>
  );
}
