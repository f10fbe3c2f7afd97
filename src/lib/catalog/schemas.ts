/**
 * Schema checks for build-time entries: every entry a loader stores is parsed with these, so a payload that
 * breaks the contract fails the build instead of rendering a broken page. They read tolerantly: a field the
 * build does not know (the backend adding one) is dropped, not refused. The compile-time checks at the
 * bottom keep them equal to the generated contract types.
 */
import { z } from 'astro/zod';
import { FALLBACK_IMAGE_SRC } from '../images.ts';
import type { Area, Product, Tenant } from './types.ts';

const id = z.number().int().positive();
const url = z.string().url();
const yen = z.number().int().nonnegative();

export const areaSchema = z.object({
  id,
  imageSrc: url,
  description: z.string(),
  place: z.enum(['a', 'b', 'c', 'd']),
});

export const tenantSchema = z.object({
  id,
  name: z.string().min(1),
  /** A brand without a logo shows the fallback logo image. */
  logoSrc: z
    .union([url, z.literal(''), z.null()])
    .optional()
    .transform((src) => src || FALLBACK_IMAGE_SRC),
  description: z.string(),
  officialSiteUrl: url.nullable(),
});

const imageSchema = z.object({ id: z.number().int(), src: url });

const variantSchema = z.object({
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
    z.object({
      name: z.string(),
      value: z.string(),
      displayName: z.string(),
      displayValue: z.string(),
    }),
  ),
});

export const productSchema = z.object({
  id,
  shopifyProductId: z.string(),
  images: z.array(imageSchema),
  title: z.string().min(1),
  descriptionHtml: z.string(),
  variants: z.array(variantSchema).min(1),
  tenant: tenantSchema,
  videoSrc: url.nullable(),
  tags: z.array(z.object({ id, name: z.string() })),
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
