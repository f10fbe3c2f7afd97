/**
 * The editor page (/editor/): the last builds and a 「今すぐ公開」 button, never prerendered. One page for
 * both places it is served: `npm start`'s local server (`editorRoutes`, over the local publisher) and the
 * Netlify function netlify/functions/editor/ (`editorHandler`, over Netlify's build hook and deploys). Both
 * answer with the same handler on web Requests and Responses; what differs is the `EditorBackend` behind it.
 *
 * Staff only: the page asks the catalog API whom the staff cookie belongs to (GET /store/session), so it
 * reuses the store counter's sign-in, and shows itself to accounts with the editor role only (counter staff
 * are told they are not editors). The publish POST must come from this origin (Origin, and Sec-Fetch-Site
 * where the browser sends it); the staff cookie is SameSite=Strict as well. The page runs under a strict
 * content security policy: its script and style are files of the same origin.
 */
import type http from 'node:http';
import { fromOwnOrigin } from '../shared/origin-check.ts';
import { EDITOR_SCRIPT, EDITOR_STYLE } from './editor-assets.ts';
import {
  type EditorView,
  editorPage,
  messagePage,
  type Schedule,
  signInPage,
  statusBody,
} from './editor-page.ts';
import { oneLine, type PublishAnswer, type Publisher } from './publisher.ts';

const ASSETS: Record<string, { type: string; body: string }> = {
  '/editor/editor.js': { type: 'text/javascript; charset=utf-8', body: EDITOR_SCRIPT },
  '/editor/editor.css': { type: 'text/css; charset=utf-8', body: EDITOR_STYLE },
};

/** The page, its publish form's target, and the status its script asks for. */
const PAGES = ['/editor/', '/editor/publish', '/editor/status.json'];
/** Every path the page answers (the bare /editor is sent to /editor/); Netlify's function lists them too. */
export const EDITOR_PATHS = ['/editor', ...PAGES, ...Object.keys(ASSETS)];

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'x-robots-tag': 'noindex',
  'cache-control': 'no-store',
};

const ACCOUNT = /^[A-Za-z0-9._-]{1,64}$/;

/** Where the page publishes and what it reads the builds from. */
export interface EditorBackend {
  view(): Promise<EditorView>;
  /** An editor's 「今すぐ公開」: starts a build, or joins the one under way. */
  publish(account: string): Promise<PublishAnswer>;
  /** When the live build's next seasonal theme launches (ISO 8601), or null. */
  nextThemeAt?(): Promise<string | null>;
}

export interface EditorHandlerOptions {
  backend: EditorBackend;
  /** The catalog API, asked whom a staff cookie belongs to. */
  apiUrl: string;
  /** The rebuild schedule shown on the page. */
  schedule: Schedule;
  /** How often the page asks for the status while a build runs (default 2 s). */
  pollMs?: number;
  fetcher?: typeof fetch;
}

const html = 'text/html; charset=utf-8';
const json = 'application/json; charset=utf-8';
const text = 'text/plain; charset=utf-8';

function send(
  status: number,
  type: string,
  body: string,
  extra: Record<string, string> = {},
  head = false,
): Response {
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    ...extra,
  };
  return new Response(head ? null : body, { status, headers });
}

/** A page of the editor's (a message, a refusal) as a Response, under the page's own security headers. */
export function editorPageResponse(status: number, page: string): Response {
  return send(status, html, page);
}

/**
 * The editor page on web Requests: a Response for a path under /editor, null for any other path. The
 * request's URL is the one the browser asked for (its origin is the page's own, for the origin check).
 */
export function editorHandler(options: EditorHandlerOptions): (request: Request) => Promise<Response | null> {
  const fetcher = options.fetcher ?? fetch;
  const sessionUrl = `${options.apiUrl.replace(/\/+$/, '')}/store/session`;

  /** The signed-in staff account and whether it is an editor's, null when nobody is; throws when the API cannot say. */
  async function staffAccount(request: Request): Promise<{ account: string; editor: boolean } | null> {
    const cookie = request.headers.get('cookie');
    if (!cookie) return null;
    const response = await fetcher(sessionUrl, {
      headers: { cookie },
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw new Error(`GET /store/session answered ${response.status}`);
    const body = (await response.json()) as { account?: unknown; roles?: unknown };
    if (typeof body.account !== 'string' || !ACCOUNT.test(body.account)) return null;
    return { account: body.account, editor: Array.isArray(body.roles) && body.roles.includes('editor') };
  }

  return async (request) => {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname !== '/editor' && !pathname.startsWith('/editor/')) return null;
    const method = request.method;
    const head = method === 'HEAD';

    if (pathname === '/editor') {
      return send(301, text, 'Moved to /editor/\n', { location: '/editor/' });
    }
    const asset = ASSETS[pathname];
    if (asset && (method === 'GET' || head)) return send(200, asset.type, asset.body, {}, head);
    if (!PAGES.includes(pathname)) {
      return send(404, html, messagePage('ページが見つかりません', `${pathname} はありません。`), {}, head);
    }
    const wanted = pathname === '/editor/publish' ? 'POST' : 'GET';
    if (method !== wanted && !(head && wanted === 'GET')) {
      return send(405, text, 'Method Not Allowed\n', { allow: wanted });
    }
    const fromThisOrigin = fromOwnOrigin(
      {
        origin: request.headers.get('origin') ?? undefined,
        secFetchSite: request.headers.get('sec-fetch-site') ?? undefined,
      },
      url.origin,
    );
    if (wanted === 'POST' && !fromThisOrigin) {
      return send(
        403,
        html,
        messagePage(
          'この操作は受け付けられません',
          '公開は、このサイトの編集者ページの「今すぐ公開」ボタンからだけ受け付けます。',
        ),
      );
    }

    let signedIn: { account: string; editor: boolean } | null;
    try {
      signedIn = await staffAccount(request);
    } catch (error) {
      console.error(`editor: ${error instanceof Error ? error.message : error}`);
      return send(
        503,
        html,
        messagePage(
          'サインインを確かめられません',
          'カタログのサーバーが応答しないため、サインインの状態を確かめられませんでした。しばらくしてからもう一度お試しください。',
        ),
        {},
        head,
      );
    }
    if (signedIn === null) {
      if (pathname === '/editor/status.json') return send(401, json, '{"code":"SIGN_IN_REQUIRED"}', {}, head);
      const message =
        wanted === 'POST'
          ? 'サインインの期限が切れました。もう一度サインインしてから公開してください。'
          : undefined;
      return send(401, html, signInPage(message), {}, head);
    }

    // Counter staff sign in with the same form, but publishing is for editors (their role, from the API).
    if (!signedIn.editor) {
      if (pathname === '/editor/status.json') {
        return send(403, json, '{"code":"EDITOR_ROLE_REQUIRED"}', {}, head);
      }
      return send(
        403,
        html,
        messagePage(
          '編集担当の権限がありません',
          `スタッフ ${signedIn.account} には編集担当の権限がありません。公開は、編集担当のアカウントでサインインしてから行ってください。`,
        ),
        {},
        head,
      );
    }
    const { account } = signedIn;

    if (wanted === 'POST') {
      let answer: PublishAnswer;
      try {
        answer = await options.backend.publish(account);
      } catch (error) {
        console.error(`editor: ${account} asked to publish, and it failed: ${oneLine(error)}`);
        return send(
          502,
          html,
          messagePage(
            '公開を始められませんでした',
            'ビルドを始める依頼が届きませんでした。いまのサイトはそのまま表示されています。しばらくしてからもう一度お試しください。',
          ),
        );
      }
      console.log(`editor: ${account} asked to publish (${answer})`);
      return send(303, text, 'See /editor/\n', { location: '/editor/' });
    }
    const view = await options.backend.view();
    if (pathname === '/editor/status.json')
      return send(200, json, JSON.stringify(statusBody(view)), {}, head);
    const nextThemeAt = (await options.backend.nextThemeAt?.().catch(() => null)) ?? null;
    const page = editorPage({
      account,
      body: statusBody(view),
      schedule: options.schedule,
      nextThemeAt,
      source: view.source,
      ...(options.pollMs && { pollMs: options.pollMs }),
    });
    return send(200, html, page, {}, head);
  };
}

export interface EditorOptions {
  publisher: Pick<Publisher, 'press' | 'records' | 'busy' | 'queued' | 'progress'>;
  /** The catalog API, asked whom a staff cookie belongs to. */
  apiUrl: string;
  /** The rebuild schedule shown on the page, or null when it is off. */
  schedule: string | null;
  /** When the live build's next seasonal theme launches (ISO 8601), or null. */
  nextThemeAt?: () => Promise<string | null>;
  fetcher?: typeof fetch;
}

/** The local publisher as the page's backend. */
function publisherBackend(options: EditorOptions): EditorBackend {
  const { publisher } = options;
  return {
    view: async () => ({
      records: publisher.records,
      busy: publisher.busy,
      queued: publisher.queued,
      progress: publisher.progress,
      now: Date.now(),
    }),
    publish: (account) => publisher.press({ trigger: 'editor', cause: account }),
    ...(options.nextThemeAt && { nextThemeAt: options.nextThemeAt }),
  };
}

/** The request as a web Request, named by the origin the browser asked for. */
function webRequest(req: http.IncomingMessage): Request {
  const secure = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'host' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(
    new URL(req.url ?? '/', `${secure ? 'https' : 'http'}://${req.headers.host ?? 'local'}`),
    {
      method: req.method ?? 'GET',
      headers,
    },
  );
}

/** Routes of the editor page on `npm start`'s server; resolves true when it answered the request. */
export function editorRoutes(options: EditorOptions) {
  const handle = editorHandler({
    backend: publisherBackend(options),
    apiUrl: options.apiUrl,
    schedule: { where: 'local', pattern: options.schedule },
    ...(options.fetcher && { fetcher: options.fetcher }),
  });
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (pathname !== '/editor' && !pathname.startsWith('/editor/')) return false;
    // Nothing the page takes is in a body: the publish form has no fields.
    req.resume();
    let request: Request;
    try {
      request = webRequest(req);
    } catch {
      // A Host header no URL can be made of.
      res.writeHead(400, { 'content-type': text }).end('Bad Request\n');
      return true;
    }
    const response = await handle(request);
    if (response === null) return false;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  };
}
