import { countdownLabel, formatCountdown, remainingMs, startCountdown } from './qr-countdown.ts';

describe('the QR countdown', () => {
  it('shows minutes and seconds left, rounding up, never below zero', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(14 * 60_000 + 59_001)).toBe('15:00');
    expect(formatCountdown(14 * 60_000 + 59_000)).toBe('14:59');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(countdownLabel(65_000)).toBe('残り1分5秒');
  });

  it('measures from expiresAt, as an ISO string or epoch ms', () => {
    const now = Date.parse('2026-11-21T05:00:00Z');
    expect(remainingMs('2026-11-21T05:15:00.000Z', now)).toBe(900_000);
    expect(remainingMs(now - 1, now)).toBe(0);
    expect(remainingMs('not a date', now)).toBe(0);
  });

  describe('ticking', () => {
    beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-21T05:00:00.000Z') }));
    afterEach(() => vi.useRealTimers());

    it('ticks on each whole second and calls onZero once at the end', () => {
      const ticks: string[] = [];
      const onZero = vi.fn();
      const timer = startCountdown(Date.now() + 3_500, (ms) => ticks.push(formatCountdown(ms)), onZero);
      expect(ticks).toEqual(['0:04']);
      vi.advanceTimersByTime(500);
      expect(ticks).toEqual(['0:04', '0:03']);
      vi.advanceTimersByTime(3_000);
      expect(ticks).toEqual(['0:04', '0:03', '0:02', '0:01', '0:00']);
      expect(onZero).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10_000);
      expect(onZero).toHaveBeenCalledTimes(1);
      timer.stop();
    });

    it('follows a new end from the server and can run again after reaching zero', () => {
      const ticks: number[] = [];
      const onZero = vi.fn();
      const timer = startCountdown(Date.now() + 1_000, (ms) => ticks.push(ms), onZero);
      vi.advanceTimersByTime(1_000);
      expect(onZero).toHaveBeenCalledTimes(1);
      timer.setEnd(Date.now() + 2_000);
      expect(ticks.at(-1)).toBe(2_000);
      vi.advanceTimersByTime(2_000);
      expect(onZero).toHaveBeenCalledTimes(2);
      timer.stop();
    });

    it('stops ticking when stopped', () => {
      const onTick = vi.fn();
      const timer = startCountdown(Date.now() + 10_000, onTick, () => {});
      timer.stop();
      vi.advanceTimersByTime(20_000);
      expect(onTick).toHaveBeenCalledTimes(1);
    });
  });
});
