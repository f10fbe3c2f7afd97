/**
 * A Japanese phone number written the Japanese way, with hyphens: 090-1234-5678, 03-1234-5678,
 * 0120-123-456. The area code's length decides where a landline splits, and the table of 4- and 5-digit
 * area codes is long: numbers outside the common groups below split as 3-3-4 (the shape of most area
 * codes), so every digit is still right and in order. A Japanese number stored in E.164 (`+81…`, the
 * address step's form) is written the same way; anything else, a number from abroad included, is returned
 * as it is.
 */

/** Patterns by prefix, most specific first; each `d` group is a run of digits. */
const SHAPES: [RegExp, number[]][] = [
  // Toll-free and navigation dial: 0120-123-456, 0800-123-4567 (before mobiles: 080-0 is not one),
  // 0570-123-456.
  [/^0120\d{6}$/, [4, 3, 3]],
  [/^0800\d{7}$/, [4, 3, 4]],
  [/^0570\d{6}$/, [4, 3, 3]],
  // Mobile, PHS and IP phones: 3-4-4.
  [/^0[5-9]0\d{8}$/, [3, 4, 4]],
  // Tokyo and Osaka: 03-1234-5678, 06-1234-5678.
  [/^0[36]\d{8}$/, [2, 4, 4]],
  // Other landlines: 045-123-4567.
  [/^0\d{9}$/, [3, 3, 4]],
];

export function formatPhone(phone: string): string {
  const digits = phone.replace(/[-\s()（）]/g, '').replace(/^\+81(?=[1-9])/, '0');
  const shape = SHAPES.find(([pattern]) => pattern.test(digits))?.[1];
  if (!shape) return phone;
  const parts: string[] = [];
  let at = 0;
  for (const length of shape) {
    parts.push(digits.slice(at, at + length));
    at += length;
  }
  return parts.join('-');
}
