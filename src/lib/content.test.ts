import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { currentTheme, nextThemeLaunch, sitePageSchema, themeLaunch, themeSchema } from './content.ts';

const contentDir = new URL('../content/', import.meta.url);

async function frontmatter(path: string): Promise<{ data: unknown; body: string }> {
  const text = await readFile(new URL(path, contentDir), 'utf8');
  const match = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!match) throw new Error(`${path} has no frontmatter`);
  return { data: parse(match[1] ?? ''), body: match[2] ?? '' };
}

const theme = (title: string, launchedAt: string) => ({ data: { title, launchedAt: new Date(launchedAt) } });

describe('the seasonal theme', () => {
  it('launched 2024-07 with a Japanese title and a short poem-like text', async () => {
    const files = await readdir(new URL('theme/', contentDir));
    const themes = await Promise.all(files.map((file) => frontmatter(`theme/${file}`)));
    const summer = themes
      .map(({ data, body }) => ({ data: themeSchema.parse(data), body }))
      .find(({ data }) => data.launchedAt.toISOString().startsWith('2024-07'));
    expect(summer?.data.title).toMatch(/^[\u3040-\u30ff\u4e00-\u9fff]+$/);
    const lines = summer?.body.trim().split('\n').filter(Boolean) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
  });

  it('shown is the newest one already launched', () => {
    const themes = [theme('春', '2025-03-01'), theme('夏', '2024-07-01'), theme('冬', '2024-12-01')];
    expect(currentTheme(themes, new Date('2024-08-01')).data.title).toBe('夏');
    expect(currentTheme(themes, new Date('2025-01-01')).data.title).toBe('冬');
    expect(currentTheme(themes, new Date('2030-01-01')).data.title).toBe('春');
  });

  it('goes live at midnight in Japan on its launch date, not at midnight UTC', () => {
    const themes = [theme('冬', '2024-12-01'), theme('春', '2025-03-01')];
    // 2025-03-01 00:00 in Tokyo is 2025-02-28 15:00 UTC.
    expect(themeLaunch(new Date('2025-03-01')).toISOString()).toBe('2025-02-28T15:00:00.000Z');
    expect(currentTheme(themes, new Date('2025-02-28T14:59:59Z')).data.title).toBe('冬');
    expect(currentTheme(themes, new Date('2025-02-28T15:00:00Z')).data.title).toBe('春');
  });

  it('names the next launch after a build, so a rebuild can show it on its date', () => {
    const themes = [theme('夏', '2024-07-01'), theme('春', '2025-03-01'), theme('冬', '2024-12-01')];
    expect(nextThemeLaunch(themes, new Date('2024-08-01'))?.toISOString()).toBe('2024-11-30T15:00:00.000Z');
    expect(nextThemeLaunch(themes, new Date('2024-11-30T15:00:00Z'))?.toISOString()).toBe(
      '2025-02-28T15:00:00.000Z',
    );
    expect(nextThemeLaunch(themes, new Date('2025-03-01'))).toBeNull();
  });

  it('before any launch is the earliest, and missing it is an error', () => {
    expect(currentTheme([theme('夏', '2024-07-01')], new Date('2020-01-01')).data.title).toBe('夏');
    expect(() => currentTheme([])).toThrow(/no seasonal theme/);
  });
});

describe('the site pages', () => {
  it.each(['about', 'terms', 'tokushoho'])('%s has a title and its own description', async (name) => {
    const { data, body } = await frontmatter(`pages/${name}.md`);
    const page = sitePageSchema.parse(data);
    expect(page.description.length).toBeGreaterThan(40);
    expect(body.trim().length).toBeGreaterThan(0);
  });

  it('特定商取引法に基づく表記 has every required item and marks its company data as demo', async () => {
    const { data, body } = await frontmatter('pages/tokushoho.md');
    const terms = (sitePageSchema.parse(data).rows ?? []).map((row) => row.term);
    for (const term of [
      '販売業者',
      '所在地',
      '連絡先',
      '販売価格（税込）',
      'ラッピング',
      '支払方法',
      '引渡し時期',
      '返品・交換',
    ]) {
      expect(terms).toContain(term);
    }
    expect(body).toContain('デモンストレーション用の架空');
  });
});
