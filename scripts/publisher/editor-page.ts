/**
 * The editor page's words and markup (Japanese): the publish button, what the publisher is doing, and the
 * last builds. Every value is escaped (a failure's reason quotes API messages); the page carries no inline
 * script or style, so it runs under a strict content security policy.
 */
import { escapeHtml } from '../../src/lib/markup.ts';
import type { BuildProgress, BuildRecord, Outcome, Trigger } from './publisher.ts';

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

/** A duration in seconds, minutes and seconds, or hours and minutes. */
function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒`;
  return `${Math.floor(seconds / 3600)}時間${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}分`;
}

const OUTCOMES: Record<Outcome, string> = {
  building: 'ビルド中',
  published: '公開済み',
  failed: '失敗（ビルドできませんでした）',
  rejected: '不合格（検査で公開を止めました）',
  queued: '順番待ち（前のビルドが終わると始まります）',
  requested: '依頼済み（Netlify でビルドが始まるのを待っています）',
  unknown: '不明（公開されたビルドが見つかりません）',
};

function triggerText(record: BuildRecord): string {
  const labels: Record<Trigger, string> = {
    editor: `今すぐ公開（${record.cause}）`,
    schedule: `定期ビルド（${record.cause}）`,
    start: '起動時のビルド',
    deploy: `Netlify のデプロイ（${record.cause}）`,
  };
  return labels[record.trigger];
}

/** Whether a build has come to an end this page can name (published, failed, rejected, or never seen). */
const ended = (record: BuildRecord) => !['building', 'queued', 'requested'].includes(record.outcome);

/** What the page shows of the builds, as its backend (editor.ts) knows them now. */
export interface EditorView {
  /** The last builds, newest first. */
  records: readonly BuildRecord[];
  /** Whether a build is under way, and whether one more waits for it. */
  busy: boolean;
  queued: boolean;
  /** How far the build under way has come, from the build itself; absent when the backend cannot tell. */
  progress?: BuildProgress | null;
  /** Now, in milliseconds (for the time since a build started). */
  now?: number;
  /** Where the list of builds comes from, when the page should say so (Netlify: with or without a token). */
  source?: string;
}

/** The status line: what an editor needs to know now. */
interface Status {
  tone: 'busy' | 'ok' | 'failed' | 'none';
  message: string;
}

/** The duration of the last build that was published, not counting the one under way. */
function lastPublishedDuration(records: readonly BuildRecord[]): number | null {
  return (
    records.find((record) => record.outcome === 'published' && record.durationMs !== null)?.durationMs ?? null
  );
}

/**
 * What the build under way is doing, in words that change only when its stage does (the status line is a
 * live region: it is read out at each change, so the counts are on the progress bar instead).
 */
function stageText(progress: BuildProgress | null | undefined): string {
  if (!progress) return '';
  switch (progress.stage) {
    case 'preparing':
      return 'ビルドを始めています。';
    case 'catalogue':
      return 'カタログを読み込んでいます。';
    case 'checking':
      return 'できたサイトに欠けたページやリンク切れがないか検査しています。';
    case 'publishing':
      return '検査に通ったサイトに切り替えています。';
    default:
      return progress.planned !== null && progress.done >= progress.planned
        ? 'ページを作り終え、仕上げています。'
        : 'ページを作っています。';
  }
}

function statusOf({ records, busy, queued, progress }: EditorView): Status {
  if (busy) {
    const last = lastPublishedDuration(records.filter(ended));
    // Asked for, and not yet seen building (Netlify, between the press and its deploy): said as it is.
    const asked = records.find((record) => !ended(record))?.outcome === 'requested';
    return {
      tone: 'busy',
      message:
        (asked
          ? 'ビルドを頼みました。Netlify でビルドと検査が終わると公開されます。'
          : `ビルド中です。${stageText(progress)}`) +
        '終わるまでは、いまのサイトがそのまま表示されます。' +
        (last === null ? '' : `前回のビルドは${formatDuration(last)}かかりました。`) +
        (queued ? '終わりしだい、もう一度ビルドします。' : ''),
    };
  }
  const last = records.find(ended);
  if (!last) return { tone: 'none', message: 'まだ公開の記録はありません。' };
  const at = formatTime(last.startedAt);
  if (last.outcome === 'published') {
    return {
      tone: 'ok',
      message: `公開しました（${at} 開始）。開いているページも、次のページ移動から新しい内容になります。`,
    };
  }
  if (last.outcome === 'unknown') {
    return {
      tone: 'failed',
      message: `${at} に頼んだビルドが公開されたか確かめられません。いまのサイトはそのまま表示されています。${last.reason ?? ''}`,
    };
  }
  return {
    tone: 'failed',
    message: `公開できませんでした（${at} 開始）。いまのサイトをそのまま表示しています。理由: ${last.reason ?? '不明'}`,
  };
}

/** The progress bar of the build under way: no value when its end cannot be told yet. */
interface ProgressBar {
  value: number | null;
  max: number;
  text: string;
}

function progressBar({ records, busy, progress, now = Date.now() }: EditorView): ProgressBar | null {
  if (!busy) return null;
  const running =
    records.find((record) => record.outcome === 'building') ??
    records.find((record) => record.outcome === 'requested');
  const from = running?.outcome === 'requested' ? '依頼から' : '開始から';
  const since = running ? `${from}${formatDuration(Math.max(0, now - Date.parse(running.startedAt)))}` : '';
  const withTime = (text: string) => (since ? `${text}（${since}）` : text);
  if (!progress) return { value: null, max: 1, text: since || 'ビルド中' };
  const count = (n: number) => n.toLocaleString('ja-JP');
  const counted = (label: string, unit: string, after = '') =>
    progress.planned === null
      ? { value: null, max: 1, text: withTime(`${label} ${count(progress.done)} ${unit}${after}`) }
      : {
          value: progress.done,
          max: Math.max(1, progress.planned),
          text: withTime(`${label} ${count(progress.done)} / ${count(progress.planned)} ${unit}${after}`),
        };
  switch (progress.stage) {
    case 'catalogue':
      return counted('カタログの読み込み', '件');
    case 'pages':
      // A rebuild writes the changed pages only: the unchanged ones are named, so the counts add up to the
      // pages the site will have.
      return counted(
        'ページの作成',
        'ページ',
        progress.reused ? `、変更のない${count(progress.reused)}ページは前回のビルドから` : '',
      );
    case 'checking':
      return { value: null, max: 1, text: withTime('検査中') };
    case 'publishing':
      return { value: null, max: 1, text: withTime('公開中') };
    default:
      return { value: null, max: 1, text: withTime('準備中') };
  }
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

/** The chart's drawing area (its viewBox), and the fewest slots it is divided into. */
const CHART_WIDTH = 300;
const CHART_HEIGHT = 80;
const CHART_SLOTS = 10;
const SHORT_OUTCOMES: Record<Outcome, string> = {
  building: 'ビルド中',
  published: '公開済み',
  failed: '失敗',
  rejected: '不合格',
  queued: '順番待ち',
  requested: '依頼済み',
  unknown: '不明',
};

/**
 * The last builds' durations as bars, oldest on the left: where each bar is and what it says, computed
 * here once for the page and for its script, which only copies them into the drawing.
 */
export interface Chart {
  width: number;
  height: number;
  bars: { x: number; y: number; width: number; height: number; outcome: Outcome; title: string }[];
  /** What the chart shows, in words: its description, and the caption under it. */
  summary: string;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Whether the last publish took longer than the ones before it: a sentence, or none with too few. */
function trend(finished: readonly BuildRecord[]): string {
  const published = finished.filter((record) => record.outcome === 'published').map((r) => r.durationMs ?? 0);
  const latest = published.at(-1);
  if (published.length < 3 || latest === undefined) return '';
  const before = median(published.slice(0, -1));
  const change = Math.round(((latest - before) / before) * 100);
  const words = `最新の公開（${formatDuration(latest)}）は、それまでの中央値（${formatDuration(before)}）`;
  if (Math.abs(change) < 10) return `${words}とほぼ同じでした。`;
  return change > 0 ? `${words}より${change}%長くかかりました。` : `${words}より${-change}%短く済みました。`;
}

/** The chart of the finished builds' durations, or null before any build has finished. */
export function durationChart(records: readonly BuildRecord[]): Chart | null {
  const finished = records.filter((record) => ended(record) && record.durationMs !== null).reverse();
  if (finished.length === 0) return null;
  const durations = finished.map((record) => record.durationMs ?? 0);
  const longest = Math.max(...durations, 1);
  const slot = CHART_WIDTH / Math.max(finished.length, CHART_SLOTS);
  const round = (n: number) => Math.round(n * 10) / 10;
  const bars = finished.map((record, index) => {
    const duration = record.durationMs ?? 0;
    const height = Math.max(2, round((duration / longest) * CHART_HEIGHT));
    return {
      x: round(index * slot + slot * 0.15),
      y: round(CHART_HEIGHT - height),
      width: round(slot * 0.7),
      height,
      outcome: record.outcome,
      title: `${formatTime(record.startedAt)} 開始: ${formatDuration(duration)}（${SHORT_OUTCOMES[record.outcome]}）`,
    };
  });
  const unpublished = finished.filter((record) => record.outcome !== 'published').length;
  const summary =
    `最近${finished.length}回のビルドの所要時間（左が古く、右が新しい。いちばん高い棒が${formatDuration(longest)}）。` +
    `最短${formatDuration(Math.min(...durations))}、最長${formatDuration(longest)}。` +
    (unpublished > 0 ? `うち${unpublished}回は公開されませんでした（枠だけの棒）。` : '') +
    trend(finished);
  return { width: CHART_WIDTH, height: CHART_HEIGHT, bars, summary };
}

/** The body of /editor/status.json. */
export interface StatusBody {
  busy: boolean;
  status: Status;
  progress: ProgressBar | null;
  builds: { outcome: Outcome; rows: [string, string][] }[];
  chart: Chart | null;
}

export function statusBody(view: EditorView): StatusBody {
  return {
    busy: view.busy,
    status: statusOf(view),
    progress: progressBar(view),
    builds: view.records.map((record) => ({ outcome: record.outcome, rows: buildRows(record) })),
    chart: durationChart(view.records),
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

const hidden = (hide: boolean) => (hide ? ' hidden' : '');

function buildList(body: StatusBody): string {
  if (body.builds.length === 0) {
    return '<div class="build-list"><p id="no-builds">まだビルドの記録はありません。</p><ol id="builds" class="builds"></ol></div>';
  }
  const items = body.builds.map(
    (build) =>
      `<li class="build build--${build.outcome}"><dl>${build.rows
        .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
        .join('')}</dl></li>`,
  );
  return `<div class="build-list"><ol id="builds" class="builds">${items.join('')}</ol></div>`;
}

/** The chart as inline SVG: geometry in attributes and colours in the style sheet, so no inline style. */
function chartFigure(chart: Chart | null): string {
  const bars = (chart?.bars ?? [])
    .map(
      (bar) =>
        `<rect class="bar bar--${bar.outcome}" x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}">` +
        `<title>${escapeHtml(bar.title)}</title></rect>`,
    )
    .join('');
  return `<div class="chart-box">
<figure id="chart" class="chart"${hidden(chart === null)}>
<svg viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" aria-labelledby="chart-title" aria-describedby="chart-summary">
<title id="chart-title">最近のビルドの所要時間</title>
<g id="chart-bars">${bars}</g>
<line class="chart-base" x1="0" y1="${CHART_HEIGHT}" x2="${CHART_WIDTH}" y2="${CHART_HEIGHT}"></line>
</svg>
<figcaption id="chart-summary">${escapeHtml(chart?.summary ?? '')}</figcaption>
</figure>
<p id="no-chart" class="note"${hidden(chart !== null)}>まだ所要時間の記録がありません。ビルドが終わると、ここにグラフが出ます。</p>
</div>`;
}

function progressBox(bar: ProgressBar | null): string {
  const value = bar?.value === null || bar === null ? '' : ` value="${bar.value}"`;
  const text = escapeHtml(bar?.text ?? '');
  return `<div id="progress-box" class="progress"${hidden(bar === null)}>
<label for="progress">ビルドの進み具合</label>
<progress id="progress" max="${bar?.max ?? 1}"${value}>${text}</progress>
<span id="progress-text" class="note">${text}</span>
</div>`;
}

const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土', '日'];
const NUMBER = /^\d{1,2}$/;
const EVERY = /^\*\/(\d{1,2})$/;

/**
 * A cron pattern (5 fields, or 6 with seconds first, or a nickname such as @hourly) as an editor reads it:
 * 毎時0分, 毎日3時30分, 15分ごと. One it cannot say in words is given as it is, marked as cron.
 */
export function scheduleInWords(pattern: string): string {
  const fields = (NICKNAMES[pattern.trim().toLowerCase()] ?? pattern).trim().split(/\s+/);
  const asIs = `${pattern}（cron 形式）`;
  if (fields.length === 6) {
    const [second, ...rest] = fields;
    const every = EVERY.exec(second ?? '');
    if (every && rest.every((field) => field === '*')) return `${Number(every[1])}秒ごと`;
    if (second !== '0') return asIs;
    fields.shift();
  }
  if (fields.length !== 5) return asIs;
  const [minute = '', hour = '', day = '', month = '', weekday = ''] = fields;
  if (month !== '*') return asIs;
  const everyMinutes = EVERY.exec(minute);
  if (everyMinutes && hour === '*' && day === '*' && weekday === '*')
    return `${Number(everyMinutes[1])}分ごと`;
  if (!NUMBER.test(minute)) return asIs;
  const m = Number(minute);
  const everyHours = EVERY.exec(hour);
  if (day === '*' && weekday === '*') {
    if (hour === '*') return `毎時${m}分`;
    if (everyHours) return `${Number(everyHours[1])}時間ごと（${m}分）`;
  }
  if (!NUMBER.test(hour)) return asIs;
  const at = `${Number(hour)}時${m}分`;
  if (day === '*' && weekday === '*') return `毎日${at}`;
  if (day === '*' && /^[0-7]$/.test(weekday)) return `毎週${WEEKDAYS[Number(weekday)]}曜日 ${at}`;
  if (weekday === '*' && NUMBER.test(day)) return `毎月${Number(day)}日 ${at}`;
  return asIs;
}

/** The rebuild schedule: `npm start`'s (its pattern, null when it is off), or Netlify's scheduled function. */
export type Schedule = { where: 'local'; pattern: string | null } | { where: 'netlify' };

export interface PageOptions {
  account: string;
  body: StatusBody;
  schedule: Schedule;
  /** When the next seasonal theme launches (ISO 8601), or null when none waits. */
  nextThemeAt: string | null;
  /** How often the page's script asks for the status while a build runs (default 2 s). */
  pollMs?: number;
  /** Where the list of builds comes from, said under its heading when given. */
  source?: string | undefined;
}

function nextThemeText(nextThemeAt: string | null, schedule: Schedule): string {
  if (nextThemeAt === null) return '';
  const when = formatTime(nextThemeAt);
  const how =
    schedule.where === 'local' && schedule.pattern === null
      ? 'その時刻を過ぎたら「今すぐ公開」を押してください（定期ビルドは止めてあります）。'
      : 'その時刻のあとの最初の定期ビルドで、自動で公開されます。';
  return `<p class="note">次の季節のテーマは ${escapeHtml(when)} から表示されます。${how}</p>`;
}

/** The publish button's words: idle, and while a build runs (the page's script switches them). */
export const IDLE_BUTTON = '今すぐ公開';
export const BUSY_BUTTON = 'ビルド中…';
/** What a press during a build does, where the page is served. */
const PRESS_DURING_BUILD: Record<Schedule['where'], string> = {
  local:
    'ビルド中に押しても、同じビルドを重ねて頼むことはありません。ビルドが始まったあとにカタログが変わっていたときだけ、終わりしだいもう一度ビルドします。',
  netlify:
    'ビルド中に押しても、同じビルドを重ねて頼むことはありません。ビルドが始まったあとのカタログの変更は、終わってからもう一度押すか、次の定期ビルドで公開されます。',
};

export function editorPage({
  account,
  body,
  schedule,
  nextThemeAt,
  pollMs = 2000,
  source,
}: PageOptions): string {
  const when = 'カタログが変わったとき、または季節のテーマの公開日が来たときだけビルドします。';
  const scheduleText =
    schedule.where === 'netlify'
      ? `定期ビルド: Netlify の scheduled-rebuild 関数が netlify.toml の設定どおり（初期設定は毎時0分）に確かめ、${when}`
      : schedule.pattern === null
        ? '定期ビルドは止めてあります（PUBLISH_SCHEDULE=off）。'
        : `定期ビルド: ${escapeHtml(scheduleInWords(schedule.pattern))}（日本時間）。${when}`;
  return shell(
    'サイトの公開',
    `<h1>サイトの公開</h1>
<p class="who">スタッフ <strong>${escapeHtml(account)}</strong> としてサインインしています。</p>
<p>カタログ（商品名・価格・在庫など）や、季節のテーマ・このサイトについて・利用規約・特定商取引法に基づく表記の変更を、サイトに反映します。新しいサイトは、作って検査に通ってから一度に切り替わります。失敗したときは、いまのサイトがそのまま残ります。</p>
<div id="status" class="status status--${body.status.tone}" data-poll-ms="${pollMs}" role="status" aria-live="polite" data-busy="${body.busy}">${escapeHtml(body.status.message)}</div>
${progressBox(body.progress)}
<form method="post" action="/editor/publish" class="publish">
<button type="submit" id="publish" aria-describedby="publish-note">${body.busy ? BUSY_BUTTON : IDLE_BUTTON}</button>
</form>
<p id="publish-note" class="note"${hidden(!body.busy)}>${escapeHtml(PRESS_DURING_BUILD[schedule.where])}</p>
<p class="note">${scheduleText}</p>
${nextThemeText(nextThemeAt, schedule)}
<h2>最近のビルド</h2>
${source ? `<p class="note" id="builds-source">${escapeHtml(source)}</p>` : ''}
<div class="history">
${chartFigure(body.chart)}
${buildList(body)}
</div>`,
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
