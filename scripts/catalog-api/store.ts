/**
 * Every query of the running server, as typed Kysely calls that mean the same on PostgreSQL and SQLite.
 * A Store works over the database or over an open transaction (`transaction`), so a service runs the same
 * queries inside and outside one.
 */
import { sql } from 'kysely';
import {
  type Database,
  type Db,
  type Dialect,
  type DraftOrderRow,
  type Executor,
  inTransaction,
  type ShipmentRow,
  type VariantRow,
} from './database.ts';

export type { DraftOrderRow, ShipmentRow, VariantRow };

/** The limit counters kept per bag session (`<prefix><session key>`): they move with the session. */
const SESSION_LIMIT_PREFIXES = ['qr:', 'write-bag:'] as const;

/** Lists longer than this are queried in parts (SQLite takes at most 32,766 parameters a statement). */
const IN_LIST_MAX = 1000;

function chunks<T>(items: readonly T[], size = IN_LIST_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class Store {
  readonly db: Executor;
  readonly dialect: Dialect;
  readonly #root: Db | null;

  constructor(db: Executor, dialect: Dialect, root: Db | null = db.isTransaction ? null : (db as Db)) {
    this.db = db;
    this.dialect = dialect;
    this.#root = root;
  }

  static of(database: Database): Store {
    return new Store(database.db, database.dialect);
  }

  /**
   * Runs `work` with a Store inside one transaction (run again on a conflict another instance caused;
   * database.ts, inTransaction). Inside a transaction it joins it.
   */
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.#root === null) return work(this);
    return inTransaction(this.#root, (tx) => work(new Store(tx, this.dialect, null)));
  }

  /** On PostgreSQL, `SELECT … FOR UPDATE` holds the rows until the transaction ends; SQLite writes one at a time. */
  #forUpdate<Q extends { forUpdate(): Q }>(query: Q): Q {
    return this.dialect === 'postgres' && this.db.isTransaction ? query.forUpdate() : query;
  }

  // ------------------------------------------------------------------------------------------- catalogue
  areas() {
    return this.db.selectFrom('areas').selectAll().orderBy('id').execute();
  }
  tenants() {
    return this.db.selectFrom('tenants').selectAll().orderBy('id').execute();
  }
  tags() {
    return this.db.selectFrom('tags').selectAll().orderBy('id').execute();
  }
  product(id: number) {
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async productCount(): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  async productIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('products').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }
  async #byProducts<T>(ids: readonly number[], query: (part: number[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (const part of chunks(ids)) if (part.length > 0) out.push(...(await query(part)));
    return out;
  }
  productsByIds(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db.selectFrom('products').selectAll().where('id', 'in', part).execute(),
    );
  }
  areasByProducts(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db
        .selectFrom('product_areas')
        .select(['product_id', 'area_id'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('area_id')
        .execute(),
    );
  }
  tagsByProducts(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db
        .selectFrom('product_tags')
        .select(['product_id', 'tag_id'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('tag_id')
        .execute(),
    );
  }
  imagesByProducts(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db
        .selectFrom('images')
        .selectAll()
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('position')
        .execute(),
    );
  }
  variantsByProducts(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db
        .selectFrom('variants')
        .selectAll()
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('position')
        .execute(),
    );
  }
  variant(id: number) {
    return this.db.selectFrom('variants').selectAll().where('id', '=', id).executeTakeFirst();
  }
  variantsByIds(ids: readonly number[]) {
    return this.#byProducts(ids, (part) =>
      this.db.selectFrom('variants').selectAll().where('id', 'in', part).execute(),
    );
  }
  image(id: number) {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async imageIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('images').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }
  async tenantIdsInArea(areaId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('product_areas as pa')
      .innerJoin('products as p', 'p.id', 'pa.product_id')
      .select('p.tenant_id')
      .distinct()
      .where('pa.area_id', '=', areaId)
      .orderBy('p.tenant_id')
      .execute();
    return rows.map((row) => row.tenant_id);
  }
  /**
   * Takes `qty` from a variant's stock, `storeQty` of it from the store's: a conditional update, so two
   * instances selling the last unit at once sell it once. True when the stock was there.
   */
  async decrementStock(variantId: number, qty: number, storeQty: number): Promise<boolean> {
    const result = await this.db
      .updateTable('variants')
      .set({
        total_stock: sql`total_stock - ${qty}`,
        // The shop's stock never exceeds the total: both drop, the shop's to the new total at most.
        stock_in_shop: sql`CASE WHEN stock_in_shop - ${storeQty} < total_stock - ${qty}
          THEN stock_in_shop - ${storeQty} ELSE total_stock - ${qty} END`,
      })
      .where('id', '=', variantId)
      .where('total_stock', '>=', qty)
      .where('stock_in_shop', '>=', storeQty)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  /** Marks products as changed in a catalogue version (catalog-version.ts). */
  async markProductsChanged(ids: readonly number[], version: number): Promise<void> {
    for (const part of chunks(ids)) {
      if (part.length > 0) {
        await this.db.updateTable('products').set({ changed_in: version }).where('id', 'in', part).execute();
      }
    }
  }
  async productsChangedSince(version: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('changed_in', '>', version)
      .execute();
    return rows.map((row) => row.id);
  }
  async setProductTexts(id: number, texts: string): Promise<boolean> {
    const result = await this.db
      .updateTable('products')
      .set({ texts })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  productForUpdate(id: number) {
    return this.#forUpdate(
      this.db.selectFrom('products').selectAll().where('id', '=', id),
    ).executeTakeFirst();
  }
  /** Ids of a page of products and the total count, optionally in one area and for some tenants. */
  async productPage(filter: { areaId?: number; tenantIds?: number[] }, limit: number, offset: number) {
    let query = this.db.selectFrom('products as p');
    if (filter.areaId !== undefined) {
      const areaId = filter.areaId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_areas as pa')
            .select('pa.product_id')
            .whereRef('pa.product_id', '=', 'p.id')
            .where('pa.area_id', '=', areaId),
        ),
      );
    }
    if (filter.tenantIds !== undefined && filter.tenantIds.length > 0) {
      query = query.where('p.tenant_id', 'in', filter.tenantIds);
    }
    const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.select('p.id').orderBy('p.id').limit(limit).offset(offset).execute();
    return { ids: rows.map((row) => row.id), count: Number(count?.n ?? 0) };
  }

  // ------------------------------------------------------------------------------------------- meta
  async metaValue(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }
  metaValueForUpdate(key: string) {
    return this.#forUpdate(
      this.db.selectFrom('meta').select('value').where('key', '=', key),
    ).executeTakeFirst();
  }
  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  // ------------------------------------------------------------------------------------------- sessions
  session(id: string) {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async insertSession(id: string, now: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  async touchSession(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ updated_at: now }).where('id', '=', id).execute();
  }
  /** The session's bag, drafts and choices under a new key; the old key opens nothing. */
  async moveSession(from: string, to: string): Promise<void> {
    await this.db
      .insertInto('sessions')
      .columns(['id', 'wrapping', 'chat_order', 'created_at', 'updated_at'])
      .expression(
        this.db
          .selectFrom('sessions')
          .select([sql<string>`${to}`.as('id'), 'wrapping', 'chat_order', 'created_at', 'updated_at'])
          .where('id', '=', from),
      )
      .execute();
    await this.db.updateTable('cart_lines').set({ session_id: to }).where('session_id', '=', from).execute();
    await this.db
      .updateTable('draft_orders')
      .set({ session_id: to })
      .where('session_id', '=', from)
      .execute();
    // Its limits follow it (routes/bag.ts, app.ts): a new cookie value must not start the counts again.
    for (const prefix of SESSION_LIMIT_PREFIXES) {
      await this.db
        .updateTable('rate_windows')
        .set({ key: `${prefix}${to}` })
        .where('key', '=', `${prefix}${from}`)
        .execute();
    }
    await this.db.deleteFrom('sessions').where('id', '=', from).execute();
  }
  /** Deletes sessions idle since `idleBefore` or begun before `startedBefore`; their bags go with them. */
  async deleteExpiredSessions(idleBefore: number, startedBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('updated_at', '<', idleBefore), eb('created_at', '<', startedBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
  async setWrapping(id: string, wrapping: boolean): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ wrapping: wrapping ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }
  async setChatOrder(id: string, chat: boolean): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ chat_order: chat ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  // ------------------------------------------------------------------------------------------- bag lines
  cartLines(sessionId: string) {
    return this.db
      .selectFrom('cart_lines')
      .select(['product_id', 'variant_id', 'qty', 'receive', 'gift'])
      .where('session_id', '=', sessionId)
      .orderBy('line_id')
      .execute();
  }
  cartLine(sessionId: string, productId: number, variantId: number) {
    return this.db
      .selectFrom('cart_lines')
      .select(['product_id', 'variant_id', 'qty', 'receive', 'gift'])
      .where('session_id', '=', sessionId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
  }
  async upsertCartLine(sessionId: string, productId: number, variantId: number, qty: number): Promise<void> {
    await this.db
      .insertInto('cart_lines')
      .values({ session_id: sessionId, product_id: productId, variant_id: variantId, qty, receive: 'ship' })
      .onConflict((oc) => oc.columns(['session_id', 'product_id', 'variant_id']).doUpdateSet({ qty }))
      .execute();
  }
  async #updateLine(
    sessionId: string,
    productId: number,
    variantId: number,
    set: { qty?: number; receive?: 'store' | 'ship'; gift?: string | null },
  ): Promise<number> {
    const result = await this.db
      .updateTable('cart_lines')
      .set(set)
      .where('session_id', '=', sessionId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  setLineQty(sessionId: string, productId: number, variantId: number, qty: number) {
    return this.#updateLine(sessionId, productId, variantId, { qty });
  }
  setLineReceive(sessionId: string, productId: number, variantId: number, receive: 'store' | 'ship') {
    return this.#updateLine(sessionId, productId, variantId, { receive });
  }
  /** Sets a line's gift (JSON, or null for none); the number of lines changed. */
  setLineGift(sessionId: string, productId: number, variantId: number, gift: string | null) {
    return this.#updateLine(sessionId, productId, variantId, { gift });
  }
  /** Of the products `ids`, those that take のし. */
  async noshiProducts(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .where('noshi', '=', 1)
      .execute();
    return new Set(rows.map((row) => row.id));
  }
  async deleteCartLine(sessionId: string, productId: number, variantId: number): Promise<void> {
    await this.db
      .deleteFrom('cart_lines')
      .where('session_id', '=', sessionId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', variantId)
      .execute();
  }
  async orderSession(orderAlias: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('orders as o')
      .innerJoin('draft_orders as d', 'd.alias', 'o.draft_alias')
      .select('d.session_id')
      .where('o.alias', '=', orderAlias)
      .executeTakeFirst();
    return row?.session_id;
  }

  // ------------------------------------------------------------------------------------------- drafts
  draftOrder(alias: string) {
    return this.db.selectFrom('draft_orders').selectAll().where('alias', '=', alias).executeTakeFirst();
  }
  pendingDraftByCounterCode(code: string) {
    return this.db
      .selectFrom('draft_orders')
      .selectAll()
      .where('counter_code', '=', code)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }
  async counterCodeTaken(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('draft_orders')
      .select('alias')
      .where('counter_code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }
  async insertDraftOrder(row: Omit<DraftOrderRow, 'status' | 'order_alias_sealed'>): Promise<void> {
    await this.db
      .insertInto('draft_orders')
      .values({ ...row, status: 'pending', order_alias_sealed: null })
      .execute();
  }
  /** A draft no longer pending has no counter code: what staff type reaches pending drafts only. */
  static readonly #NO_CODE = { counter_code: null, alias_sealed_by_code: null, code_sealed_by_alias: null };
  /** Cancels the session's pending draft, keeping only its status: what it listed is dropped at once. */
  async cancelPendingDrafts(sessionId: string): Promise<void> {
    await this.db
      .updateTable('draft_orders')
      .set({ status: 'cancelled', snapshot: '', ...Store.#NO_CODE })
      .where('session_id', '=', sessionId)
      .where('status', '=', 'pending')
      .execute();
  }
  /** Claims a pending draft as paid: true for the one caller that moved it from pending. */
  async completeDraft(alias: string, orderAliasSealed: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('draft_orders')
      .set({ status: 'completed', order_alias_sealed: orderAliasSealed, ...Store.#NO_CODE })
      .where('alias', '=', alias)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  async expireDraft(alias: string, now: number): Promise<void> {
    await this.db
      .updateTable('draft_orders')
      .set({ expires_at: now })
      .where('alias', '=', alias)
      .where('status', '=', 'pending')
      .execute();
  }
  /** Deletes the drafts never paid (cancelled, or pending past their time limit) whose limit ended before `before`. */
  async deleteEndedDrafts(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('draft_orders')
      .where('status', '!=', 'completed')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // ------------------------------------------------------------------------------------------- orders
  order(alias: string) {
    return this.db.selectFrom('orders').selectAll().where('alias', '=', alias).executeTakeFirst();
  }
  async setOrderData(alias: string, data: string): Promise<void> {
    await this.db.updateTable('orders').set({ data }).where('alias', '=', alias).execute();
  }
  async insertOrder(alias: string, draftAlias: string, now: number, data: string): Promise<void> {
    await this.db
      .insertInto('orders')
      .values({ alias, draft_alias: draftAlias, status: 'paid', created_at: now, data })
      .execute();
  }
  shipment(alias: string) {
    return this.db.selectFrom('shipments').selectAll().where('alias', '=', alias).executeTakeFirst();
  }
  shipmentForUpdate(alias: string) {
    return this.#forUpdate(
      this.db.selectFrom('shipments').selectAll().where('alias', '=', alias),
    ).executeTakeFirst();
  }
  shipmentsOfOrder(orderAlias: string) {
    return this.db
      .selectFrom('shipments')
      .selectAll()
      .where('order_alias', '=', orderAlias)
      .orderBy('position')
      .execute();
  }
  async insertShipment(
    row: Pick<
      ShipmentRow,
      'alias' | 'order_alias' | 'position' | 'lines' | 'updated_at' | 'alias_sealed' | 'order_alias_sealed'
    >,
  ): Promise<void> {
    await this.db
      .insertInto('shipments')
      .values({ ...row, status: 'awaiting_address', address: null, address_summary: null, shipped_at: null })
      .execute();
  }
  async updateShipment(
    alias: string,
    set: Partial<
      Pick<
        ShipmentRow,
        | 'status'
        | 'address'
        | 'address_summary'
        | 'updated_at'
        | 'shipped_at'
        | 'address_changed_at'
        | 'lines'
      >
    >,
  ): Promise<void> {
    await this.db.updateTable('shipments').set(set).where('alias', '=', alias).execute();
  }
  /** Shipments that still hold an address and left before `before`. */
  async shippedAddressesBefore(before: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('shipments')
      .select('alias')
      .where('address', 'is not', null)
      .where('shipped_at', '<', before)
      .execute();
    return rows.map((row) => row.alias);
  }
  /** Every shipment holding an address (its alias and the sealed address): for a key rotation. */
  shipmentsWithAddress() {
    return this.db
      .selectFrom('shipments')
      .select(['alias', 'address'])
      .where('address', 'is not', null)
      .orderBy('alias')
      .execute();
  }

  // ------------------------------------------------------------------------------------------- staff
  staffSession(token: string) {
    return this.db.selectFrom('staff_sessions').selectAll().where('token', '=', token).executeTakeFirst();
  }
  async insertStaffSession(token: string, account: string, now: number): Promise<void> {
    await this.db
      .insertInto('staff_sessions')
      .values({ token, account, created_at: now, last_used: now })
      .execute();
  }
  async touchStaffSession(token: string, now: number): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ last_used: now }).where('token', '=', token).execute();
  }
  async deleteStaffSession(token: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('token', '=', token).execute();
  }
  async deleteStaffSessionsBefore(createdBefore: number, usedBefore: number): Promise<void> {
    await this.db
      .deleteFrom('staff_sessions')
      .where((eb) => eb.or([eb('created_at', '<', createdBefore), eb('last_used', '<', usedBefore)]))
      .execute();
  }

  staffDevice(token: string) {
    return this.db.selectFrom('staff_devices').selectAll().where('token', '=', token).executeTakeFirst();
  }
  /** Records (or refreshes) a device staff signed in on. */
  async saveStaffDevice(token: string, account: string, now: number): Promise<void> {
    await this.db
      .insertInto('staff_devices')
      .values({ token, account, created_at: now, last_used: now })
      .onConflict((oc) => oc.column('token').doUpdateSet({ account, last_used: now }))
      .execute();
  }
  async deleteStaffDevicesBefore(usedBefore: number): Promise<void> {
    await this.db.deleteFrom('staff_devices').where('last_used', '<', usedBefore).execute();
  }

  // ------------------------------------------------------------------------------------------- limits
  signInFailures(key: string) {
    return this.db.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
  }
  /** One more failure for `key`, counted from 1 again when the last one is older than `forgetBefore`. */
  async addSignInFailure(key: string, now: number, forgetBefore: number): Promise<void> {
    await this.db
      .insertInto('sign_in_failures')
      .values({ key, failures: 1, last_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`CASE WHEN sign_in_failures.last_at < ${forgetBefore} THEN 1 ELSE sign_in_failures.failures + 1 END`,
          last_at: now,
        }),
      )
      .execute();
  }
  async deleteSignInFailures(key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
  }
  /**
   * One hit in `key`'s fixed window of `windowMs` (a new window when the last began that long ago): the
   * hits so far in the window and when it began. One statement, so instances counting together count right.
   */
  async hitWindow(
    key: string,
    now: number,
    windowMs: number,
  ): Promise<{ hits: number; windowStart: number }> {
    const expired = now - windowMs;
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`CASE WHEN rate_windows.window_start <= ${expired} THEN 1 ELSE rate_windows.hits + 1 END`,
          window_start: sql`CASE WHEN rate_windows.window_start <= ${expired} THEN ${now} ELSE rate_windows.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), windowStart: Number(row.window_start) };
  }
  rateWindow(key: string) {
    return this.db.selectFrom('rate_windows').selectAll().where('key', '=', key).executeTakeFirst();
  }
  async unhitWindow(key: string): Promise<void> {
    await this.db
      .updateTable('rate_windows')
      .set({ hits: sql`CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END` })
      .where('key', '=', key)
      .execute();
  }
  async deleteWindow(key: string): Promise<void> {
    await this.db.deleteFrom('rate_windows').where('key', '=', key).execute();
  }
  async addLimitEvents(keys: readonly string[], at: number): Promise<void> {
    await this.db
      .insertInto('limit_events')
      .values(keys.map((key) => ({ key, at })))
      .execute();
  }
  /** The time of `key`'s `nth` most recent event after `since` (1 = the latest), or undefined. */
  async nthRecentEvent(key: string, since: number, nth: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('limit_events')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(1)
      .offset(nth - 1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.at);
  }
  /** Forgets what no limit counts any more: events and windows older than `before`, old failures. */
  async pruneLimits(before: number): Promise<void> {
    await this.db.deleteFrom('limit_events').where('at', '<', before).execute();
    await this.db.deleteFrom('rate_windows').where('window_start', '<', before).execute();
    await this.db.deleteFrom('sign_in_failures').where('last_at', '<', before).execute();
  }
}
