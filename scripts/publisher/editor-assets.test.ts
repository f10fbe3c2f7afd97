import vm from 'node:vm';
import { EDITOR_SCRIPT, EDITOR_STYLE } from './editor-assets.ts';
import { BUSY_BUTTON, IDLE_BUTTON } from './editor-page.ts';

describe("the editor page's script and style", () => {
  test('the script is JavaScript that writes text, never markup', () => {
    expect(() => new vm.Script(EDITOR_SCRIPT, { filename: '/editor/editor.js' })).not.toThrow();
    expect(EDITOR_SCRIPT).toContain('textContent');
    expect(EDITOR_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  test("the script switches the publish button's words as the page does, and the note on a press during a build", () => {
    expect(EDITOR_SCRIPT).toContain(`button.textContent = body.busy ? '${BUSY_BUTTON}' : '${IDLE_BUTTON}';`);
    expect(EDITOR_SCRIPT).toContain('pressNote.hidden = !body.busy;');
  });

  test('the style has balanced rules', () => {
    expect(EDITOR_STYLE.split('{').length).toBe(EDITOR_STYLE.split('}').length);
    expect(EDITOR_STYLE).toContain('.status--failed');
  });
});
