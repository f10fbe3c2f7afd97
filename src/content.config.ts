/**
 * The content layer holds the editors' Markdown only. The catalogue (areas, brands and their names, tags,
 * products) is no collection: the build loads it into its snapshot, and the pages read it through one door,
 * src/engine/catalogue/catalogue-data.ts.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { sitePageSchema, themeSchema } from './lib/content.ts';

export const collections = {
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
