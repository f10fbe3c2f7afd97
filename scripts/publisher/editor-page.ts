/**
 * The editor page's words and markup (Japanese): the publish button, what the publisher is doing, and the
 * last builds. Every value is escaped (a failure's reason quotes API messages); the page carries no inline
 * script or style, so it runs under a strict content security policy.
 */
import { escapeHtml } from '../../src/lib/markup.ts';
import type { BuildRecord, Outcome, Trigger } from './publisher.ts';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A time as editors in Japan read it. */
function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A duration in seconds, or minutes and seconds. */
function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}秒`;
  return `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒`;
}

const OUTCOMES: Record<Outcome, string> = {
  building: 'ビルド中',
  published: '公開済み',
  failed: '失敗（ビルドできませんでした）',
  rejected: '不合格（検査で公開を止めました）',
};

function triggerText(record: BuildRecord): string {
  const labels: Record<Trigger, string> = {
    editor: `今すぐ公開（${record.cause}）`,
    schedule: `定期ビルド（${record.cause}）`,
    start: '起動時のビルド',
  };
  return labels[record.trigger];
}

/** What the page shows of the builds, as its backend (editor.ts) knows them now. */
export interface EditorView {
  /** The last builds, newest first. */
  records: readonly BuildRecord[];
  /** Whether a build is under way, and whether one more waits for it. */
  busy: boolean;
  queued: boolean;
}

/** The status line: what an editor needs to know now. */
interface Status {
  tone: 'busy' | 'ok' | 'failed' | 'none';
  message: string;
}

function statusOf(records: readonly BuildRecord[], busy: boolean, queued: boolean): Status {
  if (busy) {
    return {
      tone: 'busy',
      message:
        'ビルド中です。新しいサイトを作って検査しています（1分ほどかかります）。終わるまでは、いまのサイトがそのまま表示されます。' +
        (queued ? '終わりしだい、もう一度ビルドします。' : ''),
    };
  }
  const last = records.find((record) => record.outcome !== 'building');
  if (!last) return { tone: 'none', message: 'まだ公開の記録はありません。' };
  const at = formatTime(last.startedAt);
  if (last.outcome === 'published') {
    return {
      tone: 'ok',
      message: `公開しました（${at} 開始）。開いているページも、次のページ移動から新しい内容になります。`,
    };
  }
  return {
    tone: 'failed',
    message: `公開できませんでした（${at} 開始）。いまのサイトをそのまま表示しています。理由: ${last.reason ?? '不明'}`,
  };
}

/** One build as label/value pairs, the same for the page and for the script that refreshes it. */
function buildRows(record: BuildRecord): [string, string][] {
  const rows: [string, string][] = [
    ['開始', formatTime(record.startedAt)],
    ['所要時間', formatDuration(record.durationMs)],
    ['ページ数', record.pages === null ? '—' : `${record.pages.toLocaleString('ja-JP')}ページ`],
    ['結果', OUTCOMES[record.outcome]],
    ['きっかけ', triggerText(record)],
  ];
  if (record.reason) rows.push(['理由', record.reason]);
  return rows;
}

/** The body of /editor/status.json. */
export interface StatusBody {
  busy: boolean;
  status: Status;
  builds: { outcome: Outcome; rows: [string, string][] }[];
}

export function statusBody({ records, busy, queued }: EditorView): StatusBody {
  return {
    busy,
    status: statusOf(records, busy, queued),
    builds: records.map((record) => ({ outcome: record.outcome, rows: buildRows(record) })),
  };
}

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | 編集者ページ</title>
<link rel="stylesheet" href="/editor/editor.css">
<script type="module" src="/editor/editor.js"></script>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function buildList(body: StatusBody): string {
  if (body.builds.length === 0)
    return '<p id="no-builds">起動してからのビルドはまだありません。</p><ol id="builds" class="builds"></ol>';
  const items = body.builds.map(
    (build) =>
      `<li class="build build--${build.outcome}"><dl>${build.rows
        .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
        .join('')}</dl></li>`,
  );
  return `<ol id="builds" class="builds">${items.join('')}</ol>`;
}

export interface PageOptions {
  account: string;
  body: StatusBody;
  /** The rebuild schedule, or null when it is off. */
  schedule: string | null;
  /** When the next seasonal theme launches (ISO 8601), or null when none waits. */
  nextThemeAt: string | null;
}

function nextThemeText(nextThemeAt: string | null, schedule: string | null): string {
  if (nextThemeAt === null) return '';
  const when = formatTime(nextThemeAt);
  const how =
    schedule === null
      ? 'その時刻を過ぎたら「今すぐ公開」を押してください（定期ビルドは止めてあります）。'
      : 'その時刻のあとの最初の定期ビルドで、自動で公開されます。';
  return `<p class="note">次の季節のテーマは ${escapeHtml(when)} から表示されます。${how}</p>`;
}

export function editorPage({ account, body, schedule, nextThemeAt }: PageOptions): string {
  const scheduleText =
    schedule === null
      ? '定期ビルドは止めてあります（PUBLISH_SCHEDULE=off）。'
      : `定期ビルド: ${escapeHtml(schedule)}（日本時間）。カタログが変わったとき、または季節のテーマの公開日が来たときだけビルドします。`;
  return shell(
    'サイトの公開',
    `<h1>サイトの公開</h1>
<p class="who">スタッフ <strong>${escapeHtml(account)}</strong> としてサインインしています。</p>
<p>カタログ（商品名・価格・在庫など）や、季節のテーマ・このサイトについて・利用規約・特定商取引法に基づく表記の変更を、サイトに反映します。新しいサイトは、作って検査に通ってから一度に切り替わります。失敗したときは、いまのサイトがそのまま残ります。</p>
<div id="status" class="status status--${body.status.tone}" role="status" aria-live="polite" data-busy="${body.busy}">${escapeHtml(body.status.message)}</div>
<form method="post" action="/editor/publish" class="publish">
<button type="submit">今すぐ公開</button>
</form>
<p class="note">${scheduleText}</p>
${nextThemeText(nextThemeAt, schedule)}
<h2>最近のビルド</h2>
${buildList(body)}`,
  );
}

/** The page for someone not signed in: the staff sign-in form, which brings them back here. */
export function signInPage(message?: string): string {
  return shell(
    'サインインが必要です',
    `<h1>サイトの公開</h1>
<p>このページは編集担当のスタッフ専用です。スタッフのアカウントでサインインしてください。</p>
${message ? `<p class="status status--failed" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/api/store/signin" class="signin">
<input type="hidden" name="next" value="editor">
<label for="account">アカウント名</label>
<input id="account" name="account" autocomplete="username" required maxlength="64">
<label for="password">パスワード</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit">サインイン</button>
</form>`,
  );
}

/** A refusal or an outage, in words. */
export function messagePage(title: string, message: string): string {
  return shell(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/editor/">編集者ページに戻る</a></p>`,
  );
}
