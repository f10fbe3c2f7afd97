/** Date-times as the order and QR screens show them: Japanese, in Asia/Tokyo. */
const DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

/** `2026年11月21日 14:05`. */
export function formatDateTime(date: Date | string): string {
  return DATE_TIME.format(typeof date === 'string' ? new Date(date) : date);
}

/** `14:05`. */
export function formatTime(date: Date | string): string {
  return TIME.format(typeof date === 'string' ? new Date(date) : date);
}
