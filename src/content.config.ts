import { defineCollection } from 'astro:content';
import { areasLoader, productsLoader, tenantsLoader } from './lib/catalog/loaders.ts';

export const collections = {
  areas: defineCollection(areasLoader()),
  tenants: defineCollection(tenantsLoader()),
  products: defineCollection(productsLoader()),
};
