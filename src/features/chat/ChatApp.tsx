/**
 * The chat page's island: the conversation with the shop in the visitor's language (set on `<html>` by
 * the head script before this loads). Each step is a bubble in a log that a screen reader reads as it
 * grows; quick replies and the name box sit under it. The language is known in the browser alone: on the
 * server (the page's build) the island renders what the page gives it as children, the greeting and the
 * bubble for a carried product's picture, and in the browser its conversation takes their place.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { onThisSite } from '../../lib/images.ts';
import { chatBrandHref } from '../../lib/routes.ts';
import { ProductCard } from '../../ui/ProductCard.tsx';
import { ChatProduct } from './ChatProduct.tsx';
import { ChatScreen } from './ChatScreen.tsx';
import { useTranslation } from './chat-i18n.ts';
import {
  $answering,
  $indexFailed,
  $searchIndex,
  $thread,
  askBag,
  askBrands,
  askByName,
  type ChatMessage,
  loadAnswers,
  MAX_TYPED,
  restartChat,
  retry,
  startChat,
} from './chat-store.ts';
import type { ChatLanguage } from './language.ts';
import { MAX_BRANDS, MAX_PRODUCTS, type SearchBrand, search } from './search-index.ts';
import { bubbleClass, CONVERSATION_CLASS, THREAD_CLASS } from './thread-look.ts';

export default function ChatApp({ children }: { children?: ReactNode }) {
  return <ChatScreen built={children}>{(language) => <Conversation language={language} />}</ChatScreen>;
}

/** The conversation in chat mode's language (the chat screen entered it before this renders). */
function Conversation({ language }: { language: ChatLanguage }) {
  const { t } = useTranslation();
  useEffect(() => {
    const url = new URL(location.href);
    const brandId = url.searchParams.get('brandId');
    const productId = url.searchParams.get('productId');
    if (brandId !== null || productId !== null) {
      // Answered once: a reload or the back button must not ask again.
      url.searchParams.delete('brandId');
      url.searchParams.delete('productId');
      history.replaceState(history.state, '', url);
    }
    void startChat({}, brandId, productId).then(loadAnswers);
  }, []);
  const thread = useStore($thread);
  const answering = useStore($answering);
  const log = useRef<HTMLDivElement>(null);
  const count = thread.length;
  useEffect(() => {
    const reply = [...(log.current?.querySelectorAll<HTMLElement>('[data-message]') ?? [])].at(-1);
    if (count > 1 && reply) showReply(reply);
  }, [count]);
  return (
    <div className={CONVERSATION_CLASS}>
      <div
        ref={log}
        role="log"
        aria-label={t('chat.thread')}
        className={THREAD_CLASS}
        data-testid="chat-thread"
      >
        {thread.map((message) => (
          <Bubble key={message.id} from={message.from} message>
            <MessageBody message={message} language={language} />
          </Bubble>
        ))}
        {answering && (
          <Bubble from="shop">
            <p className="text-secondary">{t('chat.search.searching')}</p>
          </Bubble>
        )}
      </div>
      <QuickReplies />
      <NameBox />
    </div>
  );
}

/**
 * Brings the newest message into view when it is not wholly in the room between the sticky header and the
 * sticky search box: the page's end first, where the thread ends above the quick replies and the search box
 * instead of under them, then, for a reply taller than the room left, its start just under the header. A
 * reply already in view stays where it is: nothing on the screen moves (a carried product's picture).
 */
function showReply(reply: HTMLElement) {
  const headerEnd = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const roomEnd =
    (document.getElementById('chat-name') as HTMLInputElement | null)?.form?.getBoundingClientRect().top ??
    window.innerHeight;
  const { top, bottom } = reply.getBoundingClientRect();
  if (top >= headerEnd && bottom <= roomEnd) return;
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  const start = reply.getBoundingClientRect().top;
  if (start < headerEnd) window.scrollBy({ top: start - headerEnd - 8, behavior: 'instant' });
}

function Bubble({
  from,
  message,
  children,
}: {
  from: ChatMessage['from'];
  /** A message of the thread (not the "searching" note). */
  message?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const shop = from === 'shop';
  return (
    <div className={bubbleClass(from)} data-from={from} data-message={message || undefined}>
      <span className="sr-only">{shop ? t('chat.shop') : t('chat.you')}: </span>
      {children}
    </div>
  );
}

function MessageBody({ message, language }: { message: ChatMessage; language: ChatLanguage }) {
  const { t } = useTranslation();
  switch (message.kind) {
    case 'greeting':
      return (
        <>
          <p className="font-bold">{t('chat.greeting')}</p>
          <p className="mt-1">{t('chat.greeting.help')}</p>
        </>
      );
    case 'choice':
      return <p>{t(message.choice === 'brands' ? 'chat.reply.brands' : 'chat.reply.bag')}</p>;
    case 'typed':
      return <p>{message.text}</p>;
    case 'brands':
      return <BrandsAnswer />;
    case 'brand':
      return <BrandAnswer brandId={message.brandId} />;
    case 'brandNotFound':
      return <p>{t('chat.brand.notFound')}</p>;
    case 'product':
      return (
        <>
          <p className="mb-3">{t('chat.product.reply')}</p>
          <ChatProduct productId={message.productId} language={language} />
        </>
      );
    case 'productNotFound':
      return <p>{t('chat.product.notFound')}</p>;
    case 'results':
      return <ResultsAnswer query={message.query} />;
    case 'bag':
      return message.count === 0 ? (
        <p>{t('chat.bag.empty')}</p>
      ) : (
        <>
          <p>{t('chat.bag.reply', { count: message.count })}</p>
          <a
            href="/chat/cart/"
            className="mt-2 inline-flex min-h-11 items-center font-bold underline underline-offset-4"
          >
            {t('chat.bag.open')}
          </a>
        </>
      );
    case 'failed':
      return <Failed onRetry={() => void retry(message.retry)} />;
  }
}

/** An answer that could not be had: it says so, with a button to try again. */
function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('chat.error')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 min-h-11 rounded border border-primary bg-white px-4 font-bold"
      >
        {t('chat.retry')}
      </button>
    </div>
  );
}

/** An answer waiting for the search index; if the index could not load, it says so with a retry. */
function Waiting() {
  const { t } = useTranslation();
  const failed = useStore($indexFailed);
  if (failed) return <Failed onRetry={() => void loadAnswers()} />;
  return <p className="text-secondary">{t('chat.loading')}</p>;
}

function BrandCards({ brands }: { brands: readonly SearchBrand[] }) {
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2">
      {brands.map((brand) => (
        <li key={brand.id}>
          <a
            href={chatBrandHref(brand.id)}
            className="flex min-h-11 items-center gap-2 rounded border border-accent/40 bg-white p-2 text-primary"
          >
            <img
              src={onThisSite(brand.logoSrc)}
              alt=""
              width={32}
              height={32}
              loading="lazy"
              className="h-8 w-8 object-contain"
            />
            <span className="text-xs font-bold" lang={brand.ja ? 'ja' : undefined}>
              {brand.name}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function BrandsAnswer() {
  const { t } = useTranslation();
  const index = useStore($searchIndex);
  useEffect(() => void loadAnswers(), []);
  if (!index) return <Waiting />;
  return (
    <>
      <p>{t('chat.brands.reply')}</p>
      <BrandCards brands={index.brands} />
    </>
  );
}

function BrandAnswer({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const index = useStore($searchIndex);
  if (!index) return <Waiting />;
  const brand = index.brands.find((b) => b.id === brandId);
  if (!brand) return <p>{t('chat.brand.notFound')}</p>;
  return (
    <>
      <p>{t('chat.brand.reply', { name: brand.name })}</p>
      <a
        href={chatBrandHref(brand.id)}
        className="mt-2 inline-flex min-h-11 items-center font-bold underline underline-offset-4"
      >
        {t('chat.brand.open', { name: brand.name })}
      </a>
    </>
  );
}

function ResultsAnswer({ query }: { query: string }) {
  const { t } = useTranslation();
  const index = useStore($searchIndex);
  // A reply shows the first few of each kind until the visitor asks for every match.
  const [all, setAll] = useState(false);
  if (!index) return <Waiting />;
  const result = search(index, query);
  if (result.count === 0) {
    return (
      <>
        <p>{t('chat.search.none', { query })}</p>
        <button
          type="button"
          onClick={askBrands}
          className="mt-2 min-h-11 rounded border border-primary bg-white px-4 font-bold"
        >
          {t('chat.reply.brands')}
        </button>
      </>
    );
  }
  const labels = {
    sale: t('product.sale'),
    soldOut: t('product.soldOut'),
    regularPrice: t('product.regularPrice'),
  };
  const brands = all ? result.brands : result.brands.slice(0, MAX_BRANDS);
  const products = all ? result.products : result.products.slice(0, MAX_PRODUCTS);
  const more = brands.length + products.length < result.count;
  return (
    <>
      <p>{t('chat.search.found', { count: result.count, query })}</p>
      {brands.length > 0 && (
        <>
          <h2 className="mt-3 text-xs font-bold text-secondary">{t('chat.result.brands')}</h2>
          <BrandCards brands={brands} />
        </>
      )}
      {products.length > 0 && (
        <>
          <h2 className="mt-3 text-xs font-bold text-secondary">{t('chat.result.products')}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-3 rounded bg-white p-2 text-primary">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  labels={labels}
                  brandLang={product.tenantLang}
                  detail={product.detail}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {more && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="mt-2 min-h-11 rounded border border-primary bg-white px-4 font-bold"
        >
          {t('chat.search.all', { count: result.count })}
        </button>
      )}
    </>
  );
}

function QuickReplies() {
  const { t } = useTranslation();
  const answering = useStore($answering);
  const reply =
    'min-h-11 rounded-full border border-primary bg-white px-4 text-sm font-bold disabled:opacity-60';
  return (
    <nav aria-label={t('chat.replies')}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <button type="button" className={reply} onClick={askBrands}>
            {t('chat.reply.brands')}
          </button>
        </li>
        <li>
          <button type="button" className={reply} disabled={answering} onClick={() => void askBag()}>
            {t('chat.reply.bag')}
          </button>
        </li>
        <li>
          <button type="button" className={reply} onClick={restartChat}>
            {t('chat.reply.restart')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function NameBox() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [hint, setHint] = useState(false);
  function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setHint(true);
      return;
    }
    setHint(false);
    setText('');
    void askByName(text);
  }
  return (
    // Above the footer, whatever its height: white reaches down behind the footer, so no result shows
    // between the two while the thread scrolls.
    <form
      onSubmit={send}
      className="sticky bottom-16 z-10 flex flex-col gap-1 bg-white py-2 after:absolute after:inset-x-0 after:top-full after:h-16 after:bg-white"
    >
      <label htmlFor="chat-name" className="text-xs font-bold">
        {t('chat.search.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="chat-name"
          type="search"
          value={text}
          maxLength={MAX_TYPED}
          placeholder={t('chat.search.placeholder')}
          aria-describedby={hint ? 'chat-name-hint' : undefined}
          aria-invalid={hint || undefined}
          onChange={(event) => setText(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded border border-accent px-3 text-base"
          enterKeyHint="send"
        />
        <button
          type="submit"
          className="min-h-11 rounded bg-primary px-4 font-bold text-white hover:bg-black"
        >
          {t('chat.search.send')}
        </button>
      </div>
      {hint && (
        <p id="chat-name-hint" className="text-xs">
          {t('chat.search.tooShort')}
        </p>
      )}
    </form>
  );
}
