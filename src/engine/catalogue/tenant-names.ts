/**
 * The brands' names in the chat languages, for the chat pages the build renders (in the build's snapshot,
 * read through catalogue-data.ts): the brand list asked in each language (`lang`), kept by brand where it names the brand
 * otherwise than in Japanese. A language whose list answers in Japanese (an API that ignores `lang`) or
 * leaves a brand out gives that brand no name in it; chat then names it by its own rule
 * (src/features/chat/brand-name.ts).
 */
import type { Tenant } from '../../lib/catalog/types.ts';
import type { ChatLanguage } from '../../lib/mode.ts';

/** The languages the brand list is asked in: chat's. */
export const NAMED_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];

/** A brand's names in chat's languages, where they differ from its Japanese name. */
export interface TenantNames {
  id: number;
  names: Partial<Record<ChatLanguage, string>>;
}

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
