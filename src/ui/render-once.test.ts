import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderedOnce, renderOnce } from './render-once.ts';

describe('a part rendered once per build', () => {
  it('is rendered the first time it is asked for and given back as it was after that', async () => {
    let renders = 0;
    const header = async () => `<header>${++renders}</header>`;
    expect(await renderOnce({ part: 'site-header' }, header)).toBe('<header>1</header>');
    expect(await renderOnce({ part: 'site-header' }, header)).toBe('<header>1</header>');
    expect(renders).toBe(1);
  });

  it("is kept apart for each area's guide, and for the guide with no area current", async () => {
    const guide = (area: number | string) => async () => `<nav aria-current="${area}"></nav>`;
    expect(await renderOnce({ part: 'area-guide', areaId: 1, areas: [] }, guide(1))).toBe(
      '<nav aria-current="1"></nav>',
    );
    expect(await renderOnce({ part: 'area-guide', areaId: 2, areas: [] }, guide(2))).toBe(
      '<nav aria-current="2"></nav>',
    );
    expect(await renderOnce({ part: 'area-guide', areaId: 1, areas: [] }, guide(2))).toBe(
      '<nav aria-current="1"></nav>',
    );
    expect(await renderOnce({ part: 'area-guide', areas: [] }, guide('none'))).toBe(
      '<nav aria-current="none"></nav>',
    );
  });

  describe('asked for before its component is created', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('is there once rendered in a build, so the layout writes it without creating the component', async () => {
      vi.stubEnv('DEV', false);
      expect(renderedOnce({ part: 'site-footer' })).toBeUndefined();
      await renderOnce({ part: 'site-footer' }, async () => '<footer></footer>');
      expect(renderedOnce({ part: 'site-footer' })).toBe('<footer></footer>');
    });

    it('is never there under astro dev, where every page renders its parts', async () => {
      await renderOnce({ part: 'onboarding-dialog' }, async () => '<template></template>');
      vi.stubEnv('DEV', true);
      expect(renderedOnce({ part: 'onboarding-dialog' })).toBeUndefined();
    });
  });
});
