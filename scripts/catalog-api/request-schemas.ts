/**
 * Request bodies checked against the contract itself: each body's schema is read from
 * src/lib/catalog/openapi.yaml and compiled with ajv once, so what the API accepts cannot drift from what
 * the contract says (no hand-kept copy). A body that does not match is a 400 naming the first field at
 * fault, thrown before any state changes.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { badRequest } from './errors.ts';

type Schemas = components['schemas'];

const CONTRACT = parse(
  readFileSync(new URL('../../src/lib/catalog/openapi.yaml', import.meta.url), 'utf8'),
) as object;

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats(ajv);
ajv.addSchema(CONTRACT, 'openapi');

/** The first error as a developer reads it: `addQty must be <= 99`, `Unknown field "x"`. */
function errorText(error: ErrorObject | undefined): string {
  if (error === undefined) return 'The body does not match the contract';
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    const extra =
      (error.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
      (error.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    return `Unknown field "${extra}"${field ? ` in ${field}` : ''}`;
  }
  if (error.keyword === 'required') {
    return `${(error.params as { missingProperty: string }).missingProperty} is required`;
  }
  if (field === '' && error.keyword === 'type') return 'The body must be a JSON object';
  if (error.keyword === 'type') {
    const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
    const types = String((error.params as { type: string | string[] }).type).split(',');
    return `${field} must be ${types.map(article).join(' or ')}`;
  }
  return `${field || 'The body'} ${error.message ?? 'is not valid'}`;
}

/** A check of bodies against the contract's schema `name`: the body, typed, or a 400. */
export function requestBody<N extends keyof Schemas & string>(name: N): (body: unknown) => Schemas[N] {
  const validate = ajv.compile<Schemas[N]>({ $ref: `openapi#/components/schemas/${name}` });
  return (body) => {
    if (!validate(body)) throw badRequest(errorText(validate.errors?.[0]));
    return body;
  };
}

/** Keywords that judge a value rather than the shape: what a 422 with field messages says instead. */
const VALUE_RULES = new Set(['maxLength', 'minLength', 'format', 'enum', 'pattern', 'minimum', 'maximum']);

const SCHEMAS = (CONTRACT as { components: { schemas: Record<string, unknown> } }).components.schemas;

/** A schema without its value rules, the contract's schemas it names put in its place (they too without). */
function withoutValueRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutValueRules);
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return withoutValueRules(SCHEMAS[ref.slice('#/components/schemas/'.length)]);
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !VALUE_RULES.has(key))
      .map(([key, value]) => [key, withoutValueRules(value)]),
  );
}

/**
 * A check of a body's shape against the contract's schema `name` (its fields, required ones, types; no
 * other field), leaving each value's rules to the caller: the address's values get Japanese messages per
 * field (422), not a 400.
 */
export function requestShape<N extends keyof Schemas & string>(name: N): (body: unknown) => Schemas[N] {
  const validate = ajv.compile<Schemas[N]>(withoutValueRules(SCHEMAS[name]) as object);
  return (body) => {
    if (!validate(body)) throw badRequest(errorText(validate.errors?.[0]));
    return body;
  };
}
