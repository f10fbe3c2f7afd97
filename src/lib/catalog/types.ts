/** Domain types of the catalogue, named from the generated contract types (never edited by hand). */
import type { components } from './schema.gen.ts';

type Schemas = components['schemas'];

export type Area = Schemas['Area'];
export type Tenant = Schemas['Tenant'];
export type Tag = Schemas['Tag'];
export type ProductImage = Schemas['Image'];
export type Variant = Schemas['Variant'];
export type Product = Schemas['Product'];
export type ProductPage = Schemas['ProductPage'];
export type Lang = Schemas['Lang'];
export type CatalogVersion = Schemas['CatalogVersion'];
export type Cart = Schemas['Cart'];
export type CartProduct = Schemas['CartProduct'];
export type CartWarning = Schemas['CartWarning'];
export type Receive = Schemas['Receive'];
export type Noshi = Schemas['Noshi'];
export type LineGift = Schemas['LineGift'];

/** `a` → `BASE A`. */
export function placeLabel(place: Area['place']): string {
  return `BASE ${place.toUpperCase()}`;
}
