/**
 * The cookie-session bag: lines keyed by (session, product, variant), receive per line, wrapping per bag,
 * charges from the configuration, and warnings against current stock.
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { atRest } from './at-rest.ts';
import type { Catalog, Product } from './catalog.ts';
import type { Config } from './config.ts';
import { type Store, transaction, type VariantRow } from './db.ts';
import { ApiError, notFound } from './errors.ts';
import type { Lang } from './i18n-data.ts';
import type { AddToCart, SetQty, SetReceive } from './validate.ts';

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
  existing(cookie: string | undefined): string | null {
    if (cookie === undefined || !SESSION_ID.test(cookie)) return null;
    const key = atRest(cookie);
    const row = this.#store.session.get(key);
    if (!row) return null;
    const now = this.#now();
    if (now - row.updated_at >= SESSION_IDLE_SECONDS * 1000) return null;
    if (now - row.created_at >= SESSION_ABSOLUTE_SECONDS * 1000) return null;
    if (now - row.updated_at >= TOUCH_EVERY_MS) this.#touch(key);
    return key;
  }

  /** A new session: its key, and the cookie value to set (`token`). */
  create(): { id: string; token: string } {
    const token = randomBytes(32).toString('base64url');
    const id = atRest(token);
    this.#store.insertSession.run(id, this.#now());
    return { id, token };
  }

  /**
   * The same session (its bag, its draft orders, its limits) under a new cookie value: the old value opens
   * nothing any more. Gives the new key and the cookie value to set.
   */
  rotate(key: string): { id: string; token: string } {
    const token = randomBytes(32).toString('base64url');
    const id = atRest(token);
    transaction(this.#store.db, () => {
      this.#store.copySession.run(id, key);
      this.#store.moveCartLines.run(id, key);
      this.#store.moveDrafts.run(id, key);
      this.#store.deleteSession.run(key);
    });
    return { id, token };
  }

  count(sessionId: string): number {
    return this.#store.cartLines.all(sessionId).reduce((sum, line) => sum + line.qty, 0);
  }

  /** The product and variant, or 404. */
  #lookup(productId: number, variantId: number): VariantRow {
    if (!this.#store.product.get(productId)) throw notFound('product not found.');
    const variant = this.#store.variant.get(variantId);
    if (!variant || variant.product_id !== productId) throw notFound('variant not found for this product.');
    return variant;
  }

  add(sessionId: string, request: AddToCart): Cart {
    const variant = this.#lookup(request.productId, request.variantId);
    const existing = this.#store.cartLine.get(sessionId, request.productId, request.variantId)?.qty ?? 0;
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
    this.#store.upsertCartLine.run(sessionId, request.productId, request.variantId, qty);
    this.#touch(sessionId);
    return this.view(sessionId, 'ja').cart;
  }

  setQty(sessionId: string, request: SetQty): Cart {
    const variant = this.#lookup(request.productId, request.variantId);
    if (!this.#store.cartLine.get(sessionId, request.productId, request.variantId)) {
      throw notFound('product qty not found.');
    }
    if (request.qty === 0) {
      this.#store.deleteCartLine.run(sessionId, request.productId, request.variantId);
    } else {
      if (variant.total_stock === 0) {
        throw new ApiError(409, 'OUT_OF_STOCK', 'This variant is out of stock', { availableQty: 0 });
      }
      if (request.qty > variant.total_stock) {
        throw new ApiError(409, 'EXCEEDS_STOCK', `Only ${variant.total_stock} in stock`, {
          availableQty: variant.total_stock,
        });
      }
      this.#store.setLineQty.run(request.qty, sessionId, request.productId, request.variantId);
    }
    this.#touch(sessionId);
    return this.view(sessionId, request.lang).cart;
  }

  setReceive(sessionId: string, request: SetReceive): Cart {
    this.#lookup(request.productId, request.variantId);
    const changed = this.#store.setLineReceive.run(
      request.receive,
      sessionId,
      request.productId,
      request.variantId,
    );
    if (changed === 0) throw notFound('product receive not found.');
    this.#touch(sessionId);
    return this.view(sessionId, request.lang).cart;
  }

  setWrapping(sessionId: string, wrapping: boolean, lang: Lang = 'ja'): Cart {
    this.#store.setWrapping.run(wrapping ? 1 : 0, sessionId);
    this.#touch(sessionId);
    return this.view(sessionId, lang).cart;
  }

  /** Deletes the sessions past either limit, with their bags; returns how many sessions went. */
  deleteExpiredSessions(): number {
    const now = this.#now();
    const idleBefore = now - SESSION_IDLE_SECONDS * 1000;
    const startedBefore = now - SESSION_ABSOLUTE_SECONDS * 1000;
    this.#store.deleteExpiredSessionLines.run(idleBefore, startedBefore);
    return this.#store.deleteExpiredSessions.run(idleBefore, startedBefore);
  }

  #touch(sessionId: string): void {
    this.#store.touchSession.run(this.#now(), sessionId);
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
    };
  }

  /** The bag in a language, with charges and warnings against current stock. Drops lines whose product is gone. */
  view(sessionId: string, lang: Lang): CartView {
    const session = this.#store.session.get(sessionId);
    const rows = this.#store.cartLines.all(sessionId);
    const lines: LineDetail[] = [];
    const warning: CartWarning[] = [];
    const products = new Map<number, Product | null>();
    for (const row of rows) {
      const variant = this.#store.variant.get(row.variant_id);
      let product = products.get(row.product_id);
      if (product === undefined) {
        product = this.#catalog.product(row.product_id, lang);
        products.set(row.product_id, product);
      }
      if (!product || !variant || variant.product_id !== row.product_id) {
        this.#store.deleteCartLine.run(sessionId, row.product_id, row.variant_id);
        continue;
      }
      const variantTitle = this.#catalog.variantTitle(variant, lang);
      const title = lineTitle(product.title, variantTitle, lang);
      const imageId = variant.image_id;
      const imageSrc = imageId !== null ? this.#catalog.imageSrc(imageId) : (product.images[0]?.src ?? null);
      const totalPrice = variant.price * row.qty;
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
        },
        product: {
          ...product,
          price: variant.price,
          totalPrice,
          selectVariantId: row.variant_id,
          qty: row.qty,
          receive: row.receive,
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
      },
      lines,
    };
  }
}
