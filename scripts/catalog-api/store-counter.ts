/**
 * The store-counter view, standing in for the POS: the page the QR code (urlForQrCode) opens. Staff sign in
 * first (staff.ts), then see the draft order in Japanese whatever language the shopper ordered in — each
 * line's Japanese title, brand, options and SKU, where it is handed over, totals, the time limit, with the
 * shopper's own wording beside it — and complete the payment with a plain HTML form (no script). When the QR cannot
 * be scanned, staff type the shopper's counter code (counter-code.ts) into a form that leads to the same
 * page. A line's のし reads as the store prints it (「外のし・御歳暮・名入れ 山田」) with its message card, for
 * staff to prepare; the shopper's order alias, name and address are never shown here. Everything shown is
 * escaped.
 * Links and form actions are relative, so the pages work under any prefix (the site serves them under
 * /api/store/).
 */
import { createHash } from 'node:crypto';
import { noshiPrinted } from '../../src/features/bag/gift-rules.ts';
import { escapeHtml } from '../../src/lib/markup.ts';
import type { DraftLine, DraftSnapshot, EffectiveStatus } from './orders.ts';

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const STATUS_LABEL: Record<EffectiveStatus, string> = {
  pending: 'お支払い待ち',
  completed: 'お支払い済み',
  expired: '期限切れ',
  cancelled: '無効（新しいQRコードが発行されました）',
};

const STYLE = `
  body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; color: #333; margin: 0; background: #f7f7f5; }
  main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  .status { display: inline-block; padding: .25rem .75rem; border-radius: 999px; font-weight: bold; background: #e5e5e0; }
  .status-pending { background: #333; color: #fff; }
  .status-completed { background: #dfe9df; }
  .status-expired, .status-cancelled { background: #f6dede; color: #8a2f2e; }
  table { width: 100%; border-collapse: collapse; background: #fff; margin: 1rem 0; }
  th, td { text-align: left; padding: .6rem .5rem; border-bottom: 1px solid #e5e5e0; vertical-align: top; }
  th { white-space: nowrap; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .gift { display: inline-block; margin-top: .25rem; font-weight: bold; }
  .gift.card { font-weight: normal; white-space: pre-line; }
  .variant, .brand { color: #666; font-size: .9em; }
  .sku { font-family: ui-monospace, monospace; font-size: .85em; color: #555; }
  .shopper { font-size: .85em; color: #666; }
  .lang { background: #eef; padding: .5rem 1rem; border-radius: .5rem; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .35rem 1rem; background: #fff; padding: 1rem; margin: 1rem 0; }
  dt { color: #666; } dd { margin: 0; text-align: right; }
  .total { font-weight: bold; font-size: 1.2em; color: #333; }
  .chat { font-weight: bold; background: #eef; padding: .5rem 1rem; border-radius: .5rem; }
  .error { color: #8a2f2e; background: #fbeaea; padding: .75rem 1rem; border-radius: .5rem; }
  .ok { background: #e8f1e8; padding: .75rem 1rem; border-radius: .5rem; }
  form { background: #fff; padding: 1rem; display: grid; gap: .75rem; }
  label { display: grid; gap: .25rem; }
  input { font: inherit; padding: .6rem; border: 1px solid #999; border-radius: .4rem; }
  button { font: inherit; font-weight: bold; padding: .9rem; border: 0; border-radius: .5rem; background: #333; color: #fff; cursor: pointer; }
  form.staff { display: flex; justify-content: space-between; align-items: center; margin-top: 2rem; }
  button.secondary { background: #fff; color: #333; border: 1px solid #999; padding: .5rem 1rem; font-weight: normal; }
  code { word-break: break-all; }
  input.code { font-family: ui-monospace, monospace; font-size: 1.4rem; letter-spacing: .15em; text-transform: uppercase; }
  .hint { color: #666; font-size: .9em; }
  @media (max-width: 34rem) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody tr { display: grid; grid-template-columns: 1fr auto auto auto; gap: 0 .75rem; padding: .6rem .5rem; border-bottom: 1px solid #e5e5e0; }
    tbody td { padding: 0; border: 0; }
    tbody td:first-child { grid-column: 1 / -1; padding-bottom: .5rem; }
    tbody td[data-label]::before { content: attr(data-label); content: attr(data-label) / ""; display: block; color: #666; font-size: .8em; }
  }
`;

/** The style sheet's hash: the pages' policy allows that one sheet and no other style. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src https: http: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  // Not no-referrer: under it a browser sends `Origin: null` with the forms' POSTs, which the origin check refuses.
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}｜店頭お支払い</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

/** A line's のし as printed and its message card, for the line's cell; '' without. */
function giftCell(line: DraftLine): string {
  const noshi = line.gift?.noshi;
  const message = line.gift?.message;
  return `${noshi ? `<br><span class="gift" data-gift="noshi">のし：${escapeHtml(noshiPrinted(noshi))}</span>` : ''}${message ? `<br><span class="gift card" data-gift="message">メッセージカード：${escapeHtml(message)}</span>` : ''}`;
}

/** A line as the counter reads it: Japanese first, the shopper's wording beside it when it differs. */
function linesTable(
  lines: readonly DraftLine[],
  pickupPlace: (line: DraftLine) => string,
  lang: string,
): string {
  const rows = lines
    .map((line) => {
      const { counter } = line;
      const shopper =
        line.title === counter.title
          ? ''
          : `<br><span class="shopper" lang="${escapeHtml(lang)}">お客さまの表示: ${escapeHtml(line.title)}${line.variantTitle ? ` / ${escapeHtml(line.variantTitle)}` : ''}</span>`;
      const receive =
        line.receive === 'store'
          ? `店頭受け取り<br><span class="variant">${escapeHtml(pickupPlace(line))}</span>`
          : '配送';
      return `<tr role="row">
  <td role="cell"><span class="brand">${escapeHtml(counter.brand)}</span><br>${escapeHtml(counter.title)}${counter.variantTitle ? `<br><span class="variant">${escapeHtml(counter.variantTitle)}</span>` : ''}<br><span class="sku">SKU: ${escapeHtml(counter.sku)}</span>${giftCell(line)}${shopper}</td>
  <td role="cell" data-label="受け取り">${receive}</td>
  <td role="cell" class="num" data-label="数量">${escapeHtml(line.qty)}</td>
  <td role="cell" class="num" data-label="単価">${escapeHtml(yen(line.price))}</td>
  <td role="cell" class="num" data-label="小計">${escapeHtml(yen(line.price * line.qty))}</td>
</tr>`;
    })
    .join('\n');
  // The roles keep the table a table for screen readers on a phone, where its rows are laid out as grids.
  return `<table role="table">
<thead role="rowgroup"><tr role="row"><th role="columnheader">商品</th><th role="columnheader">受け取り</th><th role="columnheader" class="num">数量</th><th role="columnheader" class="num">単価</th><th role="columnheader" class="num">小計</th></tr></thead>
<tbody role="rowgroup">
${rows}
</tbody>
</table>`;
}

function totals(t: {
  subtotal: number;
  shippingCharge: number;
  wrappingFee: number;
  grandTotal: number;
}): string {
  return `<dl>
  <dt>商品小計</dt><dd>${escapeHtml(yen(t.subtotal))}</dd>
  <dt>送料</dt><dd>${escapeHtml(yen(t.shippingCharge))}</dd>
  <dt>ギフトラッピング</dt><dd>${escapeHtml(yen(t.wrappingFee))}</dd>
  <dt class="total">お支払い金額（税込）</dt><dd class="total">${escapeHtml(yen(t.grandTotal))}</dd>
</dl>`;
}

export interface DraftPageInput {
  alias: string;
  /** Null for a draft replaced by a newer QR (its lines are dropped then). */
  snapshot: DraftSnapshot | null;
  /** Where each store line is handed over, in Japanese. */
  pickupPlace: (line: DraftLine) => string;
  /** The language the shopper ordered in. */
  lang: string;
  status: EffectiveStatus;
  expiresAt: number;
  now: number;
  stockChanged: boolean;
  /** The signed-in staff account. */
  staff: string;
  /** Whether the order was issued from chat mode. */
  chatOrder: boolean;
}

/** The visitor languages of chat mode, as the staff read them. */
const LANGUAGE_NAMES: Record<string, string> = { en: '英語', zh: '中国語', ko: '韓国語', ja: '日本語' };

export function draftPage(input: DraftPageInput): string {
  const { alias, snapshot, status } = input;
  const minutesLeft = Math.max(0, Math.ceil((input.expiresAt - input.now) / 60_000));
  const limit =
    status === 'pending'
      ? `<p>お支払い期限: ${escapeHtml(dateTime.format(input.expiresAt))}（残り約${escapeHtml(minutesLeft)}分）</p>`
      : `<p>お支払い期限: ${escapeHtml(dateTime.format(input.expiresAt))}</p>`;
  let action = '';
  if (status === 'pending' && input.stockChanged) {
    action = `<p class="error">在庫が変わったため、このQRコードではお支払いできません。お客さまにバッグの確認とQRコードの再発行をお願いしてください。</p>`;
  } else if (status === 'pending') {
    action = `<form method="post" action="${escapeHtml(`${alias}/complete`)}">
  <button type="submit">お支払い完了</button>
</form>`;
  } else if (status === 'completed') {
    action = '<p class="ok">お支払い済みです。</p>';
  } else if (status === 'expired') {
    action =
      '<p class="error">お支払い期限が過ぎています。お客さまにQRコードの再発行をお願いしてください。</p>';
  } else {
    action = '<p class="error">新しいQRコードが発行されたため、このQRコードは使えません。</p>';
  }
  return page(
    'QRコード注文',
    `<h1>QRコード注文の確認</h1>
<p class="status status-${escapeHtml(status)}">${escapeHtml(STATUS_LABEL[status])}</p>
${languageNote(input.lang, input.chatOrder)}
${limit}
${snapshot === null ? '' : `${linesTable(snapshot.lines, input.pickupPlace, input.lang)}\n${totals(snapshot)}`}
${action}
<p><a href="../code">別の注文をコードで開く</a></p>
${staffBar(input.staff, '../signout')}`,
  );
}

/** Which language the shopper ordered in, when it is not Japanese, and whether it came from chat mode. */
function languageNote(lang: string, chat: boolean): string {
  const name = LANGUAGE_NAMES[lang] ?? lang;
  if (chat) return `<p class="chat">チャットからのご注文（${escapeHtml(name)}）</p>`;
  if (lang === 'ja') return '';
  return `<p class="lang">お客さまの言語: ${escapeHtml(name)}</p>`;
}

function staffBar(account: string, signOutAction: string): string {
  return `<form class="staff" method="post" action="${escapeHtml(signOutAction)}">
  <span>スタッフ: ${escapeHtml(account)}</span>
  <button type="submit" class="secondary">サインアウト</button>
</form>`;
}

export interface SignInPageInput {
  /** Where the form posts, relative to the page. */
  action: string;
  /** Where to go after signing in, relative to /store/ (validated by the server). */
  next: string;
  /** An error or notice to show above the form. */
  message?: string;
  account?: string;
}

/** The staff sign-in form. The password never travels in a URL: the form posts it. */
export function signInPage(input: SignInPageInput): string {
  const message = input.message ? `<p class="error" role="alert">${escapeHtml(input.message)}</p>` : '';
  return page(
    'スタッフサインイン',
    `<h1>スタッフサインイン</h1>
<p>店頭でお支払いを受け付けるには、スタッフのアカウントでサインインしてください。</p>
${message}
<form method="post" action="${escapeHtml(input.action)}">
  <input type="hidden" name="next" value="${escapeHtml(input.next)}">
  <label>アカウント名
    <input name="account" value="${escapeHtml(input.account ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64">
  </label>
  <label>パスワード
    <input type="password" name="password" autocomplete="current-password" required maxlength="200">
  </label>
  <button type="submit">サインイン</button>
</form>`,
  );
}

/** Signed in, with nowhere in particular to go. */
export function signedInPage(account: string): string {
  return page(
    'サインイン中',
    `<h1>サインインしています</h1>
<p class="ok">スタッフ ${escapeHtml(account)} としてサインインしています。お客さまのQRコードを読み取ると、注文の確認画面が開きます。</p>
<p><a href="code">QRコードを読み取れないときは、コードを入力する</a></p>
${staffBar(account, 'signout')}`,
  );
}

export interface CodeEntryPageInput {
  /** The signed-in staff account. */
  staff: string;
  /** What was typed, shown again after a refusal. */
  typed?: string;
  /** Why the code was refused. */
  message?: string;
}

/**
 * The counter-code form: staff type the code the shopper's screen shows (or reads out) when the QR cannot
 * be scanned. The code is posted, never put in a URL; a code of a pending order leads to its QR page.
 */
export function codeEntryPage(input: CodeEntryPageInput): string {
  const message = input.message ? `<p class="error" role="alert">${escapeHtml(input.message)}</p>` : '';
  return page(
    'コードで注文を開く',
    `<h1>コードで注文を開く</h1>
<p>QRコードを読み取れないときは、お客さまの画面のQRコードの下にある8文字のコード（例: K7QM-3XHP）を入力してください。大文字・小文字、スペースやハイフンは区別しません。</p>
${message}
<form method="post" action="code">
  <label>コード
    <input class="code" name="code" value="${escapeHtml(input.typed ?? '')}" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="32" aria-describedby="code-hint" autofocus>
  </label>
  <span id="code-hint" class="hint">0（ゼロ）・O・1・I・L は使われていません。</span>
  <button type="submit">注文を開く</button>
</form>
${staffBar(input.staff, 'signout')}`,
  );
}

export function signedOutPage(): string {
  return page(
    'サインアウトしました',
    '<h1>サインアウトしました</h1><p class="ok">サインアウトしました。</p><p><a href="signin">もう一度サインインする</a></p>',
  );
}

/** Signed in with an account that does not take payments (an editor's). */
export function counterRoleRequiredPage(account: string, signOutAction = '../signout'): string {
  return page(
    'お支払いを受け付けられません',
    `<h1>お支払いを受け付けられません</h1>
<p class="error">スタッフ ${escapeHtml(account)} には、お支払いの受け付けの権限がありません。店頭担当のアカウントでサインインし直してください。</p>
${staffBar(account, signOutAction)}`,
  );
}

/** A staff request that did not come from the store's own pages (origin-check.ts): nothing was done. */
export function crossSitePage(): string {
  return page(
    'この操作は受け付けられません',
    '<h1>この操作は受け付けられません</h1><p class="error">スタッフの操作は、このお店の画面からだけ受け付けます。画面を開き直してからもう一度お試しください。</p>',
  );
}

export function notFoundPage(): string {
  return page(
    'QRコードが見つかりません',
    '<h1>QRコードが見つかりません</h1><p class="error">このQRコードの注文は見つかりませんでした。お客さまにQRコードの再発行をお願いしてください。</p>',
  );
}

export interface CompletedPageInput {
  snapshot: DraftSnapshot;
  pickupPlace: (line: DraftLine) => string;
  lang: string;
  chatOrder: boolean;
}

/**
 * The payment went through: what was paid, in Japanese, and where it is handed over; no order alias, no
 * address.
 */
export function completedPage(input: CompletedPageInput, backHref: string): string {
  const { snapshot } = input;
  const places = [
    ...new Set(
      snapshot.lines.filter((line) => line.receive === 'store').map((line) => input.pickupPlace(line)),
    ),
  ];
  const pickup =
    places.length > 0
      ? `<p>店頭受け取り: ${escapeHtml(places.join('、'))}</p>`
      : '<p>店頭受け取りの商品はありません。</p>';
  const shipping = snapshot.lines.some((line) => line.receive === 'ship')
    ? '<p>配送の商品は、お客さまのお届け先入力をお待ちしています。</p>'
    : '';
  return page(
    'お支払い完了',
    `<h1>お支払いが完了しました</h1>
<p class="ok">お支払いを受け付けました。お客さまの画面に注文内容が表示されます。</p>
${languageNote(input.lang, input.chatOrder)}
${linesTable(snapshot.lines, input.pickupPlace, input.lang)}
${totals(snapshot)}
${pickup}
${shipping}
<p><a href="${escapeHtml(backHref)}">注文の確認画面に戻る</a></p>`,
  );
}

const FAILURE_MESSAGES: Record<string, string> = {
  FORBIDDEN: 'スタッフのサインインが必要です。サインインし直してください。',
  ROLE_REQUIRED: 'このアカウントには、お支払いの受け付けの権限がありません。',
  NOT_FOUND: 'このQRコードの注文は見つかりませんでした。',
  EXPIRED: 'お支払い期限が過ぎています。お客さまにQRコードの再発行をお願いしてください。',
  CANCELLED: '新しいQRコードが発行されたため、このQRコードは使えません。',
  COMPLETED: 'このご注文はすでにお支払い済みです。',
  STOCK_CHANGED: '在庫が変わったため、お支払いできませんでした。お客さまにバッグの確認をお願いしてください。',
};

export function failurePage(code: string, backHref: string): string {
  const message = FAILURE_MESSAGES[code] ?? 'お支払いを完了できませんでした。';
  return page(
    'お支払いできませんでした',
    `<h1>お支払いできませんでした</h1>
<p class="error">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(backHref)}">注文の確認画面に戻る</a></p>`,
  );
}
