/**
 * Draft orders (the QR hand-off), their completion at the store counter, orders, shipments and addresses.
 *
 * Stock is decremented only when the store counter completes a draft order. A draft order is a snapshot of the
 * bag (lines, prices, charges) with a time limit; issuing a new one cancels the session's pending one.
 *
 * Aliases are stored as their SHA-256 and looked up by it (at-rest.ts): every method takes the alias as
 * given out, and an alias another link leads to is read back by unsealing it with that link. Session ids
 * here are already keys (cart.ts).
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { validateAddress } from './address.ts';
import { atRest, seal, unseal } from './at-rest.ts';
import type { CartProduct, CartService, OrderLine } from './cart.ts';
import type { Catalog } from './catalog.ts';
import { bumpCatalogVersion } from './catalog-version.ts';
import type { Config } from './config.ts';
import { counterCodeAtRest, formatCounterCode, newCounterCode } from './counter-code.ts';
import { type DraftOrderRow, type ShipmentRow, type Store, transaction } from './db.ts';
import { ApiError, notFound } from './errors.ts';
import { isLang, type Lang, LIST_SEPARATOR, PICKUP_NOTE, PICKUP_PLACES } from './i18n-data.ts';

export type QrIssued = components['schemas']['QrIssued'];
export type CartConfirmation = components['schemas']['CartConfirmation'];
export type CartConfirmationError = components['schemas']['CartConfirmationError'];
export type DraftOrderStatus = components['schemas']['DraftOrderStatus'];
export type Order = components['schemas']['Order'];
export type Shipment = components['schemas']['Shipment'];
type ShipmentAddress = components['schemas']['ShipmentAddress'];

const HIDDEN = '＊＊＊';

/** Keeps the first character of a name, hides the rest. */
function maskName(value: string): string {
  const first = Array.from(value.trim())[0] ?? '';
  return `${first}${HIDDEN}`;
}

/**
 * An address as anyone but its owner sees it: enough to recognise it (prefecture, city, the first three
 * digits of the postal code, the last four of the phone), not enough to find or call the recipient.
 */
function maskAddress(address: ShipmentAddress): ShipmentAddress {
  const digits = address.phone.replace(/\D/g, '');
  const postal = address.postalCode.replace(/\D/g, '');
  return {
    ...address,
    postalCode: `${postal.slice(0, 3)}-＊＊＊＊`,
    street: HIDDEN,
    building: address.building ? HIDDEN : (address.building ?? null),
    name: maskName(address.name),
    nameKana: maskName(address.nameKana),
    phone: `＊＊＊-＊＊＊＊-${digits.slice(-4)}`,
  };
}

export interface DraftSnapshot {
  products: CartProduct[];
  lines: OrderLine[];
  /** Per line, the areas of its product (the first decides the pickup counter). */
  areaIds: number[][];
  wrapping: boolean;
  shippingCharge: number;
  wrappingFee: number;
  subtotal: number;
  grandTotal: number;
}

interface OrderData {
  lines: OrderLine[];
  shippingCharge: number;
  wrapping: boolean;
  wrappingFee: number;
  subtotal: number;
  grandTotal: number;
  pickup: Order['pickup'];
}

export type EffectiveStatus = DraftOrderStatus['status'];

/** An unguessable URL-safe alias: 24 random bytes, base64url (32 characters). */
function newAlias(): string {
  return randomBytes(24).toString('base64url');
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A draft order never paid is kept this long after its time limit (its QR page says what became of it). */
const ENDED_DRAFT_KEPT_MS = 24 * 3600_000;

export class OrderService {
  readonly #store: Store;
  readonly #catalog: Catalog;
  readonly #cart: CartService;
  readonly #config: Config;
  readonly #now: () => number;
  readonly #newCode: () => string;

  constructor(
    store: Store,
    catalog: Catalog,
    cart: CartService,
    config: Config,
    now: () => number,
    /** Draws a counter code (counter-code.ts; tests draw their own to make codes collide). */
    newCode: () => string = newCounterCode,
  ) {
    this.#store = store;
    this.#catalog = catalog;
    this.#cart = cart;
    this.#config = config;
    this.#now = now;
    this.#newCode = newCode;
  }

  urlForQrCode(alias: string): string {
    return `${this.#config.publicUrl}/store/qr/${alias}`;
  }

  /** Issues a draft order for the bag: 409 CART_EMPTY / CART_HAS_WARNINGS; cancels the previous pending one. */
  issue(sessionId: string, lang: Lang, chat: boolean): QrIssued {
    const { cart, lines } = this.#cart.view(sessionId, lang);
    if (lines.length === 0) throw new ApiError(409, 'CART_EMPTY', 'The bag is empty');
    if (cart.warning.length > 0) {
      throw new ApiError(409, 'CART_HAS_WARNINGS', 'Some lines cannot be ordered as they stand', {
        warning: cart.warning,
      });
    }
    const now = this.#now();
    const expiresAt = now + this.#config.draftOrderTtlSeconds * 1000;
    const alias = newAlias();
    const snapshot: DraftSnapshot = {
      products: cart.products,
      lines: lines.map((l) => l.line),
      areaIds: lines.map((l) => l.areaIds),
      wrapping: cart.wrapping,
      shippingCharge: cart.shippingCharge,
      wrappingFee: cart.wrappingFee,
      subtotal: cart.subtotal,
      grandTotal: cart.grandTotal,
    };
    transaction(this.#store.db, () => {
      this.#store.cancelPendingDrafts.run(sessionId);
      const code = this.#unusedCounterCode();
      this.#store.insertDraftOrder.run(
        atRest(alias),
        sessionId,
        lang,
        chat ? 1 : 0,
        now,
        expiresAt,
        JSON.stringify(snapshot),
        counterCodeAtRest(code),
        seal('draft-of-counter-code', code, alias),
        seal('counter-code-of-draft', alias, code),
      );
      this.#store.setChatOrder.run(chat ? 1 : 0, sessionId);
    });
    return {
      draftOrderAlias: alias,
      expiresAt: iso(expiresAt),
      cart: { ...cart, chatOrder: chat },
      warning: [],
      chatOrder: chat,
    };
  }

  /** A counter code no draft holds (a pending draft holds its code until it is completed or replaced). */
  #unusedCounterCode(): string {
    for (;;) {
      const code = this.#newCode();
      if (!this.#store.counterCodeTaken.get(counterCodeAtRest(code))) return code;
    }
  }

  /**
   * The alias of the pending draft order a counter code belongs to, or null: an unknown code, or a draft
   * completed, expired or replaced by a newer QR. Store-counter staff only (app.ts checks).
   */
  draftAliasOfCounterCode(code: string): string | null {
    const row = this.#store.pendingDraftByCounterCode.get(counterCodeAtRest(code));
    if (!row || this.effectiveStatus(row) !== 'pending' || row.alias_sealed_by_code === null) return null;
    return unseal('draft-of-counter-code', code, row.alias_sealed_by_code);
  }

  /** The counter code of a pending draft, as the shopper's screen shows it; null once it is not pending. */
  #counterCodeOf(alias: string, row: DraftOrderRow): string | null {
    if (row.code_sealed_by_alias === null) return null;
    const code = unseal('counter-code-of-draft', alias, row.code_sealed_by_alias);
    return code === null ? null : formatCounterCode(code);
  }

  effectiveStatus(row: DraftOrderRow): EffectiveStatus {
    if (row.status === 'pending' && this.#now() >= row.expires_at) return 'expired';
    return row.status;
  }

  /** Lines whose stock is now below the snapshot. */
  stockShortfalls(snapshot: DraftSnapshot): OrderLine[] {
    return snapshot.lines.filter((line) => {
      const variant = this.#store.variant.get(line.variantId);
      if (!variant) return true;
      if (variant.total_stock < line.qty) return true;
      return line.receive === 'store' && variant.stock_in_shop < line.qty;
    });
  }

  draft(alias: string): { row: DraftOrderRow; snapshot: DraftSnapshot; status: EffectiveStatus } | null {
    const row = this.#store.draftOrder.get(atRest(alias));
    if (!row) return null;
    return { row, snapshot: JSON.parse(row.snapshot) as DraftSnapshot, status: this.effectiveStatus(row) };
  }

  /** The alias of the order a draft became, unsealed with the draft's alias; null before payment. */
  #orderOfDraft(alias: string, row: DraftOrderRow): string | null {
    return row.order_alias_sealed === null ? null : unseal('order-of-draft', alias, row.order_alias_sealed);
  }

  /**
   * What the QR page shows. The draft alias travels in the QR code, so anyone who saw the code may hold it:
   * the order it became, and the counter code, are named only to the session that issued it (`viewer`).
   */
  confirmation(alias: string, viewer: string | null): CartConfirmation | CartConfirmationError {
    const draft = this.draft(alias);
    if (!draft) return { errorCode: 'NOT_FOUND' };
    if (draft.status === 'completed') {
      const orderAlias = draft.row.session_id === viewer ? this.#orderOfDraft(alias, draft.row) : null;
      return orderAlias === null ? { errorCode: 'COMPLETED' } : { errorCode: 'COMPLETED', orderAlias };
    }
    if (draft.status === 'expired' || draft.status === 'cancelled') return { errorCode: 'EXPIRED' };
    if (this.stockShortfalls(draft.snapshot).length > 0) return { errorCode: 'STOCK_CHANGED' };
    const s = draft.snapshot;
    const counterCode = draft.row.session_id === viewer ? this.#counterCodeOf(alias, draft.row) : null;
    return {
      draftOrderAlias: alias,
      ...(counterCode === null ? {} : { counterCode }),
      products: s.products,
      shippingCharge: s.shippingCharge,
      wrappingFee: s.wrappingFee,
      subtotal: s.subtotal,
      grandTotal: s.grandTotal,
      urlForQrCode: this.urlForQrCode(alias),
      expiresAt: iso(draft.row.expires_at),
    };
  }

  /** The draft order's status; the order alias only for the session that issued it (see confirmation). */
  status(alias: string, viewer: string | null): DraftOrderStatus {
    const draft = this.draft(alias);
    if (!draft) throw notFound('draft order not found.');
    const body: DraftOrderStatus = {
      draftOrderAlias: alias,
      status: draft.status,
      expiresAt: iso(draft.row.expires_at),
    };
    const orderAlias = draft.row.session_id === viewer ? this.#orderOfDraft(alias, draft.row) : null;
    if (orderAlias !== null) body.orderAlias = orderAlias;
    return body;
  }

  /**
   * Test hook (loopback only): ends a pending draft order's time limit now, so an end-to-end test sees it
   * expire without waiting and without lowering the time limit of a server other tests share.
   */
  expireNow(alias: string): DraftOrderStatus {
    const draft = this.draft(alias);
    if (!draft) throw notFound('draft order not found.');
    if (draft.status !== 'pending') {
      throw new ApiError(409, 'NOT_PENDING', `A draft order in status ${draft.status} cannot expire`);
    }
    this.#store.expireDraft.run(this.#now(), atRest(alias));
    return this.status(alias, draft.row.session_id);
  }

  /**
   * Deletes the draft orders that were never paid (expired, or cancelled by a newer QR code) a day after
   * their time limit; a paid one stays beside its order. Returns how many went. Run with the hourly sweep.
   */
  deleteEndedDrafts(): number {
    return this.#store.deleteEndedDrafts.run(this.#now() - ENDED_DRAFT_KEPT_MS);
  }

  /**
   * The store counter completes the payment: re-checks stock, decrements it, creates the order and its
   * shipment, marks the draft completed and takes out of the session's bag exactly what was paid. All or
   * nothing.
   */
  complete(alias: string): Order {
    const result = transaction(this.#store.db, () => {
      const draft = this.draft(alias);
      if (!draft) throw notFound('draft order not found.');
      if (draft.status === 'completed') {
        throw new ApiError(409, 'COMPLETED', 'This draft order has already been paid');
      }
      if (draft.status === 'cancelled') {
        throw new ApiError(409, 'CANCELLED', 'This draft order was replaced by a newer QR code');
      }
      if (draft.status === 'expired') throw new ApiError(409, 'EXPIRED', 'This draft order has expired');
      const snapshot = draft.snapshot;
      if (this.stockShortfalls(snapshot).length > 0) {
        throw new ApiError(409, 'STOCK_CHANGED', 'Stock has changed since the QR code was issued');
      }
      for (const line of snapshot.lines) {
        const storeQty = line.receive === 'store' ? line.qty : 0;
        const changed = this.#store.decrementStock.run(line.qty, storeQty, line.variantId);
        if (changed !== 1) throw new ApiError(409, 'STOCK_CHANGED', 'Stock has changed');
      }
      const now = this.#now();
      const orderAlias = newAlias();
      // The order speaks the language its QR was issued in (chat orders: the visitor's).
      const lang: Lang = isLang(draft.row.lang) ? draft.row.lang : 'ja';
      const storeLines = snapshot.lines
        .map((line, index) => ({ line, areas: snapshot.areaIds[index] ?? [] }))
        .filter(({ line }) => line.receive === 'store');
      const places = [...new Set(storeLines.map(({ areas }) => this.#pickupPlace(areas[0] ?? 1, lang)))];
      const data: OrderData = {
        lines: snapshot.lines,
        shippingCharge: snapshot.shippingCharge,
        wrapping: snapshot.wrapping,
        wrappingFee: snapshot.wrappingFee,
        subtotal: snapshot.subtotal,
        grandTotal: snapshot.grandTotal,
        pickup:
          places.length > 0 ? { place: places.join(LIST_SEPARATOR[lang]), note: PICKUP_NOTE[lang] } : null,
      };
      this.#store.insertOrder.run(atRest(orderAlias), atRest(alias), now, JSON.stringify(data));
      const shipLines = snapshot.lines.filter((line) => line.receive === 'ship');
      if (shipLines.length > 0) {
        const shipmentAlias = newAlias();
        this.#store.insertShipment.run(
          atRest(shipmentAlias),
          atRest(orderAlias),
          0,
          JSON.stringify(shipLines),
          now,
          seal('shipment-of-order', orderAlias, shipmentAlias),
          seal('order-of-shipment', shipmentAlias, orderAlias),
        );
      }
      this.#store.completeDraft.run(seal('order-of-draft', alias, orderAlias), atRest(alias));
      this.#takePaidLines(draft.row.session_id, snapshot);
      // Stock moved: product pages show it, so the catalogue has a new version.
      bumpCatalogVersion(this.#store.db, now);
      return { orderAlias, productIds: snapshot.lines.map((line) => line.productId) };
    });
    this.#catalog.invalidate(result.productIds);
    return this.order(result.orderAlias, null);
  }

  /**
   * Removes from the bag the quantities of the paid lines. Lines added or raised after the QR was issued
   * stay (a raised line keeps what exceeds the paid quantity); so does the wrapping choice while the bag still
   * holds something to wrap.
   */
  #takePaidLines(sessionId: string, snapshot: DraftSnapshot): void {
    for (const paid of snapshot.lines) {
      const line = this.#store.cartLine.get(sessionId, paid.productId, paid.variantId);
      if (!line) continue;
      const left = line.qty - paid.qty;
      if (left > 0) this.#store.setLineQty.run(left, sessionId, paid.productId, paid.variantId);
      else this.#store.deleteCartLine.run(sessionId, paid.productId, paid.variantId);
    }
    if (this.#store.cartLines.all(sessionId).length === 0) this.#store.setWrapping.run(0, sessionId);
  }

  /** Where an area's store-pickup lines are collected, in the order's language (the area's own text in ja). */
  #pickupPlace(areaId: number, lang: Lang): string {
    const japanese = this.#catalog.pickupPlace(areaId) ?? PICKUP_PLACES[0]?.ja ?? '';
    if (lang === 'ja') return japanese;
    const known = PICKUP_PLACES.find((place) => place.ja === japanese);
    return known?.[lang] ?? japanese;
  }

  /** Whether a session is the one that issued the draft order behind an order. */
  #owns(orderAlias: string, viewer: string | null): boolean {
    return viewer !== null && this.#store.orderSession.get(atRest(orderAlias))?.session_id === viewer;
  }

  /**
   * An order, for a holder of its alias (a capability the shopper keeps; only the issuing session is ever
   * told it). Delivery addresses are masked unless the viewer is the issuing session.
   */
  order(orderAlias: string, viewer: string | null): Order {
    const row = this.#store.order.get(atRest(orderAlias));
    if (!row) throw notFound('order not found.');
    const owner = this.#owns(orderAlias, viewer);
    const data = JSON.parse(row.data) as OrderData;
    const shipments = this.#store.shipmentsOfOrder.all(row.alias).map((s) => {
      const shipmentAlias = unseal('shipment-of-order', orderAlias, s.alias_sealed);
      if (shipmentAlias === null) throw new Error('a shipment of this order cannot be unsealed');
      return this.#shipmentBody(s, shipmentAlias, orderAlias, owner);
    });
    return {
      orderAlias,
      status: row.status,
      createdAt: iso(row.created_at),
      lines: data.lines,
      shippingCharge: data.shippingCharge,
      wrapping: data.wrapping,
      wrappingFee: data.wrappingFee,
      subtotal: data.subtotal,
      grandTotal: data.grandTotal,
      pickup: data.pickup,
      shipments,
    };
  }

  #shipmentBody(row: ShipmentRow, shipmentAlias: string, orderAlias: string, owner: boolean): Shipment {
    const address = row.address === null ? null : (JSON.parse(row.address) as ShipmentAddress);
    return {
      shipmentAlias,
      orderAlias,
      status: row.status,
      lines: JSON.parse(row.lines) as OrderLine[],
      address: address === null || owner ? address : maskAddress(address),
      addressMasked: address !== null && !owner,
    };
  }

  /** A shipment, for a holder of its alias (the address link); the address masked unless the viewer owns it. */
  shipment(alias: string, viewer: string | null): Shipment {
    const row = this.#store.shipment.get(atRest(alias));
    if (!row) throw notFound('shipment not found.');
    const orderAlias = unseal('order-of-shipment', alias, row.order_alias_sealed);
    if (orderAlias === null) throw new Error('the order of this shipment cannot be unsealed');
    return this.#shipmentBody(row, alias, orderAlias, this.#owns(orderAlias, viewer));
  }

  /**
   * Sets (or corrects, before shipping) the address, for a holder of the shipment's alias: 409 once shipped,
   * 422 with Japanese field messages. The answer masks the address unless the viewer owns the order.
   */
  putAddress(alias: string, body: unknown, viewer: string | null): Shipment {
    const row = this.#store.shipment.get(atRest(alias));
    if (!row) throw notFound('shipment not found.');
    const result = validateAddress(body, this.#now());
    if (row.status === 'shipped' || row.status === 'delivered') {
      throw new ApiError(409, 'ALREADY_SHIPPED', 'The shipment has left; its address can no longer change');
    }
    if (!result.ok) {
      throw new ApiError(422, 'INVALID_ADDRESS', 'Some fields are invalid', { fields: result.fields });
    }
    this.#store.updateShipment.run(
      'address_received',
      JSON.stringify(result.address),
      this.#now(),
      row.alias,
    );
    return this.shipment(alias, viewer);
  }

  /** Staff: the shipment has left (address_received → shipped). */
  markShipped(alias: string): Shipment {
    const row = this.#store.shipment.get(atRest(alias));
    if (!row) throw notFound('shipment not found.');
    if (row.status !== 'address_received') {
      throw new ApiError(409, 'NOT_READY', `A shipment in status ${row.status} cannot be shipped`);
    }
    this.#store.updateShipment.run('shipped', row.address, this.#now(), row.alias);
    return this.shipment(alias, null);
  }
}
