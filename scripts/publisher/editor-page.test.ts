import { durationChart, editorPage, statusBody } from './editor-page.ts';
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
      [{ stage: 'preparing', done: 0, planned: null }, 'カタログを読み込み、ページを作る準備をしています。'],
      [{ stage: 'pages', done: 45, planned: 176 }, 'ページを作っています。'],
      [{ stage: 'pages', done: 176, planned: 176 }, 'ページを作り終え、仕上げています。'],
      [
        { stage: 'checking', done: 176, planned: 176 },
        'できたサイトに欠けたページやリンク切れがないか検査しています。',
      ],
    ] as const;
    for (const [progress, words] of stages) {
      const body = statusBody({ records: [running, before], busy: true, queued: false, progress, now });
      expect(body.status.message).toBe(
        `ビルド中です。${words}終わるまでは、いまのサイトがそのまま表示されます。前回のビルドは1分05秒かかりました。`,
      );
      expect(body.status.message).not.toMatch(/ほど|約/);
    }
  });

  test('counts the pages written of the pages planned on the bar, with the time since the start', () => {
    const bar = (progress: BuildProgress | null) =>
      statusBody({ records: [running], busy: true, queued: false, progress, now }).progress;
    expect(bar({ stage: 'preparing', done: 0, planned: null })).toEqual({
      value: null,
      max: 1,
      text: '準備中（開始から1分05秒）',
    });
    expect(bar({ stage: 'pages', done: 45, planned: 1176 })).toEqual({
      value: 45,
      max: 1176,
      text: '45 / 1,176 ページ（開始から1分05秒）',
    });
    expect(bar({ stage: 'checking', done: 176, planned: 176 })).toEqual({
      value: 176,
      max: 176,
      text: '検査中（開始から1分05秒）',
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
      '<progress id="progress" max="176" value="45">45 / 176 ページ（開始から1分05秒）</progress>',
    );
    expect(page([before])).toMatch(/<div id="progress-box" class="progress" hidden>/);
  });
});
