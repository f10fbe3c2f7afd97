/**
 * QR, order and shipment resources. The cart lives in the API's cookie session; the browser reaches it
 * same-origin through /api, so every call here sends cookies (the client's `credentials: 'include'`). The
 * bag page's own calls go through plain fetch (cart-bag.ts), the header's count and adding a product too
 * (cart-lean.ts, cart-add.ts).
 */

import { type CatalogClient, call, catalogClient } from './client.ts';
import type { components } from './schema.gen.ts';

type Schemas = components['schemas'];
export type CartConfirmation = Schemas['CartConfirmation'];
export type CartConfirmationError = Schemas['CartConfirmationError'];
export type DraftOrderStatus = Schemas['DraftOrderStatus'];
export type Order = Schemas['Order'];
export type Shipment = Schemas['Shipment'];
export type ShipmentAddress = Schemas['ShipmentAddress'];
export type OrderLine = Schemas['OrderLine'];

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
