/**
 * The API's log: JSON lines on standard output (pino), one per request and one per unexpected error, at
 * CATALOG_LOG_LEVEL. What is logged never holds a cookie, a session id, an alias in full (errors.ts,
 * `pathForLog`) or an address: requests are logged by method, path and status only, and an error's
 * request is named the same way.
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config.ts';

/** The API's logger; `destination` is standard output unless given (tests read what is written). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'catalog-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A stray field that could hold a secret is dropped, should one ever be logged by mistake.
    redact: { paths: ['cookie', 'headers.cookie', 'address', 'alias', 'token', 'password'], remove: true },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** A logger that writes nothing (tests, and apps built without one). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
