/**
 * Schema checks for build-time entries: every entry a loader stores is parsed with these, so a payload that
 * drifts from the contract fails the build instead of rendering a broken page. The compile-time checks at
 * the bottom keep them equal to the generated contract types.
 */
import { z } from 'astro/zod';
import type { Area, Product, Tenant } from './types.ts';

const id = z.number().int().positive();
const url = z.string().url();
const yen = z.number().int().nonnegative();

export const areaSchema = z.strictObject({
  id,
  imageSrc: url,
  description: z.string(),
  place: z.enum(['a', 'b', 'c', 'd']),
});

export const tenantSchema = z.strictObject({
  id,
  name: z.string().min(1),
  logoSrc: url,
  description: z.string(),
  officialSiteUrl: url.nullable(),
});

const imageSchema = z.strictObject({ id: z.number().int(), src: url });

const variantSchema = z.strictObject({
  id,
  sku: z.string(),
  title: z.string(),
  compareAtPrice: yen.nullable(),
  price: yen,
  isSale: z.boolean(),
  stockInShop: z.number().int().nonnegative(),
  totalStock: z.number().int().nonnegative(),
  imageId: z.number().int().nullable(),
  image: imageSchema.nullable(),
  options: z.array(
    z.strictObject({
      name: z.string(),
      value: z.string(),
      displayName: z.string(),
      displayValue: z.string(),
    }),
  ),
});

export const productSchema = z.strictObject({
  id,
  shopifyProductId: z.string(),
  images: z.array(imageSchema),
  title: z.string().min(1),
  descriptionHtml: z.string(),
  variants: z.array(variantSchema).min(1),
  tenant: tenantSchema,
  videoSrc: url.nullable(),
  tags: z.array(z.strictObject({ id, name: z.string() })),
  stockInShop: z.number().int().nonnegative(),
  areas: z.array(id),
});

// Compile-time: the schemas and the contract's types are the same shape, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof areaSchema>, Area>,
  Same<z.infer<typeof tenantSchema>, Tenant>,
  Same<z.infer<typeof productSchema>, Product>,
] = [true, true, true];
void sameShapes;
