import { leaveChat } from '../../tests/fixtures/mode.ts';
import { $mode, chatLanguageNow, enterChat } from './mode.ts';

afterEach(leaveChat);

describe('the mode', () => {
  it('is the web catalogue until chat mode is entered', () => {
    expect($mode.get()).toEqual({ kind: 'web' });
    expect(chatLanguageNow()).toBeUndefined();
  });

  it('is chat mode in the visitor’s language once entered', () => {
    const seen: unknown[] = [];
    const stop = $mode.listen((mode) => seen.push(mode));
    enterChat('zh');
    stop();
    expect($mode.get()).toEqual({ kind: 'chat', language: 'zh' });
    expect(chatLanguageNow()).toBe('zh');
    expect(seen).toEqual([{ kind: 'chat', language: 'zh' }]);
  });
});
