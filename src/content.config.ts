import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { areasLoader, tenantNamesLoader, tenantsLoader } from './engine/catalogue/loaders.ts';
import { sitePageSchema, themeSchema } from './lib/content.ts';

export const collections = {
  areas: defineCollection(areasLoader()),
  tenants: defineCollection(tenantsLoader()),
  /** Each brand's names in chat's languages (tenant-names.ts), for the chat pages. */
  tenantNames: defineCollection(tenantNamesLoader()),
  // The products are not a collection: the same load writes them to the build's snapshot
  // (src/engine/catalogue/snapshot.ts), where the pages read them.
  /** The seasonal theme of the home page, authored in src/content/theme/. */
  theme: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/theme' }),
    schema: themeSchema,
  }),
  /** About, terms and 特定商取引法に基づく表記, authored in src/content/pages/. */
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/pages' }),
    schema: sitePageSchema,
  }),
};
