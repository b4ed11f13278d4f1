import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationAsyncHookHandler } from 'fastify';

/**
 * What the real gateway's public server SDKs put on the wire, accepted as the real gateway accepts it
 * (docs/decisions/0120, 0121). Two parts, both generic for every session route:
 *
 * - `rewriteSessionUrl` (Fastify's `rewriteUrl`): runs of slashes collapsed, `..` segments resolved,
 *   and `.do` added to a method name sent without it, for paths under `/ppp/`.
 * - `tolerateBodies` (the session plugin's `onRoute` hook): after the route's own `preValidation`
 *   (which verifies the checksum over the body as received, key order and ignored fields included),
 *   the body is normalised along the route's body schema: a number or boolean where the schema wants
 *   a string becomes its text, a flag (`0/1`, `"0"/"1"`, `true/false`, `"true"/"false"`) becomes the
 *   form the schema wants, and members the schema does not know are removed (logged at debug with
 *   their names, never stored). Every known field then keeps its schema rule.
 */

const SESSION_ROOTS = ['/ppp/api/v1/', '/ppp/api/withdrawal/'];

/** The URL a session request is routed by; any other URL is returned as it is. */
export function rewriteSessionUrl(url: string): string {
  if (!url.startsWith('/ppp') && !url.startsWith('//')) return url;
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  if (!/^\/+ppp\//.test(rawPath)) return url;
  const out: string[] = [];
  for (const seg of rawPath.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  let path = `/${out.join('/')}`;
  if (rawPath.endsWith('/') && out.length > 0) path += '/';
  if (SESSION_ROOTS.some((root) => path.startsWith(root))) {
    const last = out[out.length - 1] ?? '';
    // A method name without a suffix: `/ppp/api/v1/getSessionToken` is `getSessionToken.do`.
    if (/^[A-Za-z][A-Za-z0-9]*$/.test(last) && out.length === 4 && !path.endsWith('/')) path += '.do';
  }
  return path + query;
}

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value's JSON type as a schema names it. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typesOf(schema: Schema): string[] | undefined {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t as string[];
  return undefined;
}

/** Does `value` have a type `schema` allows (ignoring every other rule)? */
function typeFits(schema: Schema, value: unknown): boolean {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).includes(value);
  if ('const' in schema) return schema.const === value;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.some((b) => typeFits(b, value));
  const types = typesOf(schema);
  if (!types) return true;
  const t = jsonType(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/** Candidate forms of a scalar that a client may have sent in another type, most natural first. */
function alternatives(value: unknown): unknown[] {
  if (typeof value === 'boolean') return [String(value), value ? '1' : '0', value ? 1 : 0];
  if (value === 0 || value === 1) return [String(value), value === 1];
  if (value === 'true' || value === 'false') return [value === 'true', value === 'true' ? '1' : '0'];
  if (value === '0' || value === '1') return [value === '1', Number(value)];
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
  if (typeof value === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value)) return [Number(value)];
  return [];
}

/** `value` in the type `schema` wants, where a tolerated form of it exists; otherwise as it is. */
function coerceScalar(schema: Schema, value: unknown): unknown {
  if (typeFits(schema, value)) return value;
  for (const alt of alternatives(value)) if (typeFits(schema, alt)) return alt;
  return value;
}

/** The object schemas a value may match: the schema itself or its union branches. */
function objectBranches(schema: Schema): Schema[] {
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (branches) return branches.flatMap(objectBranches);
  return isObject(schema.properties) || schema.type === 'object' ? [schema] : [];
}

/**
 * Normalises `value` along `schema` in place (objects) or returns the normalised scalar. Names of the
 * removed unknown members are added to `ignored` as paths.
 */
export function normalise(schema: Schema, value: unknown, path: string, ignored: string[]): unknown {
  if (isObject(value)) {
    // a map (`Type.Record`): every member normalised along the one value schema
    const pattern = isObject(schema.patternProperties) ? Object.values(schema.patternProperties) : [];
    if (pattern.length === 1 && isObject(pattern[0])) {
      for (const key of Object.keys(value))
        value[key] = normalise(pattern[0], value[key], path ? `${path}.${key}` : key, ignored);
      return value;
    }
    const branches = objectBranches(schema);
    if (branches.length === 0) return value;
    // A member is known when any branch names it; a branch open to more members keeps the unknown
    // ones as sent, and its known members are still normalised (an open request schema's timeStamp).
    const open =
      branches.some((b) => b.additionalProperties !== false && b.additionalProperties !== undefined) ||
      branches.some((b) => !isObject(b.properties) && b.additionalProperties !== false);
    for (const key of Object.keys(value)) {
      const sub = branches
        .map((b) => (isObject(b.properties) ? (b.properties as Record<string, Schema>)[key] : undefined))
        .find((s) => s !== undefined);
      if (sub === undefined) {
        if (!open && branches.every((b) => b.additionalProperties === false)) {
          ignored.push(path ? `${path}.${key}` : key);
          delete value[key];
        }
        continue;
      }
      value[key] = normalise(sub, value[key], path ? `${path}.${key}` : key, ignored);
    }
    return value;
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (isObject(items))
      for (let i = 0; i < value.length; i++) value[i] = normalise(items, value[i], `${path}[${i}]`, ignored);
    return value;
  }
  return coerceScalar(schema, value);
}

/** The names of the members the request's body carried and the route does not know. */
const ignoredOf = new WeakMap<FastifyRequest, string[]>();

/** The unknown members removed from the request's body (empty when none). */
export function ignoredFields(request: FastifyRequest): readonly string[] {
  return ignoredOf.get(request) ?? [];
}

function normaliser(schema: Schema): preValidationAsyncHookHandler {
  return async (request) => {
    if (!isObject(request.body)) return;
    const ignored: string[] = [];
    normalise(schema, request.body, '', ignored);
    if (ignored.length > 0) {
      ignoredOf.set(request, ignored);
      request.log.debug({ ignoredFields: ignored }, 'unknown fields ignored');
    }
  };
}

/**
 * The session plugin's `onRoute` hook: every POST route with a body schema gets the normaliser as its
 * last `preValidation` hook, after the checksum check.
 */
export const tolerateBodies: onRouteHookHandler = (route) => {
  const body = (route.schema as { body?: unknown } | undefined)?.body;
  if (!isObject(body)) return;
  const own = route.preValidation;
  const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
  route.preValidation = [...hooks, normaliser(body)];
};

/** Registers the body tolerance on the routes registered after it in `app`'s context. */
export function registerWireTolerance(app: FastifyInstance): void {
  app.addHook('onRoute', tolerateBodies);
}
