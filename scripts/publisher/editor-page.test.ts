import { durationChart, editorPage, scheduleInWords, statusBody } from './editor-page.ts';
import type { BuildProgress, BuildRecord } from './publisher.ts';

let nextId = 1;
/** A build that started `minute` minutes after 18:00 in Japan on 23 November 2026. */
const build = (minute: number, seconds: number | null, over: Partial<BuildRecord> = {}): BuildRecord => ({
  id: nextId++,
  trigger: 'schedule',
  cause: 'catalogue changed: 1 → 2',
  startedAt: new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString(),
  durationMs: seconds === null ? null : seconds * 1000,
  pages: seconds === null ? null : 176,
  outcome: seconds === null ? 'building' : 'published',
  reason: null,
  ...over,
});
/** Newest first, as the publisher keeps them. */
const newestFirst = (...records: BuildRecord[]) =>
  records.sort((a, b) => b.startedAt.localeCompare(a.startedAt));

const page = (records: readonly BuildRecord[], view: Partial<Parameters<typeof statusBody>[0]> = {}) =>
  editorPage({
    account: 'editor-1',
    body: statusBody({ records, busy: false, queued: false, ...view }),
    schedule: { where: 'local', pattern: '@hourly' },
    nextThemeAt: null,
  });

describe("the chart of the last builds' durations", () => {
  test('draws one bar per finished build, oldest on the left, the longest the full height', () => {
    const chart = durationChart(
      newestFirst(
        build(0, 40),
        build(10, 80),
        build(20, 20, { outcome: 'failed', reason: 'x' }),
        build(30, null), // still building: no duration yet
      ),
    );
    expect(chart?.bars.map((bar) => bar.outcome)).toEqual(['published', 'published', 'failed']);
    const [first, second, third] = chart?.bars ?? [];
    expect(first && second && third).toBeTruthy();
    if (!first || !second || !third) return;
    expect(first.x).toBeLessThan(second.x);
    expect(second.x).toBeLessThan(third.x);
    expect(second.height).toBe(chart?.height);
    expect(first.height).toBeCloseTo((chart?.height ?? 0) / 2, 0);
    expect(first.y + first.height).toBe(chart?.height);
    expect(first.title).toBe('2026年11月23日 18:00:00 開始: 40秒（公開済み）');
    expect(third.title).toBe('2026年11月23日 18:20:00 開始: 20秒（失敗）');
  });

  test('says in words what it shows, and whether the last publish took longer than before', () => {
    const slower = durationChart(newestFirst(build(0, 40), build(10, 44), build(20, 36), build(30, 60)));
    expect(slower?.summary).toBe(
      '最近4回のビルドの所要時間（左が古く、右が新しい。いちばん高い棒が1分00秒）。最短36秒、最長1分00秒。' +
        '最新の公開（1分00秒）は、それまでの中央値（40秒）より50%長くかかりました。',
    );
    const steady = durationChart(newestFirst(build(0, 40), build(10, 44), build(20, 36), build(30, 41)));
    expect(steady?.summary).toContain('最新の公開（41秒）は、それまでの中央値（40秒）とほぼ同じでした。');
    const failures = durationChart(
      newestFirst(build(0, 40), build(10, 5, { outcome: 'rejected', reason: 'x' }), build(20, 40)),
    );
    expect(failures?.summary).toContain('うち1回は公開されませんでした（枠だけの棒）。');
    // Too few publishes to compare: no claim about a trend.
    expect(durationChart(newestFirst(build(0, 40), build(10, 44)))?.summary).not.toContain('中央値');
  });

  test('is drawn by the page as an image with its accessible text, with no inline style or script', () => {
    const html = page(newestFirst(build(0, 40), build(10, 80)));
    expect(html).toMatch(
      /<svg [^>]*role="img" aria-labelledby="chart-title" aria-describedby="chart-summary"/,
    );
    expect(html).toContain('<title id="chart-title">最近のビルドの所要時間</title>');
    expect(html).toMatch(
      /<rect class="bar bar--published" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+">/,
    );
    expect(html).toContain('<title>2026年11月23日 18:10:00 開始: 1分20秒（公開済み）</title>');
    expect(html).toContain('<figcaption id="chart-summary">最近2回のビルドの所要時間');
    expect(html).toContain('<p id="no-chart" class="note" hidden>');
    expect(html).not.toMatch(/\sstyle=|<style|<script(?![^>]*\ssrc=)/);
  });

  test('is not drawn before any build has finished, and the page says so', () => {
    expect(durationChart([])).toBeNull();
    expect(durationChart([build(0, null)])).toBeNull();
    const html = page([]);
    expect(html).toContain('<figure id="chart" class="chart" hidden>');
    expect(html).toContain('まだ所要時間の記録がありません。ビルドが終わると、ここにグラフが出ます。');
    expect(html).toContain('<p id="no-builds">まだビルドの記録はありません。</p>');
  });
});

describe('the status of a build under way', () => {
  const now = Date.UTC(2026, 10, 23, 9, 31, 5);
  const running = build(30, null, { trigger: 'editor', cause: 'editor-1' });
  const before = build(0, 65);

  test('says what the build is doing, from the build itself, and how long the last one took', () => {
    const stages = [
      [{ stage: 'preparing', done: 0, planned: null }, 'ビルドを始めています。'],
      [{ stage: 'catalogue', done: 40, planned: 120 }, 'カタログを読み込んでいます。'],
      [{ stage: 'pages', done: 45, planned: 176 }, 'ページを作っています。'],
      [{ stage: 'pages', done: 176, planned: 176 }, 'ページを作り終え、仕上げています。'],
      [
        { stage: 'checking', done: 0, planned: null },
        'できたサイトに欠けたページやリンク切れがないか検査しています。',
      ],
      [{ stage: 'publishing', done: 0, planned: null }, '検査に通ったサイトに切り替えています。'],
    ] as const;
    for (const [progress, words] of stages) {
      const body = statusBody({ records: [running, before], busy: true, queued: false, progress, now });
      expect(body.status.message).toBe(
        `ビルド中です。${words}終わるまでは、いまのサイトがそのまま表示されます。前回のビルドは1分05秒かかりました。`,
      );
      expect(body.status.message).not.toMatch(/ほど|約/);
    }
  });

  test('counts each stage on the bar: products loaded, pages written, then the check and the swap', () => {
    const bar = (progress: BuildProgress | null) =>
      statusBody({ records: [running], busy: true, queued: false, progress, now }).progress;
    expect(bar({ stage: 'preparing', done: 0, planned: null })).toEqual({
      value: null,
      max: 1,
      text: '準備中（開始から1分05秒）',
    });
    expect(bar({ stage: 'catalogue', done: 1000, planned: 1200 })).toEqual({
      value: 1000,
      max: 1200,
      text: 'カタログの読み込み 1,000 / 1,200 件（開始から1分05秒）',
    });
    expect(bar({ stage: 'pages', done: 45, planned: 1176 })).toEqual({
      value: 45,
      max: 1176,
      text: 'ページの作成 45 / 1,176 ページ（開始から1分05秒）',
    });
    // A rebuild: the pages it writes, and how many unchanged pages come from the last build, so the count
    // adds up to the pages the site will have.
    expect(bar({ stage: 'pages', done: 35, planned: 55, reused: 1144 })).toEqual({
      value: 35,
      max: 55,
      text: 'ページの作成 35 / 55 ページ、変更のない1,144ページは前回のビルドから（開始から1分05秒）',
    });
    expect(bar({ stage: 'checking', done: 0, planned: null })).toEqual({
      value: null,
      max: 1,
      text: '検査中（開始から1分05秒）',
    });
    expect(bar({ stage: 'publishing', done: 0, planned: null })).toEqual({
      value: null,
      max: 1,
      text: '公開中（開始から1分05秒）',
    });
    // A backend that cannot tell the pages (Netlify's deploys): the time since the start only.
    expect(bar(null)).toEqual({ value: null, max: 1, text: '開始から1分05秒' });
    const stuck = statusBody({ records: [running], busy: true, queued: false, now: now + 2 * 3600_000 });
    expect(stuck.progress?.text).toBe('開始から2時間01分');
    expect(statusBody({ records: [before], busy: false, queued: false, now }).progress).toBeNull();
  });

  test('is drawn as a progress bar with its label, hidden when nothing builds', () => {
    const html = page([running, before], {
      busy: true,
      progress: { stage: 'pages', done: 45, planned: 176 },
      now,
    });
    expect(html).toContain('<label for="progress">ビルドの進み具合</label>');
    expect(html).toContain(
      '<progress id="progress" max="176" value="45">ページの作成 45 / 176 ページ（開始から1分05秒）</progress>',
    );
    expect(page([before])).toMatch(/<div id="progress-box" class="progress" hidden>/);
  });
});

describe('the publish button', () => {
  const running = build(30, null, { trigger: 'editor', cause: 'editor-1' });

  test('shows a running build, and what a press during it does', () => {
    const busy = page([running], { busy: true });
    expect(busy).toContain(
      '<button type="submit" id="publish" aria-describedby="publish-note">ビルド中…</button>',
    );
    expect(busy).toMatch(
      /<p id="publish-note" class="note">ビルド中に押しても、同じビルドを重ねて頼むことはありません。ビルドが始まったあとにカタログが変わっていたときだけ、終わりしだいもう一度ビルドします。<\/p>/,
    );
    const idle = page([build(0, 40)]);
    expect(idle).toContain(
      '<button type="submit" id="publish" aria-describedby="publish-note">今すぐ公開</button>',
    );
    expect(idle).toMatch(/<p id="publish-note" class="note" hidden>/);
  });
});

describe('the schedule, in words', () => {
  test.each([
    ['@hourly', '毎時0分'],
    ['0 * * * *', '毎時0分'],
    ['15 * * * *', '毎時15分'],
    ['@daily', '毎日0時0分'],
    ['@midnight', '毎日0時0分'],
    ['30 3 * * *', '毎日3時30分'],
    ['0 9 * * 1', '毎週月曜日 9時0分'],
    ['@weekly', '毎週日曜日 0時0分'],
    ['0 0 1 * *', '毎月1日 0時0分'],
    ['*/15 * * * *', '15分ごと'],
    ['0 */6 * * *', '6時間ごと（0分）'],
    ['*/2 * * * * *', '2秒ごと'],
  ])('%s is %s', (pattern, words) => {
    expect(scheduleInWords(pattern)).toBe(words);
  });

  test('a pattern it cannot say in words is shown as it is', () => {
    expect(scheduleInWords('5 4 * 2-3 1,3')).toBe('5 4 * 2-3 1,3（cron 形式）');
  });

  test('the page says the schedule in words, in Japan time', () => {
    expect(page([])).toContain('定期ビルド: 毎時0分（日本時間）。');
  });
});
