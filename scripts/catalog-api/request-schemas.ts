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
