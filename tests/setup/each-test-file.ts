/**
 * Runs before each unit test file (vitest.config.ts) and each of the API's tests on PostgreSQL
 * (vitest.postgres.config.ts), in the file's own module graph. Every module of this repository is evaluated
 * again for each file, so its stores start from their initial values and no file sees another's `vi.mock`.
 * After each file, its spies, the globals and environment variables it stubbed and its fake timers are put
 * back; in a DOM, what the window has pending (its timers and requests) is cancelled, and the document, the
 * storage, the cookies and the address are as a new window has them.
 *
 * A component test waits for what a part loaded on demand shows (`findBy…`, `waitFor`) up to 10 s, not
 * Testing Library's 1 s: `npm test` runs this step at a low priority beside the browser steps, where a
 * dialog's import took longer than a second.
 */
import { afterAll, vi } from 'vitest';

/** What happy-dom adds to its window to drive it. */
type HappyDomWindow = Window & { happyDOM: { abort(): Promise<void>; setURL(url: string): void } };

vi.resetModules();

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

afterAll(async () => {
  // Spies first: a file may have replaced what is put back below (its storage, say).
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof window === 'undefined') return;
  const { happyDOM } = window as unknown as HappyDomWindow;
  await happyDOM.abort();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await cookieStore.getAll()) if (name) await cookieStore.delete(name);
  // Vitest's happy-dom environment starts at this address.
  happyDOM.setURL('http://localhost:3000/');
});
