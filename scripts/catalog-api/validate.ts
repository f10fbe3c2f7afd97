/**
 * Request validation: bounded body reading, JSON parsing with no key named __proto__, constructor or
 * prototype anywhere in a body, the bodies of the contract checked against its own schemas
 * (request-schemas.ts; the address's values with Japanese messages, address.ts), and the path and query
 * parameters. Every failure is an ApiError (400, or 413 for a body over 16 KiB)
 * thrown before any state changes.
 */
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { ApiError, badRequest } from './errors.ts';
import { isLang, type Lang } from './i18n-data.ts';
import { requestBody, requestShape } from './request-schemas.ts';

type Schemas = components['schemas'];

const MAX_BODY_BYTES = 16 * 1024;

/** Keys that reach an object's prototype when merged into it. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Reads at most MAX_BODY_BYTES of a request body; 413 past that. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is over ${limit} bytes`);
  }
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is over ${limit} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The parsed JSON body, or undefined when the body is empty and optional.
 * 400 for a missing required body, a non-JSON content type, or malformed JSON; 413 when too large.
 */
export async function readJsonBody(request: Request, options: { required: boolean }): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') {
    if (options.required) throw badRequest('A JSON body is required');
    return undefined;
  }
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw badRequest('Content-Type must be application/json');
  }
  let prototypeKey: string | undefined;
  let parsed: unknown;
  try {
    // A key that names an object's prototype is refused wherever it sits: no code path may ever merge it.
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) prototypeKey ??= key;
      return value;
    });
  } catch {
    throw badRequest('Malformed JSON body');
  }
  if (prototypeKey !== undefined)
    throw badRequest(`The key "${prototypeKey}" is not accepted in a request body`);
  return parsed;
}

const checkAddToCart = requestBody('AddToCartRequest');
const checkSetQty = requestBody('SetQtyRequest');
const checkSetReceive = requestBody('SetReceiveRequest');
const checkSetWrapping = requestBody('SetWrappingRequest');
const checkLangRequest = requestBody('LangRequest');
const checkIssueQr = requestBody('IssueQrRequest');

export type AddToCart = Schemas['AddToCartRequest'];
export function parseAddToCart(body: unknown): AddToCart {
  const { productId, variantId, addQty } = checkAddToCart(body);
  return { productId, variantId, addQty };
}

export interface SetQty {
  productId: number;
  variantId: number;
  qty: number;
  lang: Lang;
}
export function parseSetQty(body: unknown): SetQty {
  const { productId, variantId, qty, lang } = checkSetQty(body);
  return { productId, variantId, qty, lang: lang ?? 'ja' };
}

export interface SetReceive {
  productId: number;
  variantId: number;
  receive: 'store' | 'ship';
  /** The language the answering bag is in (chat mode); ja when omitted. */
  lang: Lang;
}
export function parseSetReceive(body: unknown): SetReceive {
  const { productId, variantId, receive, lang } = checkSetReceive(body);
  return { productId, variantId, receive, lang: lang ?? 'ja' };
}

const checkSetGiftShape = requestShape('SetGiftRequest');

export interface SetGift {
  productId: number;
  variantId: number;
  /** The line's のし, null to take it off, undefined to keep it: its values are judged by the gift rules (422). */
  noshi: Schemas['Noshi'] | null | undefined;
  message: string | null | undefined;
  lang: Lang;
}
/**
 * The body of PUT /catalog/cart/product-gift: its shape against the contract (400), the ids and the
 * placement too; the 表書き, the name and the message are left to the gift rules (a 422 in the shopper's
 * terms).
 */
export function parseSetGift(body: unknown): SetGift {
  const { productId, variantId, noshi, message, lang } = checkSetGiftShape(body);
  for (const [name, id] of [
    ['productId', productId],
    ['variantId', variantId],
  ] as const) {
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
      throw badRequest(`${name} must be an integer from 1 to 2147483647`);
    }
  }
  if (noshi && noshi.placement !== 'inside' && noshi.placement !== 'outside') {
    throw badRequest('noshi.placement must be inside or outside');
  }
  if (lang !== undefined && !isLang(lang)) throw badRequest('lang must be one of ja, en, zh, ko');
  return { productId, variantId, noshi, message, lang: lang ?? 'ja' };
}

export function parseSetWrapping(body: unknown): { wrapping: boolean; lang: Lang } {
  const { wrapping, lang } = checkSetWrapping(body);
  return { wrapping, lang: lang ?? 'ja' };
}

/** The optional `{ lang }` body of POST /catalog/cart. */
export function parseLangBody(body: unknown): Lang {
  if (body === undefined) return 'ja';
  return checkLangRequest(body).lang ?? 'ja';
}

/** The optional `{ lang, via }` body of POST /catalog/cart/qr. */
export function parseIssueQr(body: unknown): { lang: Lang; chat: boolean } {
  if (body === undefined) return { lang: 'ja', chat: false };
  const { lang, via } = checkIssueQr(body);
  return { lang: lang ?? 'ja', chat: via === 'chat' };
}

// ---------------------------------------------------------------------------------------------------------
// Query and path parameters

/** A positive integer parameter (digits only, no sign, no leading zero), or 400. */
export function parsePositiveInt(name: string, raw: string, max = 2_147_483_647): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > max) {
    throw badRequest(`${name} must be an integer from 1 to ${max}`);
  }
  return Number(raw);
}

export function parseOptionalPositiveInt(
  name: string,
  raw: string | undefined,
  max?: number,
): number | undefined {
  return raw === undefined ? undefined : parsePositiveInt(name, raw, max);
}

export function parseLangQuery(raw: string | undefined): Lang {
  if (raw === undefined) return 'ja';
  if (!isLang(raw)) throw badRequest('lang must be one of ja, en, zh, ko');
  return raw;
}

export function parseTenantIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const ids = /^\d+(,\d+)*$/.test(raw) && raw.length <= 2000 ? raw.split(',').map(Number) : [];
  if (ids.length === 0 || ids.some((id) => id > 2_147_483_647)) {
    throw badRequest('tenant_ids must be comma-separated ids');
  }
  return [...new Set(ids)];
}

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function checkAlias(name: string, raw: string): string {
  if (!ALIAS_PATTERN.test(raw)) throw badRequest(`${name} is malformed`);
  return raw;
}
