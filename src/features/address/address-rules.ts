/**
 * The Japanese delivery address: normalisation and per-field rules with messages in Japanese, or in chat
 * mode's language when the form passes its words (address-messages.ts). One module for both sides: the address form checks with it before sending, and the reference
 * API (scripts/catalog-api/address.ts) answers 422 with the same messages, so the two cannot disagree.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { components } from '../../lib/catalog/schema.gen.ts';

export type ShipmentAddress = components['schemas']['ShipmentAddress'];

/** The 47 prefectures in JIS X 0401 order. */
export const PREFECTURES: readonly string[] = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
];

export type TimeSlot = Exclude<ShipmentAddress['deliveryTimeSlot'], null | undefined>;

/** The delivery time slots, in the day's order. */
export const TIME_SLOTS: readonly TimeSlot[] = ['morning', '14-16', '16-18', '18-20', '19-21'];

/** Days from today (Asia/Tokyo) from which a delivery date may be wished. */
export const DELIVERY_LEAD_DAYS = 3;

/** Full-width digits and the many dash look-alikes to ASCII; spaces removed. */
function asciiDigitsAndHyphens(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[ー‐‑‒–—―−－]/g, '-')
    .replace(/\s+/g, '');
}

/** `１００ー０００１`, `〒100-0001`, `1000001` → `1000001`; null unless it is 7 digits. */
export function postalDigits(value: string): string | null {
  const match = /^(\d{3})-?(\d{4})$/.exec(asciiDigitsAndHyphens(value).replace(/^〒/, ''));
  return match ? `${match[1]}${match[2]}` : null;
}

/** The date `days` after today in Asia/Tokyo, as YYYY-MM-DD. */
export function tokyoDatePlus(now: number, days: number): string {
  const tokyo = new Date(now + 9 * 3600_000);
  const date = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** `2025-01-18` → `2025年1月18日`. */
export function japaneseDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

function isValidDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** The fields of the form, as typed (strings; the optional ones may be null or absent). */
export interface AddressInput {
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  building?: string | null | undefined;
  name: string;
  nameKana: string;
  phone: string;
  deliveryDate?: string | null | undefined;
  deliveryTimeSlot?: string | null | undefined;
}

export type AddressField = keyof AddressInput;

/** The fields in the order the form shows them (the error summary follows it). */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'postalCode',
  'prefecture',
  'city',
  'street',
  'building',
  'name',
  'nameKana',
  'phone',
  'deliveryDate',
  'deliveryTimeSlot',
];

export type AddressResult =
  | { ok: true; address: ShipmentAddress }
  | { ok: false; fields: Partial<Record<AddressField, string>> };

const chars = (value: string) => [...value].length;

/**
 * The words of the per-field messages. The rules default to Japanese (the API answers in it); the form in
 * chat mode passes its visitor's language (address-messages.ts).
 */
export interface AddressMessages {
  required(field: AddressField): string;
  tooLong(field: AddressField, max: number): string;
  postalFormat: string;
  prefectureRequired: string;
  prefectureUnknown: string;
  kanaFormat: string;
  phoneFormat: string;
  /** A number written with a country's own leading 0 or a dialled international prefix, without +. */
  phoneInternational: string;
  dateFormat: string;
  /** `earliest` is YYYY-MM-DD. */
  dateTooEarly(earliest: string): string;
  slotUnknown: string;
}

const JAPANESE_LABELS: Partial<Record<AddressField, string>> = {
  postalCode: '郵便番号',
  city: '市区町村',
  street: '番地',
  building: '建物名',
  name: '氏名',
  nameKana: 'フリガナ',
  phone: '電話番号',
};

export const JAPANESE_MESSAGES: AddressMessages = {
  required: (field) => `${JAPANESE_LABELS[field] ?? field}を入力してください`,
  tooLong: (field, max) => `${JAPANESE_LABELS[field] ?? field}は${max}文字以内で入力してください`,
  postalFormat: '郵便番号は7桁の数字で入力してください（例: 100-0001）',
  prefectureRequired: '都道府県を選択してください',
  prefectureUnknown: '都道府県は一覧から選択してください',
  kanaFormat: 'フリガナは全角カタカナ（海外のお名前はローマ字）で入力してください',
  phoneFormat:
    '電話番号は0から始まる10桁または11桁の数字、海外の番号は＋と国番号から入力してください（例: 090-1234-5678、+82 10-1234-5678）',
  phoneInternational: '海外の電話番号は＋と国番号から入力してください（例: +82 10-1234-5678）',
  dateFormat: 'お届け希望日は正しい日付（例: 2025-01-31）で入力してください',
  dateTooEarly: (earliest) => `お届け希望日は${japaneseDate(earliest)}以降の日付を選択してください`,
  slotUnknown: 'お届け時間帯は選択肢から選んでください',
};

/**
 * A name written in Latin letters (a visitor from abroad: `Jane O'Neil-Smith`, `Nguyễn Văn A`): it has no
 * katakana reading to give, so the reading becomes optional.
 */
export function isLatinName(name: string): boolean {
  return /^[\p{Script=Latin}][\p{Script=Latin}\p{M} .,'’-]*$/u.test(name.normalize('NFKC').trim());
}

/** A reading in full-width katakana, as a Japanese delivery label reads a name. */
const KATAKANA_READING = /^[\u30A1-\u30FA\u30FB\u30FC ]+$/;

/**
 * A phone number as it is stored, E.164 (`+819012345678`), or why not. A number without `+` is Japanese,
 * written as shoppers write it (`090-1234-5678`, full-width, with brackets); a number from abroad starts
 * with `+` and its country code (`+82 10-1234-5678`). A number that starts with a dialled international
 * prefix (`010`, `00`) is never read as Japanese: a Korean mobile written at home, `010-1234-5678`, would
 * otherwise pass for a Japanese one of the right length (docs/decisions.md, "Phone numbers from abroad").
 */
function phoneE164(value: string): { ok: true; phone: string } | { ok: false; international: boolean } {
  const typed = asciiDigitsAndHyphens(value).replace(/[-()（）.]/g, '');
  if (!typed.startsWith('+') && /^(00|010)/.test(typed)) return { ok: false, international: true };
  if (!/^\+?\d+$/.test(typed)) return { ok: false, international: false };
  const number = parsePhoneNumberFromString(typed, 'JP');
  if (!number?.isValid()) return { ok: false, international: false };
  return { ok: true, phone: number.number };
}

/**
 * Checks and normalises an address; every wrong field gets its message (Japanese unless `messages` says
 * otherwise). A name may be in any script; its reading, in katakana or Latin letters, is required unless
 * the name is written in Latin letters. The phone is stored in E.164 (phoneE164).
 */
export function validateAddressValues(
  input: AddressInput,
  now: number,
  messages: AddressMessages = JAPANESE_MESSAGES,
): AddressResult {
  const fields: Partial<Record<AddressField, string>> = {};
  const text = (key: AddressField) => {
    const value = input[key];
    return typeof value === 'string' ? value.trim() : '';
  };

  const postal = postalDigits(text('postalCode'));
  if (text('postalCode') === '') fields.postalCode = messages.required('postalCode');
  else if (!postal) fields.postalCode = messages.postalFormat;

  const prefecture = text('prefecture');
  if (prefecture === '') fields.prefecture = messages.prefectureRequired;
  else if (!PREFECTURES.includes(prefecture)) fields.prefecture = messages.prefectureUnknown;

  const required = (key: AddressField, max: number) => {
    const value = text(key);
    if (value === '') fields[key] = messages.required(key);
    else if (chars(value) > max) fields[key] = messages.tooLong(key, max);
    return value;
  };
  const city = required('city', 100);
  const street = required('street', 100);
  const name = required('name', 60);

  const buildingText = text('building');
  const building = buildingText === '' ? null : buildingText;
  if (building !== null && chars(building) > 100) fields.building = messages.tooLong('building', 100);

  const kana = text('nameKana').normalize('NFKC').replace(/\s+/g, ' ');
  if (kana === '') {
    if (!isLatinName(name)) fields.nameKana = messages.required('nameKana');
  } else if (!KATAKANA_READING.test(kana) && !isLatinName(kana)) {
    fields.nameKana = messages.kanaFormat;
  } else if (chars(kana) > 60) fields.nameKana = messages.tooLong('nameKana', 60);

  const phoneResult = phoneE164(text('phone'));
  const phone = phoneResult.ok ? phoneResult.phone : '';
  if (text('phone') === '') fields.phone = messages.required('phone');
  else if (!phoneResult.ok) {
    fields.phone = phoneResult.international ? messages.phoneInternational : messages.phoneFormat;
  }

  let deliveryDate: string | null = null;
  const dateText = text('deliveryDate');
  if (dateText !== '') {
    const date = asciiDigitsAndHyphens(dateText);
    const earliest = tokyoDatePlus(now, DELIVERY_LEAD_DAYS);
    if (!isValidDate(date)) fields.deliveryDate = messages.dateFormat;
    else if (date < earliest) fields.deliveryDate = messages.dateTooEarly(earliest);
    else deliveryDate = date;
  }

  let deliveryTimeSlot: TimeSlot | null = null;
  const slot = typeof input.deliveryTimeSlot === 'string' ? input.deliveryTimeSlot : '';
  if (slot !== '') {
    const known = TIME_SLOTS.find((candidate) => candidate === slot);
    if (known) deliveryTimeSlot = known;
    else fields.deliveryTimeSlot = messages.slotUnknown;
  }

  if (Object.keys(fields).length > 0 || !postal) return { ok: false, fields };
  return {
    ok: true,
    address: {
      postalCode: `${postal.slice(0, 3)}-${postal.slice(3)}`,
      prefecture,
      city,
      street,
      building,
      name,
      nameKana: kana,
      phone,
      deliveryDate,
      deliveryTimeSlot,
    },
  };
}
