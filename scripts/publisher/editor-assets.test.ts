import vm from 'node:vm';
import { EDITOR_SCRIPT, EDITOR_STYLE } from './editor-assets.ts';

describe("the editor page's script and style", () => {
  test('the script is JavaScript that writes text, never markup', () => {
    expect(() => new vm.Script(EDITOR_SCRIPT, { filename: '/editor/editor.js' })).not.toThrow();
    expect(EDITOR_SCRIPT).toContain('textContent');
    expect(EDITOR_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  test('the style has balanced rules', () => {
    expect(EDITOR_STYLE.split('{').length).toBe(EDITOR_STYLE.split('}').length);
    expect(EDITOR_STYLE).toContain('.status--failed');
  });
});
