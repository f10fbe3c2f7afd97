/**
 * The editor page on Netlify (the function editor.mts): the same page as `npm start`'s, from the same
 * handler (scripts/publisher/editor.ts), over a backend made of what a function has:
 *
 * - Publishing calls the site's build hook (BUILD_HOOK_URL, a secret: never in a response or a log) with
 *   the deploy message `editor: <account>`, unless a build is already under way or asked for: presses
 *   during a build are coalesced into it, as the schedule's checks are (scripts/publisher/rebuild-check.ts).
 * - The last builds come from Netlify's deploy list when the function has a Netlify access token
 *   (NETLIFY_API_TOKEN; SITE_ID is set by Netlify): their state, times, deploy messages and errors.
 * - The presses it passed on, and what became of each, are remembered in Netlify Blobs (editor-memory.ts),
 *   so a cold start or a new deploy forgets nothing. A press is pending until a deploy begun after it or a
 *   live build newer than it appears; one seen neither way after PENDING_MS is shown as unknown. Without a
 *   token, the function knows the live build (the site's /_build/latest.json: its id and time) and these
 *   presses.
 */
import {
  type EditorBackend,
  type EditorHandlerOptions,
  editorHandler,
  editorPageResponse,
} from '../../../scripts/publisher/editor.ts';
import type { EditorView } from '../../../scripts/publisher/editor-page.ts';
import { messagePage } from '../../../scripts/publisher/editor-page.ts';
import {
  type BuildRecord,
  type Outcome,
  oneLine,
  type PublishAnswer,
} from '../../../scripts/publisher/publisher.ts';
import { callBuildHook, liveBuild } from '../../../scripts/publisher/rebuild-check.ts';
import { type EditorMemory, memoryOnly, type Press, type PressResult } from './editor-memory.ts';

export const NETLIFY_API = 'https://api.netlify.com/api/v1';
/** A press not seen live after this long is no longer waited for (Netlify stops a build at 15 minutes by default). */
export const PENDING_MS = 20 * 60_000;
/** Clocks differ a little between the function, Netlify's API and the build machine. */
const SKEW_MS = 5000;
const TIMEOUT_MS = 5000;
/** Deploys and presses listed. */
const LISTED = 20;
/** How often the page asks for the status while a build runs: each ask reads Netlify's API. */
const POLL_MS = 5000;
/** Deploy states that are the end of a deploy; any other is under way (new, enqueued, building, …). */
const FINISHED = new Set(['ready', 'error', 'rejected']);
const EDITOR_TITLE = /^editor: ([A-Za-z0-9._-]{1,64})$/;
const SCHEDULE_TITLE = /^(catalogue changed|seasonal theme launch): /;

export interface EditorEnv {
  /** The catalog API, asked whom a staff cookie belongs to. */
  apiUrl: string;
  buildHookUrl: string;
  /** The live site, whose /_build/latest.json says what is online (null: the request's own origin). */
  siteUrl: string | null;
  /** Netlify's API for the deploy list, when a token is configured. */
  netlify: { token: string; siteId: string } | null;
}

/** The function's environment; names what is missing. */
export function editorEnv(env: Record<string, string | undefined>): EditorEnv | { missing: string[] } {
  const missing = [
    ['CATALOG_API_URL', env.CATALOG_API_URL],
    ['BUILD_HOOK_URL', env.BUILD_HOOK_URL],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name ?? '');
  if (missing.length > 0) return { missing };
  const token = env.NETLIFY_API_TOKEN;
  const siteId = env.SITE_ID;
  return {
    apiUrl: env.CATALOG_API_URL ?? '',
    buildHookUrl: env.BUILD_HOOK_URL ?? '',
    siteUrl: env.URL || null,
    netlify: token && siteId ? { token, siteId } : null,
  };
}

/** A deploy as Netlify's API lists it, as far as the page reads it. */
interface Deploy {
  id?: string;
  state?: string;
  context?: string;
  created_at?: string;
  published_at?: string | null;
  deploy_time?: number | null;
  title?: string | null;
  error_message?: string | null;
  commit_ref?: string | null;
  skipped?: boolean | null;
}

const OUTCOME_OF: Record<string, Outcome> = { ready: 'published', error: 'failed', rejected: 'failed' };

/** A deploy as a build of the page's list: who asked (from its message), when, how long, how it ended. */
export function deployRecord(deploy: Deploy, id: number): BuildRecord {
  const title = (deploy.title ?? '').trim();
  const editor = EDITOR_TITLE.exec(title);
  const [trigger, cause]: [BuildRecord['trigger'], string] = editor
    ? ['editor', editor[1] ?? '']
    : SCHEDULE_TITLE.test(title)
      ? ['schedule', title]
      : ['deploy', title || deploy.commit_ref?.slice(0, 7) || 'Netlify'];
  const state = deploy.state ?? '';
  const outcome: Outcome =
    OUTCOME_OF[state] ?? (state === 'new' || state === 'enqueued' ? 'queued' : 'building');
  const started = Date.parse(deploy.created_at ?? '');
  const published = Date.parse(deploy.published_at ?? '');
  const durationMs =
    typeof deploy.deploy_time === 'number'
      ? deploy.deploy_time * 1000
      : FINISHED.has(state) && !Number.isNaN(published) && !Number.isNaN(started)
        ? published - started
        : null;
  return {
    id,
    trigger,
    cause,
    startedAt: new Date(Number.isNaN(started) ? 0 : started).toISOString(),
    durationMs: FINISHED.has(state) ? durationMs : null,
    pages: null,
    outcome,
    reason: outcome === 'failed' ? oneLine(deploy.error_message || 'Netlify did not say why') : null,
  };
}

/** What the function can see now: the live build, and Netlify's deploys when it has a token. */
interface Look {
  live: { buildId: string; builtAt: number; nextThemeAt: string | null } | null;
  /** Production deploys, newest first; null without a token or when the API could not say. */
  deploys: Deploy[] | null;
  /** Why the deploys could not be read, in words for the page. */
  deploysError: string | null;
}

export interface EditorFunctionOptions {
  /** Netlify's API (a stand-in in tests). */
  netlifyApi?: string;
  fetcher?: typeof fetch;
  now?: () => number;
  /** Where presses are remembered (editor.mts passes Netlify Blobs); this instance's memory by default. */
  memory?: EditorMemory;
}

/** The backend of the page on Netlify, over the presses its memory holds. */
export function netlifyBackend(
  env: EditorEnv,
  siteUrl: string,
  {
    netlifyApi = NETLIFY_API,
    fetcher = fetch,
    now = Date.now,
    memory = memoryOnly(),
  }: EditorFunctionOptions = {},
): EditorBackend {
  /** One press at a time in this instance (instances are kept apart by the memory's conditional write). */
  let turn: Promise<unknown> = Promise.resolve();

  async function readLive(): Promise<Look['live']> {
    try {
      const response = await fetcher(`${siteUrl.replace(/\/+$/, '')}/_build/latest.json`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as Record<string, unknown>;
      const builtAt = Date.parse(typeof body.builtAt === 'string' ? body.builtAt : '');
      if (typeof body.buildId !== 'string' || Number.isNaN(builtAt)) return null;
      return { buildId: body.buildId, builtAt, nextThemeAt: liveBuild(body).nextThemeAt ?? null };
    } catch {
      return null;
    }
  }

  async function readDeploys(): Promise<Pick<Look, 'deploys' | 'deploysError'>> {
    if (!env.netlify) return { deploys: null, deploysError: null };
    const url = new URL(
      `${netlifyApi.replace(/\/+$/, '')}/sites/${encodeURIComponent(env.netlify.siteId)}/deploys`,
    );
    url.searchParams.set('production', 'true');
    url.searchParams.set('per_page', String(LISTED));
    try {
      const response = await fetcher(url, {
        headers: { authorization: `Bearer ${env.netlify.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        console.error(`editor: Netlify's deploy list answered ${response.status}`);
        return { deploys: null, deploysError: `Netlify が ${response.status} と答えました` };
      }
      const body = (await response.json()) as unknown;
      if (!Array.isArray(body)) throw new Error('not a list');
      const deploys = (body as Deploy[]).filter(
        (deploy) =>
          typeof deploy === 'object' &&
          deploy !== null &&
          (deploy.context === undefined || deploy.context === 'production') &&
          !deploy.skipped,
      );
      return { deploys, deploysError: null };
    } catch (error) {
      console.error(`editor: Netlify's deploy list could not be read: ${oneLine(error)}`);
      return { deploys: null, deploysError: 'Netlify から答えがありませんでした' };
    }
  }

  async function look(): Promise<Look> {
    const [live, deploys] = await Promise.all([readLive(), readDeploys()]);
    return { live, ...deploys };
  }

  /** What became of a press by now: its build seen (a deploy or a live build after it), or lost; null while awaited. */
  function resultOf(press: Press, { live, deploys }: Look, at: number): PressResult | null {
    const after = (time: number) => time >= press.at - SKEW_MS;
    const deploy = deploys
      ?.filter((d) => after(Date.parse(d.created_at ?? '')))
      .sort((a, b) => Date.parse(a.created_at ?? '') - Date.parse(b.created_at ?? ''))[0];
    if (deploy)
      return { outcome: 'deployed', buildId: deploy.id ?? null, at: Date.parse(deploy.created_at ?? '') };
    if (live && after(live.builtAt)) return { outcome: 'published', buildId: live.buildId, at: live.builtAt };
    return at - press.at > PENDING_MS ? { outcome: 'unknown', buildId: null, at } : null;
  }

  /** The remembered presses with what became of each written down; null when nothing changed. */
  function settled(presses: Press[], seen: Look, at: number): Press[] | null {
    let changed = false;
    const next = presses.map((press) => {
      if (press.result !== null) return press;
      const result = resultOf(press, seen, at);
      if (result === null) return press;
      changed = true;
      return { ...press, result };
    });
    return changed ? next : null;
  }

  /** The presses, settled against what is seen now (and remembered so). */
  async function presses(seen: Look, at: number): Promise<Press[]> {
    const state = await memory.change((now) => {
      const next = settled(now.presses, seen, at);
      return next && { presses: next };
    });
    return state.presses;
  }

  const underWay = (deploys: Deploy[] | null) => (deploys ?? []).filter((d) => !FINISHED.has(d.state ?? ''));

  function view(seen: Look, pressed: Press[], at: number): EditorView {
    let id = 1;
    const records: BuildRecord[] = [];
    let waiting = 0;
    for (const press of pressed) {
      const outcome = press.result?.outcome ?? 'requested';
      // A press whose deploy began is that deploy's line in the list, and one whose build is live now is
      // the live build's line.
      if (
        outcome === 'deployed' ||
        (outcome === 'published' && (seen.deploys || press.result?.buildId === seen.live?.buildId))
      )
        continue;
      if (outcome === 'requested') waiting++;
      records.push({
        id: id++,
        trigger: 'editor',
        cause: press.account,
        startedAt: new Date(press.at).toISOString(),
        durationMs: null,
        pages: null,
        outcome,
        reason:
          outcome === 'unknown'
            ? `頼んでから${PENDING_MS / 60_000}分たっても、公開されたビルドが見つかりません。Netlify のデプロイ一覧で確かめてください。`
            : outcome === 'published'
              ? `ビルド ${press.result?.buildId ?? ''} として公開されました。`
              : null,
      });
    }
    if (seen.deploys) {
      records.push(...seen.deploys.slice(0, LISTED).map((deploy) => deployRecord(deploy, id++)));
    } else if (seen.live) {
      records.push({
        id: id++,
        trigger: 'deploy',
        cause: `公開中のビルド ${seen.live.buildId}`,
        startedAt: new Date(seen.live.builtAt).toISOString(),
        durationMs: null,
        pages: null,
        outcome: 'published',
        reason: null,
      });
    }
    records.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const running = underWay(seen.deploys).length + waiting;
    const source = seen.deploys
      ? 'Netlify のデプロイ一覧（本番）から表示しています。'
      : seen.deploysError
        ? `Netlify のデプロイ一覧を読めませんでした（${seen.deploysError}）。いま公開中のビルドと、このページから頼んだビルドだけを表示しています。`
        : 'Netlify のアクセストークンが設定されていないため、いま公開中のビルドと、このページから頼んだビルドだけを表示しています' +
          (memory.where === 'memory' ? '（頼んだ記録は、関数が入れ替わると消えます）。' : '。');
    return { records, busy: running > 0, queued: running > 1, now: at, source };
  }

  return {
    async view() {
      const seen = await look();
      const at = now();
      return view(seen, await presses(seen, at), at);
    },
    nextThemeAt: async () => (await readLive())?.nextThemeAt ?? null,
    publish(account: string): Promise<PublishAnswer> {
      const press = turn.then(async (): Promise<PublishAnswer> => {
        const seen = await look();
        const at = now();
        if (underWay(seen.deploys).length > 0) {
          await presses(seen, at);
          return 'coalesced';
        }
        // The press is written down before the hook is called, on condition that no other press is
        // awaited: of two instances pressed at once, one writes it and calls the hook.
        let mine = false;
        await memory.change((remembered) => {
          const current = settled(remembered.presses, seen, at) ?? remembered.presses;
          mine = !current.some((earlier) => earlier.result === null);
          if (!mine) return current === remembered.presses ? null : { presses: current };
          return { presses: [{ account, at, result: null }, ...current].slice(0, LISTED) };
        });
        if (!mine) return 'coalesced';
        try {
          await callBuildHook(env.buildHookUrl, `editor: ${account}`, fetcher);
        } catch (error) {
          await memory
            .change(({ presses: all }) => ({
              presses: all.filter((p) => !(p.at === at && p.account === account && p.result === null)),
            }))
            .catch(() => {});
          throw error;
        }
        return 'started';
      });
      turn = press.catch(() => {});
      return press;
    },
  };
}

/**
 * The function's handler: the editor page for a request under /editor. Made once per function instance
 * (its presses live as long as it does). Without its variables it says so, naming them, and calls nothing.
 */
export function editorFunction(
  variables: Record<string, string | undefined>,
  options: EditorFunctionOptions = {},
): (request: Request) => Promise<Response> {
  const env = editorEnv(variables);
  let handle: ((request: Request) => Promise<Response | null>) | undefined;
  return async (request) => {
    if ('missing' in env) {
      console.error(`editor: not configured, missing ${env.missing.join(', ')}`);
      return editorPageResponse(
        503,
        messagePage(
          '編集者ページの準備ができていません',
          `このサイトの設定が足りません（${env.missing.join('、')}）。技術担当に docs/deploy.md の「編集者ページ」の手順を確かめてもらってください。`,
        ),
      );
    }
    if (!handle) {
      const handlerOptions: EditorHandlerOptions = {
        backend: netlifyBackend(env, env.siteUrl ?? new URL(request.url).origin, options),
        apiUrl: env.apiUrl,
        schedule: { where: 'netlify' },
        pollMs: POLL_MS,
        ...(options.fetcher && { fetcher: options.fetcher }),
      };
      handle = editorHandler(handlerOptions);
    }
    return (await handle(request)) ?? new Response('Not Found\n', { status: 404 });
  };
}
