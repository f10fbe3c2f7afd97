// @vitest-environment happy-dom
import whenNeeded, { hasStoredState, WAKE_MARGIN_PX, type WhenNeededOptions } from './when-needed.ts';

const OPTIONS: WhenNeededOptions = { session: 'area-cache:v1', list: 'area:1' };

/** An IntersectionObserver the test moves: `reach()` brings every observed element within the margin. */
class TestObserver {
  static last: TestObserver | undefined;
  readonly targets: Element[] = [];
  readonly rootMargin: string;
  readonly #callback: IntersectionObserverCallback;
  disconnected = false;

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.#callback = callback;
    this.rootMargin = options?.rootMargin ?? '';
    TestObserver.last = this;
  }

  observe(target: Element): void {
    this.targets.push(target);
  }

  disconnect(): void {
    this.disconnected = true;
  }

  reach(): void {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.#callback(entries, this as unknown as IntersectionObserver);
  }
}

/** An island as the server rendered it: a button, a link, a summary and the list's end. */
function island(): {
  el: HTMLElement;
  button: HTMLButtonElement;
  link: HTMLAnchorElement;
  summary: HTMLElement;
} {
  document.body.innerHTML = `<astro-island>
    <details><summary>ブランドで絞り込む</summary></details>
    <a href="/area/1/products/2/">商品</a>
    <button type="button">もっと見る</button>
    <div data-wake-near=""></div>
  </astro-island>`;
  const el = document.querySelector('astro-island') as HTMLElement;
  return {
    el,
    button: el.querySelector('button') as HTMLButtonElement,
    link: el.querySelector('a') as HTMLAnchorElement,
    summary: el.querySelector('summary') as HTMLElement,
  };
}

/** Wakes the island as Astro would, recording the loads and the clicks the hydrated button receives. */
function start(el: HTMLElement, button: HTMLButtonElement, value: unknown = OPTIONS) {
  const record = { loads: 0, hydrated: false, clicks: [] as boolean[], events: [] as string[] };
  const load = async () => {
    record.loads++;
    return async () => {
      // The framework's own listener, as hydration attaches it: it records whether it ran after hydration.
      button.addEventListener('click', () => record.clicks.push(record.hydrated));
      button.addEventListener('pointerdown', () => record.events.push('pointerdown'));
      button.addEventListener('click', () => record.events.push('click'));
      record.hydrated = true;
    };
  };
  whenNeeded(load, { name: 'ProductList', value: value as string }, el);
  return record;
}

/** Lets the directive's awaited load and hydration finish. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

beforeEach(() => {
  sessionStorage.clear();
  TestObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', TestObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an island woken when needed', () => {
  it('stays asleep on a first visit until the shopper needs it', async () => {
    const { el, button } = island();
    const record = start(el, button);
    await flush();
    expect(record.loads).toBe(0);
  });

  it('wakes at once when the visitor has stored state for its list', async () => {
    sessionStorage.setItem(OPTIONS.session, JSON.stringify({ lang: 'ja', lists: { 'area:1': {} } }));
    const { el, button } = island();
    const record = start(el, button);
    await flush();
    expect(record.loads).toBe(1);
  });

  it("stays asleep when the stored state is another list's, or unreadable", async () => {
    sessionStorage.setItem(OPTIONS.session, JSON.stringify({ lang: 'ja', lists: { 'area:2': {} } }));
    expect(hasStoredState(OPTIONS)).toBe(false);
    sessionStorage.setItem(OPTIONS.session, '{not json');
    expect(hasStoredState(OPTIONS)).toBe(false);
    sessionStorage.setItem(OPTIONS.session, JSON.stringify({ lists: null }));
    expect(hasStoredState(OPTIONS)).toBe(false);
    expect(hasStoredState(undefined)).toBe(false);
  });

  it("wakes when the list's end comes within the margin below the screen, and stops watching", async () => {
    const { el, button } = island();
    const record = start(el, button);
    const observer = TestObserver.last;
    expect(observer?.rootMargin).toBe(`0px 0px ${WAKE_MARGIN_PX}px 0px`);
    expect(observer?.targets).toEqual([el.querySelector('[data-wake-near]')]);
    observer?.reach();
    await flush();
    expect(record.loads).toBe(1);
    expect(observer?.disconnected).toBe(true);
  });

  it.each(['pointerdown', 'focusin', 'keydown'])('wakes on the first %s inside it, once', async (type) => {
    const { el, button } = island();
    const record = start(el, button);
    button.dispatchEvent(new Event(type, { bubbles: true }));
    button.dispatchEvent(new Event(type, { bubbles: true }));
    await flush();
    expect(record.loads).toBe(1);
  });

  it('wakes at once where there is no IntersectionObserver (its own button loads the next pages)', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { el, button } = island();
    const record = start(el, button);
    await flush();
    expect(record.loads).toBe(1);
  });

  it('gives a click made before it woke to the same button once hydrated, exactly once', async () => {
    const { el, button } = island();
    const record = start(el, button);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(record.clicks).toEqual([]);
    await flush();
    expect(record.clicks).toEqual([true]);
    // As a tap: pointerdown first, which has React finish hydrating before the click.
    expect(record.events).toEqual(['pointerdown', 'click']);
    // Awake: clicks go straight through.
    button.click();
    expect(record.clicks).toEqual([true, true]);
  });

  it('gives the click to an island inside another once it has hydrated, after the island around it', async () => {
    const { el, button } = island();
    el.setAttribute('ssr', '');
    let hydrated = false;
    const clicks: boolean[] = [];
    // Astro defers a nested island's hydration until the island around it has hydrated.
    whenNeeded(async () => async () => {}, { name: 'AreaBrandFilter', value: OPTIONS as never }, el);
    button.addEventListener('click', () => clicks.push(hydrated));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await flush();
    expect(clicks).toEqual([]);

    hydrated = true;
    el.removeAttribute('ssr');
    el.dispatchEvent(new CustomEvent('astro:hydrate'));
    await flush();
    expect(clicks).toEqual([true]);
  });

  it('lets clicks on links and on a summary through at once: they work without scripts', () => {
    const { el, button, link, summary } = island();
    start(el, button);
    for (const target of [link, summary]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      target.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
  });
});
