import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { responsiveImage } from '../../src/lib/images.ts';
import { PICTURE_SIZES } from '../../src/lib/picture-sizes.ts';
import {
  areaSvg,
  type ImageKind,
  ImageService,
  type PlannedRender,
  parseImageParams,
  productSvg,
  siteRenders,
  standardRenders,
  tenantSvg,
} from './images.ts';
import { Store } from './store.ts';
import { makeApp, seededDatabase, type TestApp } from './test-helpers.ts';

let t: TestApp;
/** The time allowed to tests that render large AVIF pictures (slow where other work shares the cores). */
const RENDERS_MS = 90_000;

beforeEach(async () => {
  t = await makeApp();
});

async function image(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(path, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

describe('GET /images/{kind}/{id}.{ext}', () => {
  test('products: jpeg by default at the original 1200×1200, immutable with an ETag', async () => {
    const { response, body } = await image('/images/products/1.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1200]);
  });

  test.each([
    ['webp', '2.jpg?width=256&height=256&format=webp', 'image/webp', 'webp', 256],
    ['avif', '2.jpg?width=256&height=256&format=avif', 'image/avif', 'heif', 256],
    ['jpeg', '2.jpg?width=256&height=256&format=jpeg', 'image/jpeg', 'jpeg', 256],
    ['png (the original)', '2.png', 'image/png', 'png', 1200],
  ])('format %s', async (_format, file, contentType, sharpFormat, side) => {
    const { response, body } = await image(`/images/products/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, side, side]);
  });

  test(
    'the thumbnail and main sizes of the storefront, 1x and 2x',
    async () => {
      for (const size of [256, 512, 768, 1536]) {
        const { body } = await image(`/images/products/3.jpg?width=${size}&height=${size}&format=webp`);
        const meta = await sharp(body).metadata();
        expect([meta.width, meta.height]).toEqual([size, size]);
      }
    },
    RENDERS_MS,
  );

  test('areas (16:9) are cropped to the square asked for; their original keeps its 16:9', async () => {
    const square = await sharp(
      (await image('/images/areas/1.jpg?width=768&height=768&format=jpeg')).body,
    ).metadata();
    expect([square.width, square.height]).toEqual([768, 768]);
    const original = await sharp((await image('/images/areas/2.jpg')).body).metadata();
    expect([original.width, original.height]).toEqual([1600, 900]);
  });

  test('tenant logos are PNG by extension', async () => {
    const { response, body } = await image('/images/tenants/5.png');
    expect(response.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 600]);
  });

  test('a matching If-None-Match is a 304; the same request gives the same bytes', async () => {
    const path = '/images/products/4.jpg?width=256&height=256&format=jpeg';
    const first = await image(path);
    const etag = first.response.headers.get('etag') ?? '';
    const again = await image(path, { 'If-None-Match': etag });
    expect(again.response.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const other = await makeApp();
    const elsewhere = Buffer.from(await (await other.app.request(path)).arrayBuffer());
    expect(elsewhere.equals(first.body)).toBe(true);
  });

  test('an answer says where the picture came from and how long the API took over it', async () => {
    const path = '/images/products/6.jpg?width=256&height=256&format=avif';
    const sources: (string | undefined)[] = [];
    for (const headers of [{}, {}, { 'If-None-Match': '"any"' }]) {
      const { response } = await image(path, headers);
      const timing = /^picture;desc=(\w+);dur=(\d+\.\d)$/.exec(response.headers.get('server-timing') ?? '');
      expect(Number(timing?.[2])).toBeGreaterThanOrEqual(0);
      sources.push(timing?.[1]);
    }
    // Rendered for the first request (no disk cache here), then from memory.
    expect(sources).toEqual(['render', 'memory', 'memory']);
  });

  test('bad parameters are 400 JSON', async () => {
    for (const query of [
      'width=0',
      'width=2049',
      'width=abc',
      'width=-5',
      'width=12.5',
      'height=99999',
      'format=gif',
      'fit=stretch',
      'fit=inside',
    ]) {
      const { response, body } = await image(`/images/products/1.jpg?${query}`);
      expect(response.status, query).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  test('unknown images, kinds and extensions are 404 JSON', async () => {
    for (const path of [
      '/images/products/999999.jpg',
      '/images/areas/5.jpg',
      '/images/tenants/13.png',
      '/images/users/1.jpg',
      '/images/products/1.gif',
      '/images/products/01.jpg',
    ]) {
      const { response } = await image(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  test('rendered images are cached on disk when a directory is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-images-'));
    try {
      const cached = await makeApp({ config: { imageCacheDir: dir } });
      const path = '/images/products/5.jpg?width=256&height=256&format=webp';
      const response = await cached.app.request(path);
      expect(response.status).toBe(200);
      // The file is written after the answer: wait for it rather than for a fixed time.
      await vi.waitFor(
        () =>
          expect(readdirSync(dir).some((name) => /products-5-.+-256x256-cover\.webp$/.test(name))).toBe(true),
        { timeout: 10_000 },
      );
      // A fresh server reads it back.
      const again = await makeApp({ config: { imageCacheDir: dir } });
      const second = await again.app.request(path);
      expect(second.headers.get('etag')).toBe(response.headers.get('etag'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a crawler walking pictures cannot fill the disk: the cache keeps at most its limit, oldest out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-images-'));
    try {
      const bounded = await makeApp({ config: { imageCacheDir: dir }, imageLimits: { diskEntries: 3 } });
      const files = () => readdirSync(dir).filter((name) => !name.endsWith('.tmp'));
      for (const id of [1, 2, 3, 4, 5, 6]) {
        const response = await bounded.app.request(
          `/images/tenants/${id}.png?width=32&height=32&format=jpeg`,
        );
        expect(response.status).toBe(200);
        // Each file lands (and the oldest goes) before the next render, so "oldest" is well defined.
        await vi.waitFor(
          () => {
            expect(files().some((name) => name.includes(`-tenants-${id}-`))).toBe(true);
            expect(files().length).toBeLessThanOrEqual(3);
          },
          { timeout: 10_000 },
        );
      }
      expect(files().some((name) => name.includes('-tenants-6-'))).toBe(true);
      expect(files().some((name) => name.includes('-tenants-1-'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('renders wait their turn; past the queue the answer is 503 with Retry-After, and the server goes on', async () => {
    // The renderer is held until the queue is seen at rest: otherwise a render that ends before the sixth
    // request has read its original (slow on a busy database) frees a slot, and four are served.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = await makeApp({
      imageLimits: { concurrentRenders: 1, queuedRenders: 2 },
      renderImage: async (svg) => {
        await held;
        return Buffer.from(svg);
      },
    });
    // Six different pictures, so that each is a render of its own.
    const requests = [7, 8, 10, 11, 12, 13].map(
      async (id) => await busy.app.request(`/images/products/${id}.jpg?width=256&height=256&format=avif`),
    );
    const answered: Response[] = [];
    for (const request of requests) void request.then((response) => answered.push(response));
    // One rendering, two waiting: the other three are refused at once, before any render is over.
    await vi.waitFor(() => expect(answered).toHaveLength(3), { timeout: 10_000 });
    expect(answered.map((response) => response.status)).toEqual([503, 503, 503]);
    expect(answered[0]?.headers.get('retry-after')).toBe('2');
    release();
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 503)).toHaveLength(3);
    expect((await busy.app.request('/images/products/14.jpg?width=256&height=256&format=jpeg')).status).toBe(
      200,
    );
  });

  test('output is bounded to 2048 px a side', async () => {
    expect((await t.app.request('/images/products/5.jpg?width=2049')).status).toBe(400);
    expect((await t.app.request('/images/products/5.jpg?width=4096&height=4096')).status).toBe(400);
    // One side of a 16:9 area at 2048, the other at 1, fit outside: this once gave a 3641×2048 picture.
    const outside = await image('/images/areas/1.jpg?width=1&height=2048&fit=outside');
    expect(outside.response.status).toBe(400);
    expect((await image('/images/areas/1.webp?height=2048')).response.status).toBe(400);
    // The renderer itself makes nothing larger, whoever asks it.
    const service = new ImageService(Store.of(t.database), null);
    await expect(service.get('areas', 1, { size: 2049, format: 'png' })).rejects.toThrow(RangeError);
    for (const [kind, side] of [
      ['products', 1200],
      ['areas', 1600],
      ['tenants', 600],
    ] as const) {
      const original = await sharp(
        (await service.get(kind, 1, { size: null, format: 'png' }))?.body,
      ).metadata();
      expect(Math.max(original.width ?? Infinity, original.height ?? Infinity), kind).toBe(side);
    }
  });

  test('only the renders the site asks for are made: any other size, format or fit is 400 naming them', async () => {
    for (const query of [
      // Sizes the site never shows, or shows other kinds of picture at.
      'width=300&height=300&format=webp',
      'width=32&height=32&format=jpeg',
      'width=1024&height=1024&format=avif',
      // Width and height apart, or one of them alone.
      'width=256&height=512&format=webp',
      'width=256&format=webp',
      'height=256',
      // A format the site never asks for at that size: PNG at all, JPEG at 2x.
      'width=256&height=256&format=png',
      'width=512&height=512&format=jpeg',
      'width=256&height=256',
      // A fit other than the crop the site's squares are.
      'width=256&height=256&format=webp&fit=contain',
    ]) {
      const { response, body } = await image(`/images/products/1.png?${query}`);
      expect(response.status, query).toBe(400);
      const error = JSON.parse(body.toString());
      expect(error.code, query).toBe('BAD_REQUEST');
      if (!query.includes('fit')) {
        expect(error.message, query).toBe(
          'products pictures are rendered as squares, width and height equal: 256, 512, 768, 1536 px in ' +
            'avif or webp; 256, 768 px in jpeg; or as the original, with neither width nor height',
        );
      }
    }
    // The original stays on offer, in any of the four formats.
    expect((await image('/images/products/1.webp')).response.status).toBe(200);
    expect((await image('/images/products/1.jpg?format=png')).response.status).toBe(200);
  });

  test('renders on request are limited per client; pictures from the cache, and other clients, are not held back', async () => {
    const limited = await makeApp({ imageLimits: { rendersPerClient: 2 } });
    const ask = (path: string, client: string) =>
      limited.app.request(path, { headers: { 'X-Forwarded-For': client } });
    const logo = (id: number) => `/images/tenants/${id}.png?width=32&height=32&format=jpeg`;
    const floor = '203.0.113.7';
    expect((await ask(logo(1), floor)).status).toBe(200);
    expect((await ask(logo(2), floor)).status).toBe(200);
    const refused = await ask(logo(3), floor);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // A picture already rendered is served from the cache and not counted.
    expect((await ask(logo(1), floor)).status).toBe(200);
    // Another client renders its own.
    expect((await ask(logo(3), '198.51.100.4')).status).toBe(200);
    expect((await ask(logo(4), floor)).status).toBe(429);
    // The next minute, the first client renders again.
    limited.clock.advance(60);
    expect((await ask(logo(4), floor)).status).toBe(200);
  });

  test('the drawings are deterministic SVG without text', () => {
    expect(productSvg(7, 1234)).toBe(productSvg(7, 1234));
    expect(productSvg(7, 1234)).not.toBe(productSvg(8, 1234));
    for (const svg of [productSvg(1, 1), areaSvg(1), tenantSvg(1)]) {
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toContain('<text');
    }
  });
});

describe('pictures ready before anyone asks', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-images-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const files = () => readdirSync(dir).filter((name) => !name.endsWith('.tmp'));
  /** The path and query of a planned render, as the site's picture writer would ask for it. */
  const asked = ({ kind, id, params }: PlannedRender) =>
    `/images/${kind}/${id}.jpg?width=${params.size}&height=${params.size}&format=${params.format}`;
  const render = (kind: ImageKind, id: number, size: number, format: 'avif' | 'webp' | 'jpeg') => ({
    kind,
    id,
    params: { size, format },
  });

  test('the plan is every size and format the site asks for, of every picture, smallest display size first', async () => {
    const store = Store.of(await seededDatabase(100));
    const plan = [...standardRenders(await new ImageService(store, null).pictureIds())];
    const base = 'http://api.test';
    /** Every URL the picture writer gives a picture at each of its kind's display sizes, 1x/2x and by width. */
    const written = (kind: ImageKind, id: number) =>
      new Set(
        PICTURE_SIZES[kind].flatMap((size) =>
          [
            responsiveImage(`${base}/images/${kind}/${id}.jpg`, size),
            responsiveImage(`${base}/images/${kind}/${id}.jpg`, size, '100vw'),
          ].flatMap((image) => [
            image.src,
            ...image.sources.flatMap((s) => s.srcset.split(', ').map((c) => c.split(' ')[0])),
          ]),
        ),
      );
    const planned = (kind: ImageKind, id: number) =>
      new Set(plan.filter((r) => r.kind === kind && r.id === id).map((r) => `${base}${asked(r)}`));
    const imageIds = await store.imageIds();
    for (const id of imageIds)
      expect(planned('products', id), `product image ${id}`).toEqual(written('products', id));
    for (const { id } of await store.areas())
      expect(planned('areas', id), `area ${id}`).toEqual(written('areas', id));
    for (const { id } of await store.tenants())
      expect(planned('tenants', id), `logo ${id}`).toEqual(written('tenants', id));
    // What browsers fetch (AVIF, and JPEG for the <img src> and posters) before the WebP fallbacks; in AVIF,
    // the thumbnails of every product before any main image.
    expect(plan.findLastIndex((r) => r.params.format !== 'webp')).toBeLessThan(
      plan.findIndex((r) => r.params.format === 'webp'),
    );
    expect(plan.findLastIndex((r) => r.params.format === 'avif')).toBeLessThan(
      plan.findIndex((r) => r.params.format === 'jpeg'),
    );
    const avif = plan.filter((r) => r.params.format === 'avif' && r.kind === 'products');
    expect(avif.findLastIndex((r) => r.params.size === 512)).toBeLessThan(
      avif.findIndex((r) => r.params.size === 768),
    );
  });

  test('what the API renders on request is what it plans ahead: the one list of src/lib/picture-sizes.ts', async () => {
    const plan = [...standardRenders({ products: [1], areas: [1], tenants: [1] })];
    for (const kind of ['products', 'areas', 'tenants'] as const) {
      const planned = plan.filter((r) => r.kind === kind).map((r) => `${r.params.size} ${r.params.format}`);
      const offered = siteRenders(kind).map(({ size, format }) => `${size} ${format}`);
      expect(new Set(offered), kind).toEqual(new Set(planned));
      for (const { params } of plan.filter((r) => r.kind === kind)) {
        const query = { width: String(params.size), height: String(params.size), format: params.format };
        expect(parseImageParams(kind, query, 'jpeg'), `${kind} ${query.width}`).toEqual(params);
      }
    }
  });

  test('renders ahead onto disk, and a request for a standard size is then served from disk', async () => {
    const plan = [
      render('products', 1, 256, 'webp'),
      render('products', 1, 256, 'avif'),
      render('areas', 2, 768, 'jpeg'),
    ];
    const service = new ImageService(Store.of(await seededDatabase(100)), dir);
    expect(await service.renderAhead(plan)).toEqual({ rendered: 3, present: 0, left: 0 });
    expect(files()).toHaveLength(3);
    // A server that cannot render at all (no render slot, no queue) still answers each of them: from disk.
    const diskOnly = await makeApp({
      config: { imageCacheDir: dir },
      imageLimits: { concurrentRenders: 0, queuedRenders: 0 },
    });
    for (const planned of plan) {
      const response = await diskOnly.app.request(asked(planned));
      expect(response.status, asked(planned)).toBe(200);
      expect(response.headers.get('server-timing'), asked(planned)).toMatch(
        /^picture;desc=disk;dur=\d+\.\d$/,
      );
    }
    expect(
      (await diskOnly.app.request('/images/products/1.jpg?width=512&height=512&format=webp')).status,
    ).toBe(503);
    // A second run finds them all there.
    expect(await service.renderAhead(plan)).toEqual({ rendered: 0, present: 3, left: 0 });
  });

  test('a picture a request already rendered is skipped by the queue', async () => {
    const cached = await makeApp({ config: { imageCacheDir: dir } });
    const response = await cached.app.request('/images/products/2.jpg?width=256&height=256&format=webp');
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(files()).toHaveLength(1), { timeout: 10_000 });
    const service = new ImageService(Store.of(await seededDatabase(100)), dir);
    const summary = await service.renderAhead([
      render('products', 2, 256, 'webp'),
      render('products', 2, 256, 'jpeg'),
    ]);
    expect(summary).toEqual({ rendered: 1, present: 1, left: 0 });
  });

  test(
    "the queue never takes a request's render slot: a request made while it renders is rendered at once",
    async () => {
      // One render slot for requests and none to wait in: were the queue to take it, the request would be refused.
      const service = new ImageService(Store.of(await seededDatabase(100)), dir, {
        concurrentRenders: 1,
        queuedRenders: 0,
      });
      const requests: Promise<unknown>[] = [];
      function* plan(): Generator<PlannedRender> {
        for (const id of [3, 4, 5]) {
          yield render('products', id, 1536, 'avif');
          // The queue is rendering the picture above: a visitor asks for another one.
          requests.push(service.get('products', id, { size: 256, format: 'webp' }));
        }
      }
      expect(await service.renderAhead(plan())).toEqual({ rendered: 3, present: 0, left: 0 });
      expect(await Promise.all(requests)).toHaveLength(3);
      // The requests' renders are kept on disk too.
      await vi.waitFor(() => expect(files()).toHaveLength(6), { timeout: 10_000 });
    },
    RENDERS_MS,
  );

  test(
    'the queue waits while a request renders',
    async () => {
      const service = new ImageService(Store.of(await seededDatabase(100)), dir);
      const order: string[] = [];
      // A large render for a request, then a tiny one ahead: the tiny one waits for the large one to end.
      const request = service
        .get('products', 6, { size: 2048, format: 'avif' })
        .then(() => order.push('request'));
      const ahead = service.renderAhead([render('products', 6, 32, 'jpeg')]).then(() => order.push('ahead'));
      await Promise.all([request, ahead]);
      expect(order).toEqual(['request', 'ahead']);
      await vi.waitFor(() => expect(files()).toHaveLength(2), { timeout: 10_000 });
    },
    RENDERS_MS,
  );

  test('the queue is bounded: it plans no more renders than the disk cache holds', async () => {
    const service = new ImageService(Store.of(await seededDatabase(100)), dir, { diskEntries: 2 });
    const plan = [32, 33, 34, 35, 36].map((size) => render('tenants', 1, size, 'jpeg'));
    expect(await service.renderAhead(plan)).toEqual({ rendered: 2, present: 0, left: 3 });
    expect(files()).toHaveLength(2);
  });

  test('without the queue, /healthz/pictures says so at once', async () => {
    const response = await t.app.request('/healthz/pictures');
    expect([response.status, await response.json()]).toEqual([200, { pictures: 'off' }]);
  });

  test('a changed picture is rendered afresh, never served from the old render', async () => {
    const t = await makeApp({ config: { imageCacheDir: dir } });
    const path = '/images/products/7.jpg?width=256&height=256&format=webp';
    const before = await t.app.request(path);
    await t.query('UPDATE images SET style = style + 1 WHERE id = 7');
    const after = await t.app.request(path);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // Both renders are kept on disk after their answers: the folder is removed only once they are written.
    await vi.waitFor(() => expect(files().filter((name) => name.includes('products-7-'))).toHaveLength(2), {
      timeout: 10_000,
    });
  });
});

describe('GET /videos/products/{id}.mp4', () => {
  test('serves the sample video with Range support for products that have one', async () => {
    const full = await t.app.request('/videos/products/4.mp4');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(150 * 1024);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await t.app.request('/videos/products/4.mp4', { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const tail = await t.app.request('/videos/products/4.mp4', { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.byteLength - 10))).toBe(true);

    const open = await t.app.request('/videos/products/4.mp4', {
      headers: { Range: `bytes=${bytes.byteLength - 5}-` },
    });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(5);

    const beyond = await t.app.request('/videos/products/4.mp4', {
      headers: { Range: `bytes=${bytes.byteLength}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
  });

  test('404 for products without a video', async () => {
    expect((await t.app.request('/videos/products/1.mp4')).status).toBe(404);
    expect((await t.app.request('/videos/products/999999.mp4')).status).toBe(404);
  });
});
