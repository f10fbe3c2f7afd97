/**
 * Public pictures and videos: `GET /images/{products|areas|tenants}/{id}.{jpg|png|webp|avif}` (rendered on
 * request or read from the renders made ahead, images.ts) and `GET /videos/products/{id}.mp4` with Range
 * support. No API token: browsers fetch them from pages. Only the renders the site asks for are made, and
 * each client a bounded number a minute (images.ts).
 *
 * A picture's answer says where it came from and how long the API took over it, from the request reaching
 * the API to the answer, an injected fault's latency included (`Server-Timing: picture;desc=disk;dur=3.1`;
 * `desc` is `memory`, `disk` or `render`): for browsers' developer tools, and for the end-to-end suite's
 * picture check (tests/e2e/fixtures/test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import { clientOf, type Env, type Services } from '../http.ts';
import {
  type ImageKind,
  parseImageFile,
  parseImageParams,
  RenderLimited,
  RenderQueueFull,
} from '../images.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = readFileSync(join(HERE, '..', 'assets', 'sample.mp4'));
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers a Range request over an in-memory file (one range; 416 when unsatisfiable). */
function rangeResponse(file: Buffer, range: string | undefined, contentType: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': IMMUTABLE,
  };
  const size = file.byteLength;
  if (range === undefined) {
    return new Response(new Uint8Array(file), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(size) },
    });
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = -1;
  let end = -1;
  if (match && (match[1] !== '' || match[2] !== '')) {
    if (match[1] === '') {
      const suffix = Number(match[2]);
      start = Math.max(0, size - suffix);
      end = size - 1;
      if (suffix === 0) start = -1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
  }
  if (start < 0 || start >= size || end < start) {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  return new Response(new Uint8Array(file.subarray(start, end + 1)), {
    status: 206,
    headers: {
      ...headers,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    },
  });
}

export function mediaRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/images/:kind/:file', async (c) => {
    const kind = c.req.param('kind');
    if (kind !== 'products' && kind !== 'areas' && kind !== 'tenants') throw notFound('No such image kind');
    const file = parseImageFile(c.req.param('file'));
    if (!file) throw notFound('No such image');
    const params = parseImageParams(kind, c.req.query(), file.ext);
    let image: Awaited<ReturnType<typeof s.images.get>>;
    try {
      image = await s.images.get(kind as ImageKind, file.id, params, {
        client: clientOf(s, c),
        now: s.now(),
      });
    } catch (error) {
      if (error instanceof RenderLimited) {
        const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
        return c.json(
          {
            code: 'TOO_MANY_REQUESTS',
            message: `Too many pictures were rendered for this address; try again in ${seconds} s.`,
          },
          429,
          { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
        );
      }
      if (!(error instanceof RenderQueueFull)) throw error;
      return c.json(
        { code: 'BUSY', message: 'Too many images are being rendered; try again shortly.' },
        503,
        { 'Retry-After': '2', 'Cache-Control': 'no-store' },
      );
    }
    if (!image) throw notFound('image not found.');
    const took = (performance.now() - c.get('arrived')).toFixed(1);
    const headers = {
      ETag: image.etag,
      'Cache-Control': IMMUTABLE,
      'Content-Type': image.contentType,
      'Server-Timing': `picture;desc=${image.source};dur=${took}`,
    };
    if (c.req.header('if-none-match') === image.etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.body), 200, headers);
  });

  app.get('/videos/products/:file', async (c) => {
    const match = /^([1-9]\d{0,9})\.mp4$/.exec(c.req.param('file'));
    const id = Number(match?.[1] ?? 0);
    // Ids are 32-bit integers in the database: a longer number names no product.
    const product = id < 1 || id > 2_147_483_647 ? undefined : await s.store.product(id);
    if (!product?.has_video) throw notFound('video not found.');
    return rangeResponse(SAMPLE_VIDEO, c.req.header('range'), 'video/mp4');
  });

  return app;
}
