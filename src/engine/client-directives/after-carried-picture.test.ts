// @vitest-environment happy-dom

import { CARRIED_BUBBLE_ID } from '../../features/chat/thread-look.ts';
import afterCarriedPicture, {
  CARRIED_PICTURE_WAIT_MS,
  carriedPictureShown,
} from './after-carried-picture.ts';

/** The built bubble with a picture whose decoding the test settles. */
function pageWithPicture(): { settle: (decoded: boolean) => void } {
  document.body.innerHTML = `<div id="${CARRIED_BUBBLE_ID}"><p></p><div><picture><img></picture></div></div>`;
  const img = document.querySelector('img') as HTMLImageElement;
  let settle: (decoded: boolean) => void = () => undefined;
  img.decode = () =>
    new Promise<void>((resolve, reject) => {
      settle = (decoded) => (decoded ? resolve() : reject(new Error('EncodingError')));
    });
  return { settle: (decoded) => settle(decoded) };
}

/** Settles `promise` into a flag the test reads after moving the clock. */
function watch(promise: Promise<unknown>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe("chat's island after the carried picture", () => {
  it('starts at once on a chat page with no carried picture', async () => {
    document.body.innerHTML = `<div id="${CARRIED_BUBBLE_ID}" hidden><p></p><div></div></div>`;
    const shown = watch(carriedPictureShown());
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.done).toBe(true);
  });

  it('waits for the picture to be decoded, then for the frame that paints it', async () => {
    const page = pageWithPicture();
    const shown = watch(carriedPictureShown());
    await vi.advanceTimersByTimeAsync(500);
    expect(shown.done).toBe(false);
    page.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.done).toBe(false);
    // The animation frame, then the task after it.
    await vi.advanceTimersByTimeAsync(20);
    expect(shown.done).toBe(true);
  });

  it('does not wait for a picture that fails, past the frame', async () => {
    const page = pageWithPicture();
    const shown = watch(carriedPictureShown());
    page.settle(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(shown.done).toBe(true);
  });

  it(`waits ${CARRIED_PICTURE_WAIT_MS} ms at most for a picture that does not come`, async () => {
    pageWithPicture();
    const shown = watch(carriedPictureShown());
    await vi.advanceTimersByTimeAsync(CARRIED_PICTURE_WAIT_MS - 1);
    expect(shown.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.done).toBe(true);
  });

  it('loads and hydrates the island once the picture is shown', async () => {
    const page = pageWithPicture();
    const hydrate = vi.fn(async () => undefined);
    const load = vi.fn(async () => hydrate);
    afterCarriedPicture(load, { name: 'ChatApp', value: '' }, document.createElement('astro-island'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    page.settle(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
