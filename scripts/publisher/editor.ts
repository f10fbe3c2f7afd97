/**
 * The editor page of `npm start` (/editor/), served by the local server beside the built site, never
 * prerendered: the last builds and a 「今すぐ公開」 button. Staff only: the page asks the catalog API whom
 * the staff cookie belongs to (GET /store/session), so it reuses the store counter's sign-in, and shows
 * itself to accounts with the editor role only (counter staff are told they are not editors). The publish
 * POST must come from this origin (Origin, and Sec-Fetch-Site where the browser sends it); the staff cookie
 * is SameSite=Strict as well. The page runs under a strict content security policy: its script and style are
 * files of the same origin.
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { fromOwnOrigin } from '../shared/origin-check.ts';
import { editorPage, messagePage, signInPage, statusBody } from './editor-page.ts';
import type { Publisher } from './publisher.ts';

const ASSETS = {
  '/editor/editor.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/editor.js', import.meta.url)),
  },
  '/editor/editor.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/editor.css', import.meta.url)),
  },
} as const;

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

export interface EditorOptions {
  publisher: Pick<Publisher, 'publish' | 'records' | 'busy' | 'queued'>;
  /** The catalog API, asked whom a staff cookie belongs to. */
  apiUrl: string;
  /** The rebuild schedule shown on the page, or null when it is off. */
  schedule: string | null;
  /** When the live build's next seasonal theme launches (ISO 8601), or null. */
  nextThemeAt?: () => Promise<string | null>;
  fetcher?: typeof fetch;
}

function send(
  res: http.ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
  head = false,
) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(head ? undefined : body);
}

const html = 'text/html; charset=utf-8';

/** The request's own origin, as the browser names it in Origin. */
function ownOrigin(req: http.IncomingMessage): string {
  const secure = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  return `${secure ? 'https' : 'http'}://${req.headers.host ?? ''}`;
}

/** Whether a POST comes from a page of this origin: never from another site, whatever its cookies. */
function sameOriginPost(req: http.IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  return fromOwnOrigin(
    { origin: req.headers.origin, secFetchSite: Array.isArray(site) ? site[0] : site },
    ownOrigin(req),
  );
}

/** Routes of the editor page; resolves true when it answered the request. */
export function editorRoutes(options: EditorOptions) {
  const fetcher = options.fetcher ?? fetch;
  const sessionUrl = `${options.apiUrl.replace(/\/+$/, '')}/store/session`;

  /** The signed-in staff account and whether it is an editor's, null when nobody is; throws when the API cannot say. */
  async function staffAccount(
    req: http.IncomingMessage,
  ): Promise<{ account: string; editor: boolean } | null> {
    const cookie = req.headers.cookie;
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

  const status = () =>
    statusBody(options.publisher.records, options.publisher.busy, options.publisher.queued);

  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const { pathname } = url;
    if (pathname !== '/editor' && !pathname.startsWith('/editor/')) return false;
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    req.resume();

    if (pathname === '/editor') {
      send(res, 301, 'text/plain; charset=utf-8', 'Moved to /editor/\n', { location: '/editor/' });
      return true;
    }
    const asset = ASSETS[pathname as keyof typeof ASSETS];
    if (asset && (method === 'GET' || head)) {
      send(res, 200, asset.type, asset.body, {}, head);
      return true;
    }
    const known = ['/editor/', '/editor/publish', '/editor/status.json'];
    if (!known.includes(pathname)) {
      send(res, 404, html, messagePage('ページが見つかりません', `${pathname} はありません。`), {}, head);
      return true;
    }
    const wanted = pathname === '/editor/publish' ? 'POST' : 'GET';
    if (method !== wanted && !(head && wanted === 'GET')) {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n', { allow: wanted });
      return true;
    }
    if (wanted === 'POST' && !sameOriginPost(req)) {
      send(
        res,
        403,
        html,
        messagePage(
          'この操作は受け付けられません',
          '公開は、このサイトの編集者ページの「今すぐ公開」ボタンからだけ受け付けます。',
        ),
      );
      return true;
    }

    let signedIn: { account: string; editor: boolean } | null;
    try {
      signedIn = await staffAccount(req);
    } catch (error) {
      console.error(`editor: ${error instanceof Error ? error.message : error}`);
      send(
        res,
        503,
        html,
        messagePage(
          'サインインを確かめられません',
          'カタログのサーバーが応答しないため、サインインの状態を確かめられませんでした。しばらくしてからもう一度お試しください。',
        ),
        {},
        head,
      );
      return true;
    }
    if (signedIn === null) {
      if (pathname === '/editor/status.json') {
        send(res, 401, 'application/json; charset=utf-8', '{"code":"SIGN_IN_REQUIRED"}', {}, head);
      } else {
        const message =
          wanted === 'POST'
            ? 'サインインの期限が切れました。もう一度サインインしてから公開してください。'
            : undefined;
        send(res, 401, html, signInPage(message), {}, head);
      }
      return true;
    }

    // Counter staff sign in with the same form, but publishing is for editors (their role, from the API).
    if (!signedIn.editor) {
      if (pathname === '/editor/status.json') {
        send(res, 403, 'application/json; charset=utf-8', '{"code":"EDITOR_ROLE_REQUIRED"}', {}, head);
      } else {
        send(
          res,
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
      return true;
    }
    const { account } = signedIn;

    if (wanted === 'POST') {
      const answer = options.publisher.publish({ trigger: 'editor', cause: account });
      console.log(`editor: ${account} asked to publish (${answer})`);
      send(res, 303, 'text/plain; charset=utf-8', 'See /editor/\n', { location: '/editor/' });
      return true;
    }
    if (pathname === '/editor/status.json') {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify(status()), {}, head);
      return true;
    }
    const nextThemeAt = (await options.nextThemeAt?.().catch(() => null)) ?? null;
    const page = editorPage({ account, body: status(), schedule: options.schedule, nextThemeAt });
    send(res, 200, html, page, {}, head);
    return true;
  };
}
