import { describe, expect, it } from 'vitest';
import { renderOnce } from './render-once.ts';

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
});
