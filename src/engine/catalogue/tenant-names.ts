/**
 * The brands' names in the chat languages, for the chat pages the build renders (the tenantNames
 * collection): the brand list asked in each language (`lang`), kept by brand where it names the brand
 * otherwise than in Japanese. A language whose list answers in Japanese (an API that ignores `lang`) or
 * leaves a brand out gives that brand no name in it; chat then names it by its own rule
 * (src/features/chat/brand-name.ts).
 */
import { z } from 'astro/zod';
import type { Tenant } from '../../lib/catalog/types.ts';
import type { ChatLanguage } from '../../lib/mode.ts';

const name = z.string().min(1).optional();
const chatNames = { en: name, zh: name, ko: name } satisfies Record<ChatLanguage, typeof name>;

/** The languages the brand list is asked in: chat's. */
export const NAMED_LANGUAGES = Object.keys(chatNames) as ChatLanguage[];

export const tenantNamesSchema = z.object({
  id: z.number().int().positive(),
  names: z.object(chatNames),
});

export type TenantNames = z.infer<typeof tenantNamesSchema>;

/** Each brand of the Japanese list with its names in the languages of `lists` (each list checked already). */
export function tenantNamesOf(
  tenants: readonly Pick<Tenant, 'id' | 'name'>[],
  lists: readonly { lang: ChatLanguage; tenants: readonly Pick<Tenant, 'id' | 'name'>[] }[],
): TenantNames[] {
  const named = lists.map(({ lang, tenants: list }) => ({
    lang,
    byId: new Map(list.map((tenant) => [tenant.id, tenant.name])),
  }));
  return tenants.map(({ id, name: japanese }) => {
    const names: TenantNames['names'] = {};
    for (const { lang, byId } of named) {
      const name = byId.get(id);
      if (name !== undefined && name !== japanese) names[lang] = name;
    }
    return { id, names };
  });
}
