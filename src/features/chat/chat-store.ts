/**
 * The chat conversation: a thread of message bubbles the visitor builds with quick replies and typed
 * names. The thread keeps what was asked, never the words of the answers, so it reads in whatever language
 * the visitor has now; it survives a reload and the back button in sessionStorage (`chat-thread:v1`, this
 * tab only, validated when read). Answers come from the search index of the visitor's language and, for
 * the bag, the catalog API; a failure is a message with a retry, and nothing in the bag is touched.
 */
import { atom } from 'nanostores';
import { getCartCount } from '../../lib/catalog/cart-lean.ts';
import { type ChatLanguage, chatLanguageNow } from '../../lib/mode.ts';
import { fetchSiteFile } from '../../lib/site-file.ts';
import { isNonNegativeInteger, isRecord, readStored, writeStored } from '../../lib/storage.ts';
import { carriedId } from './language.ts';
import { isSearchIndex, type SearchIndex } from './search-index.ts';

/** What a message says; the screen words it in the visitor's language. */
export type ChatMessage =
  | { id: number; from: 'shop'; kind: 'greeting' }
  | { id: number; from: 'visitor'; kind: 'choice'; choice: 'brands' | 'bag' }
  | { id: number; from: 'visitor'; kind: 'typed'; text: string }
  | { id: number; from: 'shop'; kind: 'brands' }
  | { id: number; from: 'shop'; kind: 'brand'; brandId: number }
  | { id: number; from: 'shop'; kind: 'brandNotFound' }
  | { id: number; from: 'shop'; kind: 'product'; productId: number }
  | { id: number; from: 'shop'; kind: 'productNotFound' }
  | { id: number; from: 'shop'; kind: 'results'; query: string }
  | { id: number; from: 'shop'; kind: 'bag'; count: number }
  | { id: number; from: 'shop'; kind: 'failed'; retry: Retry };

/** What a failed answer does again. */
export type Retry = { kind: 'bag' } | { kind: 'search'; query: string } | { kind: 'brand'; brandId: number };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type NewMessage = WithoutId<ChatMessage>;

const THREAD_KEY = 'chat-thread:v1';
/** The longest a typed text is kept (a name, not an essay). */
export const MAX_TYPED = 100;
/** Older messages are dropped beyond this many. */
const MAX_MESSAGES = 60;

const isPositiveInteger = (value: unknown): value is number => isNonNegativeInteger(value) && value > 0;

function isRetry(value: unknown): value is Retry {
  if (!isRecord(value)) return false;
  if (value.kind === 'bag') return true;
  if (value.kind === 'search') return typeof value.query === 'string' && value.query.length <= MAX_TYPED;
  return value.kind === 'brand' && isPositiveInteger(value.brandId);
}

function isMessage(value: unknown): value is ChatMessage {
  if (!isRecord(value) || !isNonNegativeInteger(value.id)) return false;
  switch (value.kind) {
    case 'greeting':
    case 'brands':
    case 'brandNotFound':
    case 'productNotFound':
      return value.from === 'shop';
    case 'choice':
      return value.from === 'visitor' && (value.choice === 'brands' || value.choice === 'bag');
    case 'typed':
      return value.from === 'visitor' && typeof value.text === 'string' && value.text.length <= MAX_TYPED;
    case 'brand':
      return value.from === 'shop' && isPositiveInteger(value.brandId);
    case 'product':
      return value.from === 'shop' && isPositiveInteger(value.productId);
    case 'results':
      return value.from === 'shop' && typeof value.query === 'string' && value.query.length <= MAX_TYPED;
    case 'bag':
      return value.from === 'shop' && isNonNegativeInteger(value.count);
    case 'failed':
      return value.from === 'shop' && isRetry(value.retry);
    default:
      return false;
  }
}

const isThread = (value: unknown): value is ChatMessage[] => Array.isArray(value) && value.every(isMessage);

/** The conversation, oldest first. */
export const $thread = atom<ChatMessage[]>(readStored('session', THREAD_KEY, isThread, []));
/** True while an answer is on its way (the screen says so and keeps the buttons). */
export const $answering = atom(false);
/** The search index of the visitor's language, once loaded. */
export const $searchIndex = atom<SearchIndex | undefined>(undefined);
/** True when the last load of the search index failed: the answers waiting for it say so, with a retry. */
export const $indexFailed = atom(false);

function push(...messages: NewMessage[]): void {
  const thread = $thread.get();
  let next = (thread.at(-1)?.id ?? 0) + 1;
  const added = messages.map((message) => ({ ...message, id: next++ }) as ChatMessage);
  const updated = [...thread, ...added].slice(-MAX_MESSAGES);
  $thread.set(updated);
  writeStored('session', THREAD_KEY, updated);
}

export interface ChatEnvironment {
  /** Loads a language's search index (fetch of /chat/search/{lang}.json in the browser). */
  loadIndex?: (language: ChatLanguage) => Promise<unknown>;
  /** The bag's item count from the catalog API. */
  countBag?: () => Promise<number>;
}

let environment: Required<ChatEnvironment> = {
  loadIndex: async (language) => {
    const response = await fetchSiteFile(`/chat/search/${language}.json`);
    if (!response.ok) throw new Error(`/chat/search/${language}.json: ${response.status}`);
    return response.json();
  },
  countBag: () => getCartCount(),
};
let indexRequest: Promise<SearchIndex> | undefined;

/** The visitor's language: chat mode's (src/lib/mode.ts), entered by the chat screen; English before. */
const language = (): ChatLanguage => chatLanguageNow() ?? 'en';

function searchIndex(): Promise<SearchIndex> {
  const loaded = $searchIndex.get();
  if (loaded?.language === language()) return Promise.resolve(loaded);
  $indexFailed.set(false);
  indexRequest ??= environment
    .loadIndex(language())
    .then((value) => {
      if (!isSearchIndex(value)) throw new Error('the search index has not the expected shape');
      $searchIndex.set(value);
      return value;
    })
    .catch((error: unknown) => {
      $indexFailed.set(true);
      throw error;
    })
    .finally(() => {
      indexRequest = undefined;
    });
  return indexRequest;
}

async function answer(work: () => Promise<NewMessage[]>, retry: Retry): Promise<void> {
  $answering.set(true);
  try {
    push(...(await work()));
  } catch {
    push({ from: 'shop', kind: 'failed', retry });
  } finally {
    $answering.set(false);
  }
}

function brandAnswer(brandId: number): Promise<void> {
  return answer(
    async () => {
      const index = await searchIndex();
      return index.brands.some((brand) => brand.id === brandId)
        ? [{ from: 'shop', kind: 'brand', brandId }]
        : [
            { from: 'shop', kind: 'brandNotFound' },
            { from: 'shop', kind: 'brands' },
          ];
    },
    { kind: 'brand', brandId },
  );
}

/**
 * Opens the conversation in chat mode's language: greets a visitor whose thread is empty, and answers what
 * a redirect carried: the brand of a brand page (`?brandId=`), the product of a product page
 * (`?productId=`, shown from the API in the visitor's language). Anything but digits is not an id, and
 * says so.
 */
export function startChat(
  env: ChatEnvironment = {},
  brandIdParam: string | null = null,
  productIdParam: string | null = null,
): Promise<void> {
  environment = { ...environment, ...env };
  if ($thread.get().length === 0) push({ from: 'shop', kind: 'greeting' });
  if (productIdParam !== null) {
    const productId = carriedId(productIdParam);
    push(
      productId > 0
        ? { from: 'shop', kind: 'product', productId }
        : { from: 'shop', kind: 'productNotFound' },
    );
  }
  if (brandIdParam === null) return Promise.resolve();
  const brandId = carriedId(brandIdParam);
  if (brandId > 0) return brandAnswer(brandId);
  push({ from: 'shop', kind: 'brandNotFound' }, { from: 'shop', kind: 'brands' });
  return Promise.resolve();
}

/** Quick reply: browse brands. */
export function askBrands(): void {
  push({ from: 'visitor', kind: 'choice', choice: 'brands' }, { from: 'shop', kind: 'brands' });
}

function bagAnswer(): Promise<void> {
  return answer(async () => [{ from: 'shop', kind: 'bag', count: await environment.countBag() }], {
    kind: 'bag',
  });
}

/** Quick reply: see my bag. */
export function askBag(): Promise<void> {
  push({ from: 'visitor', kind: 'choice', choice: 'bag' });
  return bagAnswer();
}

function searchAnswer(query: string): Promise<void> {
  return answer(
    async () => {
      await searchIndex();
      return [{ from: 'shop', kind: 'results', query }];
    },
    { kind: 'search', query },
  );
}

/** The visitor typed a brand or product name. Nothing happens for blank text. */
export function askByName(text: string): Promise<void> {
  const query = text.trim().slice(0, MAX_TYPED);
  if (!query) return Promise.resolve();
  push({ from: 'visitor', kind: 'typed', text: query });
  return searchAnswer(query);
}

/** Tries a failed answer again; the failure stays in the thread as it happened. */
export function retry(what: Retry): Promise<void> {
  if (what.kind === 'bag') return bagAnswer();
  if (what.kind === 'brand') return brandAnswer(what.brandId);
  return searchAnswer(what.query);
}

/** Starts over: an empty thread and a new greeting. */
export function restartChat(): void {
  $thread.set([]);
  push({ from: 'shop', kind: 'greeting' });
}

/**
 * Loads the search index for the answers in the thread that show it (the brand list, a brand, a search's
 * results: after a reload, a language change, or the brands quick reply); a failure is `$indexFailed`.
 */
export function loadAnswers(): Promise<void> {
  if (!$thread.get().some((m) => m.kind === 'results' || m.kind === 'brands' || m.kind === 'brand')) {
    return Promise.resolve();
  }
  return searchIndex().then(
    () => undefined,
    () => undefined,
  );
}
