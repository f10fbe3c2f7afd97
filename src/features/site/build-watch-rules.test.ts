import {
  guardReload,
  isChunkLoadError,
  isOtherCode,
  isSlowConnection,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_WINDOW_MS,
  reloadOnce,
} from './build-watch-rules.ts';

/** A sessionStorage stand-in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the chunk-load reload guard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reloads a path once, then not again within 10 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(RELOAD_GUARD_WINDOW_MS).toBe(10_000);
    expect(reloadOnce('/area/1/', storage, reload)).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(reloadOnce('/area/1/', storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the same path again once the window has passed', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce('/area/1/', storage, reload);
    vi.advanceTimersByTime(10_000);
    expect(reloadOnce('/area/1/', storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('guards each path on its own', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce('/area/1/', storage, reload);
    expect(reloadOnce('/area/2/', storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps its log in session storage under a versioned key, dropping stale entries', () => {
    const storage = memoryStorage();
    reloadOnce('/a/', storage, () => {});
    vi.advanceTimersByTime(20_000);
    reloadOnce('/b/', storage, () => {});
    expect(JSON.parse(storage.items.get(RELOAD_GUARD_KEY) ?? '')).toEqual({ '/b/': Date.now() });
  });

  it('treats an unreadable log as empty', () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_GUARD_KEY, '{not json');
    expect(reloadOnce('/a/', storage, () => {})).toBe(true);
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ '/b/': 'yesterday' }));
    expect(reloadOnce('/b/', storage, () => {})).toBe(true);
    storage.setItem(RELOAD_GUARD_KEY, 'null');
    expect(reloadOnce('/c/', storage, () => {})).toBe(true);
  });

  it('does not reload when it cannot remember the reload, so a missing chunk cannot loop', () => {
    const reload = vi.fn();
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnce('/a/', undefined, reload)).toBe(false);
    expect(reloadOnce('/a/', throwing, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is a pure decision on the log', () => {
    expect(guardReload({}, '/a/', 1000)).toEqual({ reload: true, log: { '/a/': 1000 } });
    expect(guardReload({ '/a/': 1000 }, '/a/', 5000)).toEqual({ reload: false, log: { '/a/': 1000 } });
  });
});

describe('chunk load errors', () => {
  it('are recognised in the words of each browser and of Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /_astro/x.css'))).toBe(true);
  });

  it('are not other errors', () => {
    expect(isChunkLoadError(new Error('products not found.'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('slow connections', () => {
  it('skip the manifest on 2G, slow 2G and when the visitor saves data', () => {
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
  });

  it('fetch it on 3G and faster, and where the browser does not say', () => {
    expect(isSlowConnection({ effectiveType: '3g' })).toBe(false);
    expect(isSlowConnection({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});

describe('new code deployed', () => {
  const latest = { buildId: 'b2', builtAt: '2026-11-21T00:00:00Z', catalogVersion: '7' };

  it("is a latest.json naming another code version than the page's", () => {
    expect(isOtherCode('v1', { ...latest, codeVersion: 'v2' })).toBe(true);
  });

  it('is not a build of the same code from another catalogue', () => {
    expect(isOtherCode('v1', { ...latest, codeVersion: 'v1' })).toBe(false);
    expect(isOtherCode('v1', { ...latest, buildId: 'b3', catalogVersion: '8', codeVersion: 'v1' })).toBe(
      false,
    );
  });

  it('is never read from a malformed answer', () => {
    expect(isOtherCode('v1', { codeVersion: 2 })).toBe(false);
    expect(isOtherCode('v1', { buildId: 'b2' })).toBe(false);
    expect(isOtherCode('v1', null)).toBe(false);
    expect(isOtherCode('v1', '<html>')).toBe(false);
  });
});
