/**
 * The cookie-session bag: lines keyed by (session, product, variant), receive per line, wrapping per bag,
 * charges from the configuration, and warnings against current stock.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  checkGift,
  GIFT_CODES,
  type GiftReason,
  type LineGift,
  MESSAGE_MAX,
  NOSHI_NAME_MAX,
} from '../../src/features/bag/gift-rules.ts';
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { atRest } from './at-rest.ts';
import type { Catalog, Product } from './catalog.ts';
import type { Config } from './config.ts';
import { ApiError, notFound } from './errors.ts';
import type { Lang } from './i18n-data.ts';
import type { Store, VariantRow } from './store.ts';
import type { AddToCart, SetGift, SetQty, SetReceive } from './validate.ts';

export type Cart = components['schemas']['Cart'];
export type CartProduct = components['schemas']['CartProduct'];
type CartWarning = components['schemas']['CartWarning'];
export type OrderLine = components['schemas']['OrderLine'];

/**
 * The bag cookie: `__Host-cart` wherever the visitor came over HTTPS (Secure, Path=/, no Domain: no other
 * host or path can set or shadow it), `cart_session` on plain HTTP, where browsers refuse `__Host-`.
 */
export const SESSION_COOKIE = '__Host-cart';
export const PLAIN_SESSION_COOKIE = 'cart_session';
/** A visitor session ends after 30 days without use (idle limit) and 90 days after it began (absolute limit). */
const SESSION_IDLE_SECONDS = 30 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 90 * 24 * 3600;
/** A session's last use is written at most once an hour, so reading the bag does not write on every request. */
const TOUCH_EVERY_MS = 3600_000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const MAX_LINE_QTY = 99;

/** The のし choice's Japanese words (src/i18n/gift/ja.json): a refused gift is told as the bag tells it. */
const GIFT_JA = JSON.parse(
  readFileSync(new URL('../../src/i18n/gift/ja.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** A gift rule's Japanese message, its limit filled in. */
function giftMessage(reason: GiftReason): string {
  const max = reason === 'messageTooLong' ? MESSAGE_MAX : NOSHI_NAME_MAX;
  return (GIFT_JA[`noshi.error.${reason}`] ?? reason).replaceAll('{max}', String(max));
}

/** A stored gift (JSON), or null; what the line shows: a message card only while the line is shipped. */
function giftOf(stored: string | null, receive: 'store' | 'ship'): LineGift | null {
  if (stored === null) return null;
  const gift = JSON.parse(stored) as LineGift;
  const shown = { noshi: gift.noshi, message: receive === 'ship' ? gift.message : null };
  return shown.noshi === null && shown.message === null ? null : shown;
}

/** One line of the bag with everything an order needs. */
interface LineDetail {
  line: OrderLine;
  product: CartProduct;
  variant: VariantRow;
  areaIds: number[];
}

export interface CartView {
  cart: Cart;
  lines: LineDetail[];
}

export interface Charges {
  shippingCharge: number;
  wrappingFee: number;
  subtotal: number;
  grandTotal: number;
}

/** The charges of a bag: shipping when a line is shipped and the subtotal is under the free threshold. */
export function computeCharges(
  lines: { price: number; qty: number; receive: 'store' | 'ship' }[],
  wrapping: boolean,
  config: Pick<Config, 'shippingCharge' | 'freeShippingFrom' | 'wrappingFee'>,
): Charges {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.qty, 0);
  const anyShipped = lines.some((line) => line.receive === 'ship');
  const shippingCharge = anyShipped && subtotal < config.freeShippingFrom ? config.shippingCharge : 0;
  const wrappingFee = wrapping && lines.length > 0 ? config.wrappingFee : 0;
  return { shippingCharge, wrappingFee, subtotal, grandTotal: subtotal + shippingCharge + wrappingFee };
}

/** Why a line cannot be ordered as it stands, or null. */
function lineWarning(
  qty: number,
  receive: 'store' | 'ship',
  variant: Pick<VariantRow, 'total_stock' | 'stock_in_shop'>,
): { reason: CartWarning['reason']; availableQty: number } | null {
  if (variant.total_stock === 0) return { reason: 'OUT_OF_STOCK', availableQty: 0 };
  if (qty > variant.total_stock) return { reason: 'EXCEEDS_STOCK', availableQty: variant.total_stock };
  if (receive === 'store' && qty > variant.stock_in_shop) {
    return { reason: 'EXCEEDS_STORE_STOCK', availableQty: variant.stock_in_shop };
  }
  return null;
}

function lineTitle(productTitle: string, variantTitle: string, lang: Lang): string {
  if (variantTitle === '') return productTitle;
  return lang === 'ja' ? `${productTitle}（${variantTitle}）` : `${productTitle} (${variantTitle})`;
}

export class CartService {
  readonly #store: Store;
  readonly #catalog: Catalog;
  readonly #config: Config;
  readonly #now: () => number;

  constructor(store: Store, catalog: Catalog, config: Config, now: () => number) {
    this.#store = store;
    this.#catalog = catalog;
    this.#config = config;
    this.#now = now;
  }

  /**
   * The live session of a cookie value, or null: absent, malformed, unknown, idle too long or too old. A
   * session is known by its key, the stored SHA-256 of the cookie value (at-rest.ts): every method here
   * and in orders.ts takes the key, never the cookie value.
   */
  async existing(cookie: string | undefined): Promise<string | null> {
    if (cookie === undefined || !SESSION_ID.test(cookie)) return null;
    const key = atRest(cookie);
    const row = await this.#store.session(key);
    if (!row) return null;
    const now = this.#now();
    if (now - row.updated_at >= SESSION_IDLE_SECONDS * 1000) return null;
    if (now - row.created_at >= SESSION_ABSOLUTE_SECONDS * 1000) return null;
    if (now - row.updated_at >= TOUCH_EVERY_MS) await this.#touch(key);
    return key;
  }

  /** A new session: its key, and the cookie value to set (`token`). */
  async create(): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = atRest(token);
    await this.#store.insertSession(id, this.#now());
    return { id, token };
  }

  /**
   * The same session (its bag, its draft orders, its limits) under a new cookie value: the old value opens
   * nothing any more. Gives the new key and the cookie value to set.
   */
  async rotate(key: string): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = atRest(token);
    await this.#store.transaction((tx) => tx.moveSession(key, id));
    return { id, token };
  }

  async count(sessionId: string): Promise<number> {
    return (await this.#store.cartLines(sessionId)).reduce((sum, line) => sum + line.qty, 0);
  }

  /** The product and variant, or 404. */
  async #lookup(productId: number, variantId: number): Promise<VariantRow> {
    if (!(await this.#store.product(productId))) throw notFound('product not found.');
    const variant = await this.#store.variant(variantId);
    if (!variant || variant.product_id !== productId) throw notFound('variant not found for this product.');
    return variant;
  }

  async add(sessionId: string, request: AddToCart): Promise<Cart> {
    const variant = await this.#lookup(request.productId, request.variantId);
    const line = await this.#store.cartLine(sessionId, request.productId, request.variantId);
    const existing = line?.qty ?? 0;
    const qty = existing + request.addQty;
    if (variant.total_stock === 0) {
      throw new ApiError(409, 'OUT_OF_STOCK', 'This variant is out of stock', { availableQty: 0 });
    }
    if (qty > variant.total_stock) {
      throw new ApiError(409, 'EXCEEDS_STOCK', `Only ${variant.total_stock} in stock`, {
        availableQty: Math.max(0, variant.total_stock - existing),
      });
    }
    if (qty > MAX_LINE_QTY) {
      throw new ApiError(409, 'QTY_LIMIT', `At most ${MAX_LINE_QTY} per line`, {
        availableQty: Math.max(0, MAX_LINE_QTY - existing),
      });
    }
    if (line === undefined) await this.#roomForAnotherLine(sessionId);
    await this.#store.upsertCartLine(sessionId, request.productId, request.variantId, qty);
    await this.#touch(sessionId);
    return (await this.view(sessionId, 'ja')).cart;
  }

  async setQty(sessionId: string, request: SetQty): Promise<Cart> {
    const variant = await this.#lookup(request.productId, request.variantId);
    if (!(await this.#store.cartLine(sessionId, request.productId, request.variantId))) {
      throw notFound('product qty not found.');
    }
    if (request.qty === 0) {
      await this.#store.deleteCartLine(sessionId, request.productId, request.variantId);
    } else {
      if (variant.total_stock === 0) {
        throw new ApiError(409, 'OUT_OF_STOCK', 'This variant is out of stock', { availableQty: 0 });
      }
      if (request.qty > variant.total_stock) {
        throw new ApiError(409, 'EXCEEDS_STOCK', `Only ${variant.total_stock} in stock`, {
          availableQty: variant.total_stock,
        });
      }
      await this.#store.setLineQty(sessionId, request.productId, request.variantId, request.qty);
    }
    await this.#touch(sessionId);
    return (await this.view(sessionId, request.lang)).cart;
  }

  async setReceive(sessionId: string, request: SetReceive): Promise<Cart> {
    await this.#lookup(request.productId, request.variantId);
    const changed = await this.#store.setLineReceive(
      sessionId,
      request.productId,
      request.variantId,
      request.receive,
    );
    if (changed === 0) throw notFound('product receive not found.');
    await this.#touch(sessionId);
    return (await this.view(sessionId, request.lang)).cart;
  }

  /**
   * Sets a line's のし and message card (a field left out keeps the line's). Refused with 422 and the first
   * reason's code, each field at fault with its Japanese message, before anything changes.
   */
  async setGift(sessionId: string, request: SetGift): Promise<Cart> {
    await this.#lookup(request.productId, request.variantId);
    const line = await this.#store.cartLine(sessionId, request.productId, request.variantId);
    if (!line) throw notFound('product gift not found.');
    const accepts = (await this.#store.noshiProducts([request.productId])).has(request.productId);
    const stored = line.gift === null ? null : (JSON.parse(line.gift) as LineGift);
    const result = checkGift(
      {
        ...(request.noshi === undefined ? {} : { noshi: request.noshi }),
        ...(request.message === undefined ? {} : { message: request.message }),
      },
      { accepts, shipped: line.receive === 'ship', current: stored, titles: this.#config.noshiTitles },
    );
    if (!result.ok) {
      const fields = Object.fromEntries(
        Object.entries(result.reasons).map(([field, reason]) => [field, giftMessage(reason)]),
      );
      throw new ApiError(422, GIFT_CODES[result.first], 'The gift is not valid', { fields });
    }
    const gift = result.gift === null ? null : JSON.stringify(result.gift);
    await this.#store.setLineGift(sessionId, request.productId, request.variantId, gift);
    await this.#touch(sessionId);
    return (await this.view(sessionId, request.lang)).cart;
  }

  async setWrapping(sessionId: string, wrapping: boolean, lang: Lang = 'ja'): Promise<Cart> {
    await this.#store.setWrapping(sessionId, wrapping);
    await this.#touch(sessionId);
    return (await this.view(sessionId, lang)).cart;
  }

  /** 409 BAG_FULL when the bag already holds as many lines as a bag may (CATALOG_BAG_MAX_LINES). */
  async #roomForAnotherLine(sessionId: string): Promise<void> {
    const lines = (await this.#store.cartLines(sessionId)).length;
    if (lines >= this.#config.bagMaxLines) {
      throw new ApiError(409, 'BAG_FULL', `A bag holds at most ${this.#config.bagMaxLines} lines`, {
        maxLines: this.#config.bagMaxLines,
      });
    }
  }

  /** Deletes the sessions past either limit, with their bags; returns how many sessions went. */
  deleteExpiredSessions(): Promise<number> {
    const now = this.#now();
    return this.#store.deleteExpiredSessions(
      now - SESSION_IDLE_SECONDS * 1000,
      now - SESSION_ABSOLUTE_SECONDS * 1000,
    );
  }

  async #touch(sessionId: string): Promise<void> {
    await this.#store.touchSession(sessionId, this.#now());
  }

  /** What shipping and wrapping cost before they are chosen (the bag shows them beside the choices). */
  #rates(): NonNullable<Cart['rates']> {
    const { shippingCharge, freeShippingFrom, wrappingFee } = this.#config;
    return { shippingCharge, freeShippingFrom, wrappingFee };
  }

  /** The bag of a visitor without a session: empty, with nothing stored. */
  empty(): Cart {
    return {
      products: [],
      count: 0,
      shippingCharge: 0,
      wrapping: false,
      wrappingFee: 0,
      subtotal: 0,
      grandTotal: 0,
      warning: [],
      chatOrder: false,
      rates: this.#rates(),
      noshiTitles: [...this.#config.noshiTitles],
    };
  }

  /** The bag in a language, with charges and warnings against current stock. Drops lines whose product is gone. */
  async view(sessionId: string, lang: Lang): Promise<CartView> {
    const [session, rows] = await Promise.all([
      this.#store.session(sessionId),
      this.#store.cartLines(sessionId),
    ]);
    const variants = new Map(
      (await this.#store.variantsByIds(rows.map((row) => row.variant_id))).map((v) => [v.id, v]),
    );
    const noshi = await this.#store.noshiProducts(rows.map((row) => row.product_id));
    const lines: LineDetail[] = [];
    const warning: CartWarning[] = [];
    const products = new Map<number, Product | null>();
    for (const row of rows) {
      const variant = variants.get(row.variant_id);
      let product = products.get(row.product_id);
      if (product === undefined) {
        product = await this.#catalog.product(row.product_id, lang);
        products.set(row.product_id, product);
      }
      if (!product || !variant || variant.product_id !== row.product_id) {
        await this.#store.deleteCartLine(sessionId, row.product_id, row.variant_id);
        continue;
      }
      const variantTitle = this.#catalog.variantTitle(variant, lang);
      const title = lineTitle(product.title, variantTitle, lang);
      const imageId = variant.image_id;
      const imageSrc = imageId !== null ? this.#catalog.imageSrc(imageId) : (product.images[0]?.src ?? null);
      const totalPrice = variant.price * row.qty;
      const gift = giftOf(row.gift, row.receive);
      lines.push({
        line: {
          productId: row.product_id,
          variantId: row.variant_id,
          title: product.title,
          variantTitle,
          imageSrc,
          qty: row.qty,
          price: variant.price,
          totalPrice,
          receive: row.receive,
          ...(gift === null ? {} : { gift }),
        },
        product: {
          ...product,
          price: variant.price,
          totalPrice,
          selectVariantId: row.variant_id,
          qty: row.qty,
          receive: row.receive,
          noshi: noshi.has(row.product_id),
          ...(gift === null ? {} : { gift }),
        },
        variant,
        areaIds: product.areas,
      });
      const problem = lineWarning(row.qty, row.receive, variant);
      if (problem) warning.push({ productId: row.product_id, variantId: row.variant_id, title, ...problem });
    }
    const wrapping = (session?.wrapping ?? 0) === 1;
    const charges = computeCharges(
      lines.map((l) => l.line),
      wrapping,
      this.#config,
    );
    return {
      cart: {
        products: lines.map((l) => l.product),
        count: lines.reduce((sum, l) => sum + l.line.qty, 0),
        shippingCharge: charges.shippingCharge,
        wrapping,
        wrappingFee: charges.wrappingFee,
        subtotal: charges.subtotal,
        grandTotal: charges.grandTotal,
        warning,
        chatOrder: (session?.chat_order ?? 0) === 1,
        rates: this.#rates(),
        noshiTitles: [...this.#config.noshiTitles],
      },
      lines,
    };
  }
}
