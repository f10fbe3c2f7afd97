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
import type { LineGift } from '../../src/features/bag/gift-rules.ts';
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { validateAddress } from './address.ts';
import type { AddressVault } from './address-key.ts';
import { atRest, seal, unseal } from './at-rest.ts';
import type { CartProduct, CartService, OrderLine } from './cart.ts';
import type { Catalog } from './catalog.ts';
import { bumpCatalogVersion } from './catalog-version.ts';
import type { Config } from './config.ts';
import { counterCodeAtRest, formatCounterCode, newCounterCode } from './counter-code.ts';
import { ApiError, notFound } from './errors.ts';
import { isLang, type Lang, LIST_SEPARATOR, PICKUP_NOTE, PICKUP_PLACES } from './i18n-data.ts';
import type { DraftOrderRow, ShipmentRow, Store } from './store.ts';

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

/** A 市区町村 field's municipality: a 郡's town or village, a ward of a designated city, or the first 市区町村. */
const MUNICIPALITY = /^(.+?郡.+?[町村]|.+?市.+?区|.+?[市区町村])/;

/**
 * The municipality a 市区町村 field begins with, or '' when it names none: the field is free text, and
 * whatever follows the municipality (the town, or a street typed there) is never shown to anyone else.
 */
export function municipalityOf(city: string): string {
  return MUNICIPALITY.exec(city.trim())?.[1] ?? '';
}

/**
 * An address as anyone but its owner sees it: enough to recognise it (prefecture, municipality, the first
 * three digits of the postal code, the last four of the phone), not enough to find or call the recipient.
 */
function maskAddress(address: ShipmentAddress): ShipmentAddress {
  const municipality = municipalityOf(address.city);
  const digits = address.phone.replace(/\D/g, '');
  const postal = address.postalCode.replace(/\D/g, '');
  return {
    ...address,
    city: municipality === address.city.trim() ? municipality : `${municipality}${HIDDEN}`,
    postalCode: `${postal.slice(0, 3)}-＊＊＊＊`,
    street: HIDDEN,
    building: address.building ? HIDDEN : (address.building ?? null),
    name: maskName(address.name),
    nameKana: maskName(address.nameKana),
    phone: `＊＊＊-＊＊＊＊-${digits.slice(-4)}`,
  };
}

/**
 * One line of a draft order: what was chosen and its price when the QR was issued, the titles the shopper
 * was shown (in the draft's language), and what the store counter reads, in Japanese whatever language the
 * shopper ordered in. Ids, quantities, prices and titles only: the product itself is read from the
 * catalogue when a page needs it.
 */
export interface DraftLine {
  productId: number;
  variantId: number;
  qty: number;
  price: number;
  receive: 'store' | 'ship';
  /** The area whose counter hands a pickup line over (the product's first). */
  areaId: number;
  title: string;
  variantTitle: string;
  imageSrc: string | null;
  counter: { title: string; variantTitle: string; brand: string; sku: string };
  /** のし and a message card, as chosen in the bag; absent for none. */
  gift?: LineGift;
}

export interface DraftSnapshot {
  lines: DraftLine[];
  wrapping: boolean;
  shippingCharge: number;
  wrappingFee: number;
  subtotal: number;
  grandTotal: number;
}

/** A draft line as the contract's OrderLine (the shopper's titles). */
function orderLineOf(line: DraftLine): OrderLine {
  return {
    productId: line.productId,
    variantId: line.variantId,
    title: line.title,
    variantTitle: line.variantTitle,
    imageSrc: line.imageSrc,
    qty: line.qty,
    price: line.price,
    totalPrice: line.price * line.qty,
    receive: line.receive,
    ...(line.gift ? { gift: line.gift } : {}),
  };
}

/** A line without the personal texts of its gift: the 名入れ and the message card (the 表書き stays). */
function withoutGiftTexts(line: OrderLine): OrderLine {
  if (!line.gift) return line;
  const noshi = line.gift.noshi ? { ...line.gift.noshi, name: null } : null;
  return { ...line, gift: { noshi, message: null } };
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
  readonly #vault: AddressVault;

  constructor(
    store: Store,
    catalog: Catalog,
    cart: CartService,
    config: Config,
    now: () => number,
    vault: AddressVault,
    /** Draws a counter code (counter-code.ts; tests draw their own to make codes collide). */
    newCode: () => string = newCounterCode,
  ) {
    this.#store = store;
    this.#catalog = catalog;
    this.#cart = cart;
    this.#config = config;
    this.#now = now;
    this.#vault = vault;
    this.#newCode = newCode;
  }

  urlForQrCode(alias: string): string {
    return `${this.#config.publicUrl}/store/qr/${alias}`;
  }

  /**
   * Issues a draft order for the bag: 409 CART_EMPTY / CART_HAS_WARNINGS; cancels the previous pending one.
   * The database holds one pending draft per bag (a unique index): two issues at once leave one.
   */
  async issue(sessionId: string, lang: Lang, chat: boolean): Promise<QrIssued> {
    const { cart, lines } = await this.#cart.view(sessionId, lang);
    if (lines.length === 0) throw new ApiError(409, 'CART_EMPTY', 'The bag is empty');
    if (cart.warning.length > 0) {
      throw new ApiError(409, 'CART_HAS_WARNINGS', 'Some lines cannot be ordered as they stand', {
        warning: cart.warning,
      });
    }
    const draftLines: DraftLine[] = [];
    for (const { line, product, variant, areaIds } of lines) {
      const japanese = lang === 'ja' ? product : await this.#catalog.product(line.productId, 'ja');
      draftLines.push({
        productId: line.productId,
        variantId: line.variantId,
        qty: line.qty,
        price: line.price,
        receive: line.receive,
        areaId: areaIds[0] ?? 1,
        title: line.title,
        variantTitle: line.variantTitle,
        imageSrc: line.imageSrc,
        counter: {
          title: japanese?.title ?? line.title,
          variantTitle: this.#catalog.variantTitle(variant, 'ja'),
          brand: japanese?.tenant.name ?? '',
          sku: variant.sku,
        },
        ...(line.gift ? { gift: line.gift } : {}),
      });
    }
    const snapshot: DraftSnapshot = {
      lines: draftLines,
      wrapping: cart.wrapping,
      shippingCharge: cart.shippingCharge,
      wrappingFee: cart.wrappingFee,
      subtotal: cart.subtotal,
      grandTotal: cart.grandTotal,
    };
    const now = this.#now();
    const expiresAt = now + this.#config.draftOrderTtlSeconds * 1000;
    const alias = newAlias();
    await this.#store.transaction(async (tx) => {
      await tx.cancelPendingDrafts(sessionId);
      const code = await this.#unusedCounterCode(tx);
      await tx.insertDraftOrder({
        alias: atRest(alias),
        session_id: sessionId,
        lang,
        chat_order: chat ? 1 : 0,
        created_at: now,
        expires_at: expiresAt,
        snapshot: JSON.stringify(snapshot),
        counter_code: counterCodeAtRest(code),
        alias_sealed_by_code: seal('draft-of-counter-code', code, alias),
        code_sealed_by_alias: seal('counter-code-of-draft', alias, code),
      });
      await tx.setChatOrder(sessionId, chat);
    });
    return {
      draftOrderAlias: alias,
      expiresAt: iso(expiresAt),
      cart: { ...cart, chatOrder: chat },
      warning: [],
      chatOrder: chat,
    };
  }

  /**
   * A counter code no draft holds (a pending draft holds its code until it is completed or replaced). The
   * unique index decides between two instances drawing the same code at once: the loser's transaction runs
   * again (store.ts, `transaction`).
   */
  async #unusedCounterCode(tx: Store): Promise<string> {
    for (;;) {
      const code = this.#newCode();
      if (!(await tx.counterCodeTaken(counterCodeAtRest(code)))) return code;
    }
  }

  /**
   * The alias of the pending draft order a counter code belongs to, or null: an unknown code, or a draft
   * completed, expired or replaced by a newer QR. Store-counter staff only (app.ts checks).
   */
  async draftAliasOfCounterCode(code: string): Promise<string | null> {
    const row = await this.#store.pendingDraftByCounterCode(counterCodeAtRest(code));
    if (!row || this.effectiveStatus(row) !== 'pending' || row.alias_sealed_by_code === null) return null;
    return unseal('draft-of-counter-code', code, row.alias_sealed_by_code);
  }

  /** The counter code of a pending draft, as the shopper's screen shows it; null once it is not pending. */
  #counterCodeOf(alias: string, row: DraftOrderRow): string | null {
    if (row.code_sealed_by_alias === null) return null;
    const code = unseal('counter-code-of-draft', alias, row.code_sealed_by_alias);
    return code === null ? null : formatCounterCode(code);
  }

  effectiveStatus(row: Pick<DraftOrderRow, 'status' | 'expires_at'>): EffectiveStatus {
    if (row.status === 'pending' && this.#now() >= row.expires_at) return 'expired';
    return row.status;
  }

  /** Lines whose stock is now below the snapshot. */
  async stockShortfalls(lines: readonly DraftLine[], store: Store = this.#store): Promise<DraftLine[]> {
    const variants = new Map(
      (await store.variantsByIds(lines.map((line) => line.variantId))).map((v) => [v.id, v]),
    );
    return lines.filter((line) => {
      const variant = variants.get(line.variantId);
      if (!variant) return true;
      if (variant.total_stock < line.qty) return true;
      return line.receive === 'store' && variant.stock_in_shop < line.qty;
    });
  }

  /** A draft order by its alias; a cancelled one lists nothing (its lines are dropped when it is replaced). */
  async draft(
    alias: string,
    store: Store = this.#store,
  ): Promise<{ row: DraftOrderRow; snapshot: DraftSnapshot | null; status: EffectiveStatus } | null> {
    const row = await store.draftOrder(atRest(alias));
    if (!row) return null;
    const snapshot = row.snapshot === '' ? null : (JSON.parse(row.snapshot) as DraftSnapshot);
    return { row, snapshot, status: this.effectiveStatus(row) };
  }

  /** The alias of the order a draft became, unsealed with the draft's alias; null before payment. */
  #orderOfDraft(alias: string, row: DraftOrderRow): string | null {
    return row.order_alias_sealed === null ? null : unseal('order-of-draft', alias, row.order_alias_sealed);
  }

  /**
   * What the QR page shows. The draft alias travels in the QR code, so anyone who saw the code may hold it:
   * the order it became, and the counter code, are named only to the session that issued it (`viewer`).
   */
  async confirmation(
    alias: string,
    viewer: string | null,
  ): Promise<CartConfirmation | CartConfirmationError> {
    const draft = await this.draft(alias);
    if (!draft) return { errorCode: 'NOT_FOUND' };
    if (draft.status === 'completed') {
      const orderAlias = draft.row.session_id === viewer ? this.#orderOfDraft(alias, draft.row) : null;
      return orderAlias === null ? { errorCode: 'COMPLETED' } : { errorCode: 'COMPLETED', orderAlias };
    }
    // A draft is cancelled only when its bag issues a newer QR code (issue): its page says it was replaced.
    if (draft.status === 'cancelled') return { errorCode: 'REPLACED' };
    const s = draft.snapshot;
    if (draft.status === 'expired' || s === null) return { errorCode: 'EXPIRED' };
    if ((await this.stockShortfalls(s.lines)).length > 0) return { errorCode: 'STOCK_CHANGED' };
    const lang: Lang = isLang(draft.row.lang) ? draft.row.lang : 'ja';
    const products: CartProduct[] = [];
    for (const line of s.lines) {
      const product = await this.#catalog.product(line.productId, lang);
      if (product === null) return { errorCode: 'STOCK_CHANGED' };
      products.push({
        ...product,
        price: line.price,
        totalPrice: line.price * line.qty,
        selectVariantId: line.variantId,
        qty: line.qty,
        receive: line.receive,
        ...(line.gift ? { gift: line.gift } : {}),
      });
    }
    const counterCode = draft.row.session_id === viewer ? this.#counterCodeOf(alias, draft.row) : null;
    return {
      draftOrderAlias: alias,
      ...(counterCode === null ? {} : { counterCode }),
      products,
      shippingCharge: s.shippingCharge,
      wrappingFee: s.wrappingFee,
      subtotal: s.subtotal,
      grandTotal: s.grandTotal,
      urlForQrCode: this.urlForQrCode(alias),
      expiresAt: iso(draft.row.expires_at),
    };
  }

  /** The draft order's status; the order alias only for the session that issued it (see confirmation). */
  async status(alias: string, viewer: string | null): Promise<DraftOrderStatus> {
    const draft = await this.draft(alias);
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
  async expireNow(alias: string): Promise<DraftOrderStatus> {
    const draft = await this.draft(alias);
    if (!draft) throw notFound('draft order not found.');
    if (draft.status !== 'pending') {
      throw new ApiError(409, 'NOT_PENDING', `A draft order in status ${draft.status} cannot expire`);
    }
    await this.#store.expireDraft(atRest(alias), this.#now());
    return this.status(alias, draft.row.session_id);
  }

  /**
   * Deletes the draft orders that were never paid (expired, or cancelled by a newer QR code) a day after
   * their time limit; a paid one stays beside its order. Returns how many went. Run with the hourly sweep.
   */
  deleteEndedDrafts(): Promise<number> {
    return this.#store.deleteEndedDrafts(this.#now() - ENDED_DRAFT_KEPT_MS);
  }

  /**
   * The store counter completes the payment: claims the draft (only one completion can), takes the stock
   * (conditional updates: the last unit is sold once), creates the order and its shipment and takes out of
   * the session's bag exactly what was paid. All or nothing, in one transaction.
   */
  async complete(alias: string): Promise<Order> {
    const result = await this.#store.transaction(async (tx) => {
      const draft = await this.draft(alias, tx);
      if (!draft) throw notFound('draft order not found.');
      const refuse = (status: EffectiveStatus) => {
        if (status === 'completed')
          throw new ApiError(409, 'COMPLETED', 'This draft order has already been paid');
        if (status === 'cancelled') {
          throw new ApiError(409, 'CANCELLED', 'This draft order was replaced by a newer QR code');
        }
        if (status === 'expired') throw new ApiError(409, 'EXPIRED', 'This draft order has expired');
      };
      refuse(draft.status);
      const snapshot = draft.snapshot;
      if (snapshot === null)
        throw new ApiError(409, 'CANCELLED', 'This draft order was replaced by a newer QR code');
      if ((await this.stockShortfalls(snapshot.lines, tx)).length > 0) {
        throw new ApiError(409, 'STOCK_CHANGED', 'Stock has changed since the QR code was issued');
      }
      const now = this.#now();
      const orderAlias = newAlias();
      // The claim: of two counters completing one draft at once, the second finds it no longer pending.
      if (!(await tx.completeDraft(atRest(alias), seal('order-of-draft', alias, orderAlias), now))) {
        const again = await this.draft(alias, tx);
        refuse(again?.status ?? 'completed');
        throw new ApiError(409, 'COMPLETED', 'This draft order has already been paid');
      }
      for (const line of snapshot.lines) {
        const storeQty = line.receive === 'store' ? line.qty : 0;
        if (!(await tx.decrementStock(line.variantId, line.qty, storeQty))) {
          throw new ApiError(409, 'STOCK_CHANGED', 'Stock has changed');
        }
      }
      // The order speaks the language its QR was issued in (chat orders: the visitor's).
      const lang: Lang = isLang(draft.row.lang) ? draft.row.lang : 'ja';
      const places = [
        ...new Set(
          snapshot.lines
            .filter((line) => line.receive === 'store')
            .map((line) => this.#pickupPlace(line.areaId, lang)),
        ),
      ];
      const data: OrderData = {
        lines: snapshot.lines.map(orderLineOf),
        shippingCharge: snapshot.shippingCharge,
        wrapping: snapshot.wrapping,
        wrappingFee: snapshot.wrappingFee,
        subtotal: snapshot.subtotal,
        grandTotal: snapshot.grandTotal,
        pickup:
          places.length > 0 ? { place: places.join(LIST_SEPARATOR[lang]), note: PICKUP_NOTE[lang] } : null,
      };
      await tx.insertOrder(atRest(orderAlias), atRest(alias), now, JSON.stringify(data));
      const shipLines = data.lines.filter((line) => line.receive === 'ship');
      if (shipLines.length > 0) {
        const shipmentAlias = newAlias();
        await tx.insertShipment({
          alias: atRest(shipmentAlias),
          order_alias: atRest(orderAlias),
          position: 0,
          lines: JSON.stringify(shipLines),
          updated_at: now,
          alias_sealed: seal('shipment-of-order', orderAlias, shipmentAlias),
          order_alias_sealed: seal('order-of-shipment', shipmentAlias, orderAlias),
        });
      }
      await this.#takePaidLines(tx, draft.row.session_id, snapshot);
      const productIds = [...new Set(snapshot.lines.map((line) => line.productId))];
      // Stock moved: product pages show it, so the catalogue has a new version.
      await bumpCatalogVersion(tx, now, productIds);
      return { orderAlias, productIds };
    });
    this.#catalog.invalidate(result.productIds);
    return this.order(result.orderAlias, null);
  }

  /**
   * Removes from the bag the quantities of the paid lines. Lines added or raised after the QR was issued
   * stay (a raised line keeps what exceeds the paid quantity); so does the wrapping choice while the bag still
   * holds something to wrap.
   */
  async #takePaidLines(tx: Store, sessionId: string, snapshot: DraftSnapshot): Promise<void> {
    for (const paid of snapshot.lines) {
      const line = await tx.cartLine(sessionId, paid.productId, paid.variantId);
      if (!line) continue;
      const left = line.qty - paid.qty;
      if (left > 0) await tx.setLineQty(sessionId, paid.productId, paid.variantId, left);
      else await tx.deleteCartLine(sessionId, paid.productId, paid.variantId);
    }
    if ((await tx.cartLines(sessionId)).length === 0) await tx.setWrapping(sessionId, false);
  }

  /** Where an area's store-pickup lines are collected, in a language (the area's own text in ja). */
  #pickupPlace(areaId: number, lang: Lang): string {
    const japanese = this.#catalog.pickupPlace(areaId) ?? PICKUP_PLACES[0]?.ja ?? '';
    if (lang === 'ja') return japanese;
    const known = PICKUP_PLACES.find((place) => place.ja === japanese);
    return known?.[lang] ?? japanese;
  }

  /** Where a store line is handed over, in Japanese (what the store counter reads). */
  counterPickupPlace(line: Pick<DraftLine, 'areaId'>): string {
    return this.#pickupPlace(line.areaId, 'ja');
  }

  /** Whether a session is the one that issued the draft order behind an order. */
  async #owns(orderAlias: string, viewer: string | null): Promise<boolean> {
    return viewer !== null && (await this.#store.orderSession(atRest(orderAlias))) === viewer;
  }

  /**
   * An order, for a holder of its alias (a capability the shopper keeps; only the issuing session is ever
   * told it). Delivery addresses are masked unless the viewer is the issuing session.
   */
  async order(orderAlias: string, viewer: string | null): Promise<Order> {
    const row = await this.#store.order(atRest(orderAlias));
    if (!row) throw notFound('order not found.');
    const owner = await this.#owns(orderAlias, viewer);
    const data = JSON.parse(row.data) as OrderData;
    const shipments = (await this.#store.shipmentsOfOrder(row.alias)).map((s) => {
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

  /**
   * A shipment as the contract shapes it. The owner sees the address opened with the address key; anyone
   * else, and everyone once the address is deleted after shipping, sees its summary.
   */
  #shipmentBody(row: ShipmentRow, shipmentAlias: string, orderAlias: string, owner: boolean): Shipment {
    const opened = owner && row.address !== null ? this.#vault.open(row.address, row.alias) : null;
    const summary =
      row.address_summary === null ? null : (JSON.parse(row.address_summary) as ShipmentAddress);
    const address = opened === null ? summary : (JSON.parse(opened) as ShipmentAddress);
    return {
      shipmentAlias,
      orderAlias,
      status: row.status,
      lines: JSON.parse(row.lines) as OrderLine[],
      address,
      addressMasked: address !== null && opened === null,
      addressChangedAt: row.address_changed_at === null ? null : iso(row.address_changed_at),
    };
  }

  /** A shipment, for a holder of its alias (the address link); the address masked unless the viewer owns it. */
  async shipment(alias: string, viewer: string | null): Promise<Shipment> {
    const row = await this.#store.shipment(atRest(alias));
    if (!row) throw notFound('shipment not found.');
    const orderAlias = unseal('order-of-shipment', alias, row.order_alias_sealed);
    if (orderAlias === null) throw new Error('the order of this shipment cannot be unsealed');
    return this.#shipmentBody(row, alias, orderAlias, await this.#owns(orderAlias, viewer));
  }

  /**
   * Sets (or corrects, before shipping) the address, for a holder of the shipment's alias: 409 once shipped,
   * 422 with Japanese field messages; a correction is dated (`addressChangedAt`). Stored sealed (address-key.ts) beside its masked summary. The answer
   * masks the address unless the viewer owns the order.
   */
  async putAddress(alias: string, body: unknown, viewer: string | null): Promise<Shipment> {
    const key = atRest(alias);
    const row = await this.#store.shipment(key);
    if (!row) throw notFound('shipment not found.');
    const result = validateAddress(body, this.#now());
    if (row.status === 'shipped' || row.status === 'delivered') {
      throw new ApiError(409, 'ALREADY_SHIPPED', 'The shipment has left; its address can no longer change');
    }
    if (!result.ok) {
      throw new ApiError(422, 'INVALID_ADDRESS', 'Some fields are invalid', { fields: result.fields });
    }
    await this.#store.transaction(async (tx) => {
      const current = await tx.shipmentForUpdate(key);
      if (current?.status === 'shipped' || current?.status === 'delivered') {
        throw new ApiError(409, 'ALREADY_SHIPPED', 'The shipment has left; its address can no longer change');
      }
      const now = this.#now();
      await tx.updateShipment(key, {
        status: 'address_received',
        address: this.#vault.seal(JSON.stringify(result.address), key),
        address_summary: JSON.stringify(maskAddress(result.address)),
        updated_at: now,
        // A holder of the link may correct the address until it ships; after the first, the change is
        // dated so that the buyer's order page says so (SECURITY.md).
        ...(current?.status === 'address_received' ? { address_changed_at: now } : {}),
      });
    });
    return this.shipment(alias, viewer);
  }

  /** Staff: the shipment has left (address_received → shipped); its address is kept for the retention. */
  async markShipped(alias: string): Promise<Shipment> {
    const key = atRest(alias);
    const row = await this.#store.shipment(key);
    if (!row) throw notFound('shipment not found.');
    if (row.status !== 'address_received') {
      throw new ApiError(409, 'NOT_READY', `A shipment in status ${row.status} cannot be shipped`);
    }
    const now = this.#now();
    await this.#store.updateShipment(key, { status: 'shipped', updated_at: now, shipped_at: now });
    return this.shipment(alias, null);
  }

  /**
   * Deletes the addresses of shipments that left more than the retention ago (their summaries stay), and
   * with them the personal texts of their lines' gifts: the 名入れ and the message card (the 表書き stays).
   * Returns how many went. Run with the hourly sweep.
   */
  async purgeShippedAddresses(): Promise<number> {
    const before = this.#now() - this.#config.addressRetentionDays * 86_400_000;
    const aliases = await this.#store.shippedAddressesBefore(before);
    for (const alias of aliases) {
      await this.#store.transaction(async (tx) => {
        const row = await tx.shipment(alias);
        if (!row) return;
        const lines = JSON.parse(row.lines) as OrderLine[];
        await tx.updateShipment(alias, { address: null, lines: JSON.stringify(lines.map(withoutGiftTexts)) });
        // The same lines in the order: their 名入れ and message card go too.
        const order = await tx.order(row.order_alias);
        if (!order) return;
        const shipped = new Set(lines.map((line) => `${line.productId}:${line.variantId}`));
        const data = JSON.parse(order.data) as OrderData;
        data.lines = data.lines.map((line) =>
          line.receive === 'ship' && shipped.has(`${line.productId}:${line.variantId}`)
            ? withoutGiftTexts(line)
            : line,
        );
        await tx.setOrderData(row.order_alias, JSON.stringify(data));
      });
    }
    return aliases.length;
  }
}
