/**
 * The log's destination (Astro's `logger` setting): every line Astro and the integrations log, as Astro's own
 * destination writes them (time, level, label), but gathered and written a few kilobytes at a time, because a
 * build logs two lines per page and a write per line took a share of the thread the pages wait for. Nothing
 * is left out: gathered lines are written at the latest FLUSH_MS after they were logged, before any warning
 * or error (so the order stays), when the gathered text passes FLUSH_BYTES, and when the process exits.
 */
import { styleText } from 'node:util';
import type { AstroLoggerDestination, AstroLoggerLevel, AstroLoggerMessage } from 'astro';
import { matchesLevel } from 'astro/logger';

export const FLUSH_MS = 100;
export const FLUSH_BYTES = 16 * 1024;

/** Where the lines go: standard output and standard error, or a test's own. */
export interface Outputs {
  out: (text: string) => void;
  err: (text: string) => void;
  colours: boolean;
  now: () => Date;
}

function processOutputs(): Outputs {
  return {
    // Synchronous for files, pipes and terminals on Linux and macOS: nothing is pending when the process exits.
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    // As Astro decides: colours when standard output is a terminal that takes them (NO_COLOR, FORCE_COLOR).
    colours: styleText('dim', 'x', { stream: process.stdout }) !== 'x',
    now: () => new Date(),
  };
}

const TIME = new Intl.DateTimeFormat([], {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function gatheredLog(
  { level = 'info' }: { level?: AstroLoggerLevel } = {},
  outputs: Outputs = processOutputs(),
): AstroLoggerDestination & { flush: () => void } {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let second = -1;
  let time = '';
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    outputs.colours ? styleText(format, text, { validateStream: false }) : text;

  /** The line's prefix, as Astro writes it: the time, then `[WARN]`/`[ERROR]` and the label. */
  function prefix({ level: messageLevel, label }: AstroLoggerMessage): string {
    const now = outputs.now();
    const current = Math.floor(now.getTime() / 1000);
    if (current !== second) {
      second = current;
      time = TIME.format(now);
    }
    if (messageLevel === 'error' || messageLevel === 'warn') {
      const parts = [
        paint('bold', time),
        `[${messageLevel.toUpperCase()}]`,
        ...(label ? [`[${label}]`] : []),
      ];
      return paint(messageLevel === 'error' ? 'red' : 'yellow', parts.join(' '));
    }
    return label ? `${paint('dim', time)} ${paint('blue', `[${label}]`)}` : paint('dim', time);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    outputs.out(text);
  }

  process.once('exit', flush);
  return {
    write(message) {
      if (!matchesLevel(message.level, level)) return;
      const line =
        (message.label === 'SKIP_FORMAT' ? message.message : `${prefix(message)} ${message.message}`) +
        (message.newLine ? '\n' : '');
      if (message.level === 'error') {
        flush();
        outputs.err(line);
        return;
      }
      if (message.level === 'warn') {
        flush();
        outputs.out(line);
        return;
      }
      pending += line;
      if (pending.length >= FLUSH_BYTES) flush();
      else timer ??= setTimeout(flush, FLUSH_MS).unref();
    },
    flush,
    close: flush,
  };
}

export default function buildLog(options?: { level?: AstroLoggerLevel }): AstroLoggerDestination {
  return gatheredLog(options);
}
