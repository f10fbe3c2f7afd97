/**
 * Fault injection for tests: `PUT /__faults` sets rules, `DELETE /__faults` clears them, `GET /__faults` lists them.
 * Rules apply to /catalog/* and /images/* requests only. Each request, the rules are tried in order; a rule matches when its
 * `path` regex matches the request path (without the query) and its `method` (if given) matches, then it
 * fires with its `probability`. The first rule that fires applies:
 *
 * - `latencyMs`: wait that long first (alone, the request then proceeds normally);
 * - `status`: answer with that status and an Error JSON body (`code: "FAULT_INJECTED"`);
 * - `malformed`: answer with a truncated, unparseable JSON body (status 200, or `status` when given).
 */

export interface FaultRule {
  path: string;
  method?: string;
  status?: number;
  latencyMs?: number;
  malformed?: boolean;
  probability: number;
}

export type ParseResult = { ok: true; rules: FaultRule[] } | { ok: false; message: string };

const RULE_KEYS = new Set(['path', 'method', 'status', 'latencyMs', 'malformed', 'probability']);
const CONTENTLESS = new Set([204, 205, 304]);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates a `{ rules: [...] }` body. */
export function parseFaultRules(body: unknown): ParseResult {
  if (!isRecord(body)) return { ok: false, message: 'body must be an object { "rules": [...] }' };
  for (const key of Object.keys(body)) {
    if (key !== 'rules') return { ok: false, message: `unknown field "${key}"` };
  }
  const { rules } = body;
  if (!Array.isArray(rules)) return { ok: false, message: '"rules" must be an array' };
  if (rules.length > 50) return { ok: false, message: 'at most 50 rules' };
  const out: FaultRule[] = [];
  for (const [index, raw] of rules.entries()) {
    const at = `rules[${index}]`;
    if (!isRecord(raw)) return { ok: false, message: `${at} must be an object` };
    for (const key of Object.keys(raw)) {
      if (!RULE_KEYS.has(key)) return { ok: false, message: `${at}: unknown field "${key}"` };
    }
    const { path, method, status, latencyMs, malformed, probability } = raw;
    if (typeof path !== 'string' || path.length === 0 || path.length > 200) {
      return { ok: false, message: `${at}.path must be a regular expression (1–200 characters)` };
    }
    try {
      new RegExp(path);
    } catch {
      return { ok: false, message: `${at}.path is not a valid regular expression` };
    }
    if (
      typeof probability !== 'number' ||
      !Number.isFinite(probability) ||
      probability < 0 ||
      probability > 1
    ) {
      return { ok: false, message: `${at}.probability must be a number from 0 to 1` };
    }
    const rule: FaultRule = { path, probability };
    if (method !== undefined) {
      if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) {
        return { ok: false, message: `${at}.method must be an HTTP method` };
      }
      rule.method = method.toUpperCase();
    }
    if (status !== undefined) {
      if (
        typeof status !== 'number' ||
        !Number.isInteger(status) ||
        status < 200 ||
        status > 599 ||
        CONTENTLESS.has(status)
      ) {
        return {
          ok: false,
          message: `${at}.status must be an integer from 200 to 599 (not 204, 205 or 304)`,
        };
      }
      rule.status = status;
    }
    if (latencyMs !== undefined) {
      if (
        typeof latencyMs !== 'number' ||
        !Number.isInteger(latencyMs) ||
        latencyMs < 0 ||
        latencyMs > 60_000
      ) {
        return { ok: false, message: `${at}.latencyMs must be an integer from 0 to 60000` };
      }
      rule.latencyMs = latencyMs;
    }
    if (malformed !== undefined) {
      if (typeof malformed !== 'boolean') return { ok: false, message: `${at}.malformed must be a boolean` };
      rule.malformed = malformed;
    }
    if (rule.status === undefined && rule.latencyMs === undefined && rule.malformed !== true) {
      return { ok: false, message: `${at} needs at least one of status, latencyMs, malformed` };
    }
    out.push(rule);
  }
  return { ok: true, rules: out };
}

interface CompiledRule {
  rule: FaultRule;
  re: RegExp;
}

/** The active fault rules and the per-request roll. */
export class FaultInjector {
  #rules: CompiledRule[] = [];
  readonly #random: () => number;

  constructor(rules: FaultRule[] = [], random: () => number = Math.random) {
    this.#random = random;
    this.set(rules);
  }

  set(rules: FaultRule[]): void {
    this.#rules = rules.map((rule) => ({ rule, re: new RegExp(rule.path) }));
  }

  clear(): void {
    this.#rules = [];
  }

  list(): FaultRule[] {
    return this.#rules.map(({ rule }) => ({ ...rule }));
  }

  /** The rule that fires for this request, if any. */
  roll(method: string, path: string): FaultRule | null {
    for (const { rule, re } of this.#rules) {
      if (rule.method !== undefined && rule.method !== method.toUpperCase()) continue;
      if (!re.test(path)) continue;
      if (this.#random() < rule.probability) return rule;
    }
    return null;
  }
}

/** A JSON body cut short: what a client sees when a proxy drops the connection mid-body. */
export const MALFORMED_BODY = '{"products":[{"id":1,"title":"';
