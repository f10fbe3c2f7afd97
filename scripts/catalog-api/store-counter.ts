/**
 * The store-counter view, standing in for the POS: the page the QR code (urlForQrCode) opens. Staff see the
 * draft order in Japanese and complete the payment with a plain HTML form (no script). Everything shown is
 * escaped. The staff token can be remembered in the URL with `?staff=`.
 */
import type { OrderLine } from './cart.ts';
import type { DraftSnapshot, EffectiveStatus, Order } from './orders.ts';

function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
};

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
  td.num, th.num { text-align: right; white-space: nowrap; }
  .variant { color: #666; font-size: .9em; }
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
  code { word-break: break-all; }
`;

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

function linesTable(lines: OrderLine[]): string {
  const rows = lines
    .map(
      (line) => `<tr>
  <td>${escapeHtml(line.title)}<br><span class="variant">${escapeHtml(line.variantTitle)}</span></td>
  <td>${line.receive === 'store' ? '店頭受け取り' : '配送'}</td>
  <td class="num">${escapeHtml(line.qty)}</td>
  <td class="num">${escapeHtml(yen(line.price))}</td>
  <td class="num">${escapeHtml(yen(line.totalPrice))}</td>
</tr>`,
    )
    .join('\n');
  return `<table>
<thead><tr><th>商品</th><th>受け取り</th><th class="num">数量</th><th class="num">単価</th><th class="num">小計</th></tr></thead>
<tbody>
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
  snapshot: DraftSnapshot;
  status: EffectiveStatus;
  expiresAt: number;
  now: number;
  orderAlias: string | null;
  stockChanged: boolean;
  staff: string;
  /** The language of an order issued from chat mode; null for the web catalogue. */
  chatLanguage: string | null;
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
  const staffQuery = input.staff === '' ? '' : `?staff=${encodeURIComponent(input.staff)}`;
  let action = '';
  if (status === 'pending' && input.stockChanged) {
    action = `<p class="error">在庫が変わったため、このQRコードではお支払いできません。お客さまにバッグの確認とQRコードの再発行をお願いしてください。</p>`;
  } else if (status === 'pending') {
    action = `<form method="post" action="${escapeHtml(`${alias}/complete${staffQuery}`)}">
  <label>スタッフトークン
    <input type="password" name="staffToken" value="${escapeHtml(input.staff)}" autocomplete="off" required>
  </label>
  <button type="submit">お支払い完了</button>
</form>`;
  } else if (status === 'completed') {
    action = `<p class="ok">お支払い済みです。注文番号: <code>${escapeHtml(input.orderAlias ?? '')}</code></p>`;
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
${input.chatLanguage === null ? '' : `<p class="chat">チャットからのご注文（${escapeHtml(LANGUAGE_NAMES[input.chatLanguage] ?? input.chatLanguage)}）</p>`}
${limit}
${linesTable(snapshot.lines)}
${totals(snapshot)}
${action}`,
  );
}

export function notFoundPage(): string {
  return page(
    'QRコードが見つかりません',
    '<h1>QRコードが見つかりません</h1><p class="error">このQRコードの注文は見つかりませんでした。お客さまにQRコードの再発行をお願いしてください。</p>',
  );
}

export function completedPage(order: Order, backHref: string): string {
  const pickup = order.pickup
    ? `<p>店頭受け取り: ${escapeHtml(order.pickup.place)}</p>`
    : '<p>店頭受け取りの商品はありません。</p>';
  const shipping =
    order.shipments.length > 0 ? '<p>配送の商品は、お客さまのお届け先入力をお待ちしています。</p>' : '';
  return page(
    'お支払い完了',
    `<h1>お支払いが完了しました</h1>
<p class="ok">注文番号: <code>${escapeHtml(order.orderAlias)}</code></p>
${linesTable(order.lines)}
${totals(order)}
${pickup}
${shipping}
<p><a href="${escapeHtml(backHref)}">注文の確認画面に戻る</a></p>`,
  );
}

const FAILURE_MESSAGES: Record<string, string> = {
  FORBIDDEN: 'スタッフトークンが正しくありません。',
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
