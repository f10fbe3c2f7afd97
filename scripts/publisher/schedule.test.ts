import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PublishRequest } from './publisher.ts';
import { DEFAULT_SCHEDULE, liveSiteCheck, scheduleFrom, startSchedule } from './schedule.ts';

let tmp: string;
let api: http.Server;
let apiUrl: string;
let apiVersion = '5';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'schedule-test-'));
  api = http.createServer((req, res) => {
    if (req.url !== '/catalog/version' || req.headers['x-api-token'] !== 'token') {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(apiVersion === 'down' ? 503 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ version: apiVersion, updatedAt: '2026-11-23T00:00:00.000Z' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(tmp, { recursive: true, force: true });
});

async function liveSite(latest: object | null): Promise<string> {
  const dir = await mkdtemp(path.join(tmp, 'site-'));
  await mkdir(path.join(dir, '_build'));
  if (latest) await writeFile(path.join(dir, '_build', 'latest.json'), JSON.stringify(latest));
  return dir;
}

describe('the schedule setting', () => {
  test('is hourly unless PUBLISH_SCHEDULE says otherwise, and PUBLISH_SCHEDULE=off turns it off', () => {
    expect(scheduleFrom({})).toBe(DEFAULT_SCHEDULE);
    expect(DEFAULT_SCHEDULE).toBe('@hourly');
    expect(scheduleFrom({ PUBLISH_SCHEDULE: '*/15 * * * *' })).toBe('*/15 * * * *');
    expect(scheduleFrom({ PUBLISH_SCHEDULE: 'off' })).toBeNull();
    expect(scheduleFrom({ PUBLISH_SCHEDULE: 'OFF' })).toBeNull();
  });

  test('a pattern croner cannot read is refused at start, naming the variable', () => {
    expect(() => startSchedule('every hour', { publish: () => 'started' }, async () => null)).toThrow(
      /PUBLISH_SCHEDULE: "every hour" is not a cron pattern/,
    );
  });

  test('off starts nothing', () => {
    expect(startSchedule(null, { publish: () => 'started' }, async () => null)).toBeNull();
  });

  test('on its schedule it asks the publisher for a conditional build', async () => {
    const requests: PublishRequest[] = [];
    const condition = async () => null;
    const job = startSchedule(
      '* * * * * *',
      {
        publish: (request) => {
          requests.push(request);
          return 'started';
        },
      },
      condition,
    );
    try {
      await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2), { timeout: 4000 });
    } finally {
      job?.stop();
    }
    expect(requests[0]).toMatchObject({ trigger: 'schedule', cause: 'schedule * * * * * *', condition });
  });
});

describe('the check of the live site', () => {
  test('an unchanged catalogue needs no build; a changed one does, saying so', async () => {
    const root = await liveSite({ buildId: 'b', builtAt: '2026-11-23T00:00:00.000Z', catalogVersion: '5' });
    const check = liveSiteCheck({ root: () => root, apiUrl, apiToken: 'token' });
    apiVersion = '5';
    expect(await check()).toBeNull();
    apiVersion = '6';
    expect(await check()).toBe('catalogue changed: 5 → 6');
  });

  test('a theme launch named by the live build is built once its moment has come', async () => {
    apiVersion = '5';
    const root = await liveSite({ catalogVersion: '5', nextThemeAt: '2026-12-31T15:00:00.000Z' });
    let now = new Date('2026-12-31T14:00:00Z');
    const check = liveSiteCheck({ root: () => root, apiUrl, apiToken: 'token', now: () => now });
    expect(await check()).toBeNull();
    now = new Date('2026-12-31T15:00:01Z');
    expect(await check()).toBe('seasonal theme launch: 2026-12-31T15:00:00.000Z');
  });

  test('a live site that cannot say what it was built from is rebuilt; an API that cannot answer builds nothing', async () => {
    apiVersion = '5';
    const root = await liveSite(null);
    const check = liveSiteCheck({ root: () => root, apiUrl, apiToken: 'token' });
    expect(await check()).toBe('catalogue changed: unknown → 5');
    apiVersion = 'down';
    await expect(check()).rejects.toThrow(/503/);
  });
});
