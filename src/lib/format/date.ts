/** Dates as the site shows them: Japanese, in Asia/Tokyo, e.g. `2024年7月1日`. */
const LONG_DATE = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long' });

/** `2024-07-01T00:00:00Z` → `2024年7月1日`. */
export function formatDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** The `datetime` attribute of a `<time>`: the calendar date in Asia/Tokyo, `2024-07-01`. */
export function isoDate(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(date);
}
