/**
 * Date-times as the order and QR screens show them, in Asia/Tokyo (the store's time): in Japanese, or in the
 * visitor's language once chat mode calls `setDateTimeLocale`.
 */
const dateTimeIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const timeIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });
let DATE_TIME = dateTimeIn('ja-JP');
let TIME = timeIn('ja-JP');

/** Chat mode: dates and times in the visitor's language (`en`, `zh-Hans`, `ko`). */
export function setDateTimeLocale(locale: string): void {
  DATE_TIME = dateTimeIn(locale);
  TIME = timeIn(locale);
}

/** `2026年11月21日 14:05`. */
export function formatDateTime(date: Date | string): string {
  return DATE_TIME.format(typeof date === 'string' ? new Date(date) : date);
}

/** `14:05`. */
export function formatTime(date: Date | string): string {
  return TIME.format(typeof date === 'string' ? new Date(date) : date);
}
