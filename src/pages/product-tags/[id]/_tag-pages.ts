/** Every page of every tag, for the tag page and its payload (Astro does not route `_` files). */
import { getCollection } from 'astro:content';
import { listings, tagPageSize, tagPages } from '../../../features/catalogue/tags.ts';

/** `TAG_PAGE_SIZE` in the build's environment overrides the 20 per page (the e2e build uses it). */
export async function allTagPages() {
  const [products, areas] = await Promise.all([getCollection('products'), getCollection('areas')]);
  const listed = listings(
    products.map((entry) => entry.data),
    areas.map((entry) => entry.data.id),
  );
  return tagPages(listed, tagPageSize(process.env.TAG_PAGE_SIZE));
}
