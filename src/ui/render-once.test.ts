import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderedOnce, renderOnce } from './render-once.ts';

describe('markup rendered once per build', () => {
  it('is rendered the first time its key is asked for and given back as it was after that', async () => {
    let renders = 0;
    const header = async () => `<header>${++renders}</header>`;
    expect(await renderOnce('test:header', header)).toBe('<header>1</header>');
    expect(await renderOnce('test:header', header)).toBe('<header>1</header>');
    expect(renders).toBe(1);
  });

  it('is kept apart under another key, such as another area', async () => {
    const guide = (area: number) => async () => `<nav aria-current="${area}"></nav>`;
    expect(await renderOnce('test:guide:1', guide(1))).toBe('<nav aria-current="1"></nav>');
    expect(await renderOnce('test:guide:2', guide(2))).toBe('<nav aria-current="2"></nav>');
    expect(await renderOnce('test:guide:1', guide(2))).toBe('<nav aria-current="1"></nav>');
  });

  describe('asked for before its component is created', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('is there once rendered in a build, so the layout writes it without creating the component', async () => {
      vi.stubEnv('DEV', false);
      expect(renderedOnce('test:footer')).toBeUndefined();
      await renderOnce('test:footer', async () => '<footer></footer>');
      expect(renderedOnce('test:footer')).toBe('<footer></footer>');
    });

    it('is never there under astro dev, where every page renders its parts', async () => {
      await renderOnce('test:dev', async () => '<footer></footer>');
      vi.stubEnv('DEV', true);
      expect(renderedOnce('test:dev')).toBeUndefined();
    });
  });
});
