/**
 * Cart, QR and order resources. The cart lives in the API's cookie session; the browser reaches it
 * same-origin through /api, so every call here sends cookies (the client's `credentials: 'include'`).
 */

import { type CatalogClient, call, catalogClient } from './client.ts';
import type { components } from './schema.gen.ts';
import type { Cart, Lang, Receive } from './types.ts';

type Schemas = components['schemas'];
export type QrIssued = Schemas['QrIssued'];
export type CartConfirmation = Schemas['CartConfirmation'];
export type CartConfirmationError = Schemas['CartConfirmationError'];
export type DraftOrderStatus = Schemas['DraftOrderStatus'];
export type Order = Schemas['Order'];
export type Shipment = Schemas['Shipment'];
export type ShipmentAddress = Schemas['ShipmentAddress'];
export type OrderLine = Schemas['OrderLine'];

export interface CartLineKey {
  productId: number;
  variantId: number;
}

/** Sets a line's quantity; 0 removes it. */
export function setCartQty(
  line: CartLineKey & { qty: number; lang?: Lang },
  client: CatalogClient = catalogClient(),
): Promise<Cart> {
  return call('PUT /catalog/cart/product-qty', 'product qty not found.', () =>
    client.PUT('/catalog/cart/product-qty', { body: line }),
  );
}

/** Chooses store pickup or shipping for a line. */
export function setCartReceive(
  line: CartLineKey & { receive: Receive; lang?: Lang },
  client: CatalogClient = catalogClient(),
): Promise<Cart> {
  return call('PUT /catalog/cart/product-receive', 'product receive not found.', () =>
    client.PUT('/catalog/cart/product-receive', { body: line }),
  );
}

/** Turns gift wrapping on or off; the bag answered in `lang` when given. */
export function setCartWrapping(
  wrapping: boolean,
  lang?: Lang,
  client: CatalogClient = catalogClient(),
): Promise<Cart> {
  return call('PUT /catalog/cart/wrapping', 'cart not found.', () =>
    client.PUT('/catalog/cart/wrapping', { body: lang ? { wrapping, lang } : { wrapping } }),
  );
}

/** The bag with its charges, checked against current stock (warnings). */
export function checkCart(lang?: Lang, client: CatalogClient = catalogClient()): Promise<Cart> {
  return call('POST /catalog/cart', 'cart not found.', () =>
    client.POST('/catalog/cart', { body: lang ? { lang } : {} }),
  );
}

/** Issues the QR draft order for the bag. */
export function issueCartQr(
  options: { lang?: Lang; via?: 'chat' } = {},
  client: CatalogClient = catalogClient(),
): Promise<QrIssued> {
  return call('POST /catalog/cart/qr', 'draft order not found.', () =>
    client.POST('/catalog/cart/qr', { body: options }),
  );
}

/** The confirmation behind a draft order, or its errorCode. */
export function getCartConfirmation(
  alias: string,
  client: CatalogClient = catalogClient(),
): Promise<CartConfirmation | CartConfirmationError> {
  return call(`GET /catalog/cart/qr/${alias}`, 'draft order not found.', () =>
    client.GET('/catalog/cart/qr/{alias}', { params: { path: { alias } } }),
  );
}

/** The draft order's status. */
export function getDraftOrderStatus(
  alias: string,
  client: CatalogClient = catalogClient(),
): Promise<DraftOrderStatus> {
  return call(`GET /catalog/cart/qr/${alias}/status`, 'draft order not found.', () =>
    client.GET('/catalog/cart/qr/{alias}/status', { params: { path: { alias } } }),
  );
}

/** An order by its alias. */
export function getOrder(orderAlias: string, client: CatalogClient = catalogClient()): Promise<Order> {
  return call(`GET /catalog/orders/${orderAlias}`, 'Something went wrong.', () =>
    client.GET('/catalog/orders/{orderAlias}', { params: { path: { orderAlias } } }),
  );
}

/** A shipment by its alias. */
export function getShipment(
  shipmentAlias: string,
  client: CatalogClient = catalogClient(),
): Promise<Shipment> {
  return call(`GET /catalog/shipments/${shipmentAlias}`, 'Something went wrong.', () =>
    client.GET('/catalog/shipments/{shipmentAlias}', { params: { path: { shipmentAlias } } }),
  );
}

/** Gives a shipment its delivery address; a 422 carries per-field Japanese messages. */
export function putShipmentAddress(
  shipmentAlias: string,
  address: ShipmentAddress,
  client: CatalogClient = catalogClient(),
): Promise<Shipment> {
  return call(`PUT /catalog/shipments/${shipmentAlias}/address`, 'Something went wrong.', () =>
    client.PUT('/catalog/shipments/{shipmentAlias}/address', {
      params: { path: { shipmentAlias } },
      body: address,
    }),
  );
}
