// @vitest-environment happy-dom
import { leadPicturesPainted, whenIdleAfterLoad } from './after-load.ts';

/** A lead picture whose decoding the test settles. */
function leadPicture(): { settle: (decoded: boolean) => void } {
  document.body.innerHTML = '<img fetchpriority="high"><img fetchpriority="low">';
  const [lead, other] = [...document.querySelectorAll('img')] as HTMLImageElement[];
  let settle: (decoded: boolean) => void = () => undefined;
  (lead as HTMLImageElement).decode = () =>
    new Promise<void>((resolve, reject) => {
      settle = (decoded) => (decoded ? resolve() : reject(new Error('EncodingError')));
    });
  // A picture behind the lead one is never waited for.
  (other as HTMLImageElement).decode = () => new Promise<void>(() => undefined);
  return { settle: (decoded) => settle(decoded) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the lead pictures painted', () => {
  it("waits for the lead picture's decoding, then for the frame that paints it", async () => {
    const page = leadPicture();
    let painted = false;
    void leadPicturesPainted(5000).then(() => {
      painted = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(painted).toBe(false);
    page.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(painted).toBe(true);
  });

  it('does not wait for a lead picture that fails', async () => {
    const page = leadPicture();
    let painted = false;
    void leadPicturesPainted(5000).then(() => {
      painted = true;
    });
    page.settle(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(painted).toBe(true);
  });
});

describe('work after load', () => {
  it('runs once the page has loaded, its lead picture is on screen and the main thread is idle', async () => {
    expect(document.readyState).toBe('complete');
    const page = leadPicture();
    const task = vi.fn();
    whenIdleAfterLoad(task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    page.settle(true);
    await vi.advanceTimersByTimeAsync(250);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs in a hidden tab, which paints no frame, once the wait for the picture is over', async () => {
    const page = leadPicture();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const task = vi.fn();
    whenIdleAfterLoad(task, 2000);
    page.settle(true);
    await vi.advanceTimersByTimeAsync(1900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs after load and a frame on a page with no lead picture', async () => {
    const task = vi.fn();
    whenIdleAfterLoad(task);
    await vi.advanceTimersByTimeAsync(250);
    expect(task).toHaveBeenCalledOnce();
  });
});
