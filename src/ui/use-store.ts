/**
 * A store's value in a component, through React's own `useSyncExternalStore`: the bag page loads no store
 * binding (@nanostores/react), as the area and brand lists do not (docs/performance.md has its size).
 */
import { useSyncExternalStore } from 'react';

/** What the hook reads of a nanostores store. */
interface Readable<T> {
  get(): T;
  listen(listener: () => void): () => void;
}

/**
 * The value of `store`, drawn again when it changes. `hydrated` gives the value the server drew with, for an
 * island hydrating its server markup (the store as it was built, not as the page has it by then).
 */
export function useStoreValue<T>(store: Readable<T>, hydrated: () => T = () => store.get()): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    hydrated,
  );
}
