// @vitest-environment happy-dom
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { hangingFetch } from '../../../tests/fixtures/network.ts';
import type { ChatLanguage } from '../../lib/mode.ts';
import { buildSearchIndex } from './search-index.ts';

const tenants = [
  { id: 3, name: '茶舗 翠園', logoSrc: 'http://img.test/t/3.png', description: '', officialSiteUrl: null },
];
const products = [{ ...sampleProduct(1, [1], 3), title: 'Uji Matcha' }];
const index = buildSearchIndex('en', products, products, tenants);

/** The chat store as a new page loads it, the page in chat mode in `language`. */
async function fresh(language: ChatLanguage = 'en') {
  vi.resetModules();
  (await import('../../lib/mode.ts')).enterChat(language);
  return import('./chat-store.ts');
}

const kinds = (thread: { kind: string }[]) => thread.map((m) => m.kind);

beforeEach(() => sessionStorage.clear());

describe('the chat conversation', () => {
  it('greets a visitor who arrives with an empty thread, once', async () => {
    const chat = await fresh();
    await chat.startChat();
    await chat.startChat();
    expect(kinds(chat.$thread.get())).toEqual(['greeting']);
  });

  it('answers a quick reply for the brands with the brand list', async () => {
    const chat = await fresh();
    await chat.startChat();
    chat.askBrands();
    expect(chat.$thread.get().slice(1)).toEqual([
      { id: 2, from: 'visitor', kind: 'choice', choice: 'brands' },
      { id: 3, from: 'shop', kind: 'brands' },
    ]);
  });

  it('answers a typed name from the index of the visitor language', async () => {
    const chat = await fresh();
    const loadIndex = vi.fn(async () => index);
    await chat.startChat({ loadIndex });
    await chat.askByName('  matcha ');
    expect(loadIndex).toHaveBeenCalledWith('en');
    expect(chat.$thread.get().slice(1)).toEqual([
      { id: 2, from: 'visitor', kind: 'typed', text: 'matcha' },
      { id: 3, from: 'shop', kind: 'results', query: 'matcha' },
    ]);
    expect(chat.$searchIndex.get()).toEqual(index);
  });

  it('searches the index of the language chat mode was entered in', async () => {
    const chat = await fresh('ko');
    const loadIndex = vi.fn(async () => ({ ...index, language: 'ko' }));
    await chat.startChat({ loadIndex });
    await chat.askByName('matcha');
    expect(loadIndex).toHaveBeenCalledWith('ko');
    expect(chat.$searchIndex.get()?.language).toBe('ko');
  });

  it('says so with a retry when the answer cannot be had, and answers on retry', async () => {
    const chat = await fresh();
    const countBag = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(2);
    await chat.startChat({ countBag });
    await chat.askBag();
    const failed = chat.$thread.get().at(-1);
    expect(failed).toEqual({ id: 3, from: 'shop', kind: 'failed', retry: { kind: 'bag' } });
    await chat.retry({ kind: 'bag' });
    expect(chat.$thread.get().at(-1)).toEqual({ id: 4, from: 'shop', kind: 'bag', count: 2 });
  });

  it('says when the index for an answer in the thread cannot load, and loads it on retry', async () => {
    const chat = await fresh();
    const loadIndex = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(index);
    await chat.startChat({ loadIndex });
    chat.askBrands();
    await chat.loadAnswers();
    expect(chat.$indexFailed.get()).toBe(true);
    expect(chat.$searchIndex.get()).toBeUndefined();
    await chat.loadAnswers();
    expect(chat.$indexFailed.get()).toBe(false);
    expect(chat.$searchIndex.get()).toEqual(index);
  });

  it('gives up a search index that does not answer in ten seconds, says so and offers to try again', async () => {
    vi.stubGlobal('fetch', hangingFetch);
    vi.useFakeTimers();
    try {
      const chat = await fresh();
      await chat.startChat();
      const asked = chat.askByName('matcha');
      expect(chat.$answering.get()).toBe(true);
      await vi.advanceTimersByTimeAsync(10_000);
      await asked;
      expect(chat.$answering.get()).toBe(false);
      expect(chat.$thread.get().at(-1)).toMatchObject({
        from: 'shop',
        kind: 'failed',
        retry: { kind: 'search', query: 'matcha' },
      });
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('opens on the brand a brand page carried', async () => {
    const chat = await fresh();
    await chat.startChat({ loadIndex: async () => index }, '3');
    expect(chat.$thread.get().at(-1)).toEqual({ id: 2, from: 'shop', kind: 'brand', brandId: 3 });
  });

  it('says politely that an unknown brand was not found, and shows the brand list', async () => {
    const chat = await fresh();
    await chat.startChat({ loadIndex: async () => index }, '99');
    expect(kinds(chat.$thread.get())).toEqual(['greeting', 'brandNotFound', 'brands']);
    sessionStorage.clear();
    const other = await fresh();
    await other.startChat({ loadIndex: async () => index }, '3<script>');
    expect(kinds(other.$thread.get())).toEqual(['greeting', 'brandNotFound', 'brands']);
  });

  it('shows the product a product page carried, in the thread that keeps it over a reload', async () => {
    const chat = await fresh('zh');
    await chat.startChat({}, null, '42');
    expect(chat.$thread.get().at(-1)).toEqual({ id: 2, from: 'shop', kind: 'product', productId: 42 });
    expect((await fresh('zh')).$thread.get().at(-1)).toEqual({
      id: 2,
      from: 'shop',
      kind: 'product',
      productId: 42,
    });
  });

  it('says that a product id which is not one was not found, after the greeting', async () => {
    for (const bad of ['42<script>', '', '0', '1234567890', '-1']) {
      sessionStorage.clear();
      const chat = await fresh('ko');
      await chat.startChat({}, null, bad);
      expect(kinds(chat.$thread.get()), bad).toEqual(['greeting', 'productNotFound']);
    }
    sessionStorage.setItem(
      'chat-thread:v1',
      JSON.stringify([{ id: 1, from: 'shop', kind: 'product', productId: 'x' }]),
    );
    expect((await fresh()).$thread.get()).toEqual([]);
  });

  it('keeps the thread over a reload, and drops a stored thread that was tampered with', async () => {
    const chat = await fresh();
    await chat.startChat();
    chat.askBrands();
    const reloaded = await fresh();
    expect(kinds(reloaded.$thread.get())).toEqual(['greeting', 'choice', 'brands']);
    sessionStorage.setItem('chat-thread:v1', JSON.stringify([{ id: 1, from: 'shop', kind: 'script' }]));
    expect((await fresh()).$thread.get()).toEqual([]);
  });

  it('starts over with a new greeting', async () => {
    const chat = await fresh();
    await chat.startChat();
    chat.askBrands();
    chat.restartChat();
    expect(kinds(chat.$thread.get())).toEqual(['greeting']);
  });

  it('ignores blank text and keeps at most 100 characters of a name', async () => {
    const chat = await fresh();
    await chat.startChat({ loadIndex: async () => index });
    await chat.askByName('   ');
    expect(chat.$thread.get()).toHaveLength(1);
    await chat.askByName('x'.repeat(300));
    expect(chat.$thread.get()[1]).toMatchObject({ kind: 'typed', text: 'x'.repeat(100) });
  });
});
