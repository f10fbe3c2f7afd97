import { tenant } from '../../../tests/fixtures/catalogue.ts';
import type { Tenant } from '../../lib/catalog/types.ts';
import { tenantNamesOf } from './tenant-names.ts';

const japanese = [tenant(1, '珈琲焙煎所 月灯り'), tenant(2, '白鷺酒造')];

describe("the brands' names in the chat languages", () => {
  it('keeps each name the brand list gives in a language, by brand', () => {
    const names = tenantNamesOf(japanese, [
      { lang: 'en', tenants: [tenant(1, 'Tsukiakari Coffee Roasters'), tenant(2, 'Shirasagi Sake Brewery')] },
      { lang: 'zh', tenants: [tenant(2, '白鷺酒造'), tenant(1, '月灯咖啡烘焙坊')] },
    ]);
    expect(names).toEqual([
      { id: 1, names: { en: 'Tsukiakari Coffee Roasters', zh: '月灯咖啡烘焙坊' } },
      { id: 2, names: { en: 'Shirasagi Sake Brewery' } },
    ]);
  });

  it('has none in a language whose list names a brand in Japanese (an API that ignores lang) or leaves it out', () => {
    expect(tenantNamesOf(japanese, [{ lang: 'ko', tenants: [japanese[0] as Tenant] }])).toEqual([
      { id: 1, names: {} },
      { id: 2, names: {} },
    ]);
  });
});
