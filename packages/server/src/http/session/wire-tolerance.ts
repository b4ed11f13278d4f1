import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify';

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

/** A session URL already in its routed form: a method with `.do` right under a session root. */
const ROUTED_SESSION_URL = /^\/ppp\/api\/(?:v1|withdrawal)\/[A-Za-z][A-Za-z0-9]*\.do(?:\?|$)/;

/** The URL a session request is routed by; any other URL is returned as it is. */
export function rewriteSessionUrl(url: string): string {
  if (!url.startsWith('/ppp') && !url.startsWith('//')) return url;
  // what every SDK sends: nothing to collapse, resolve or add
  if (ROUTED_SESSION_URL.test(url)) return url;
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

type Fits = (value: unknown) => boolean;
const fitting = new WeakMap<Schema, Fits>();

/**
 * A schema is an object; what else is met where a schema is looked up (an inherited member such as
 * `constructor`) is worked out the same way but not kept.
 */
const cacheable = (schema: Schema) => (typeof schema === 'object' && schema !== null) || typeof schema === 'function';

/**
 * Does a value have a type `schema` allows (ignoring every other rule)? The schema's rule read once per
 * schema object, as a predicate of the value.
 */
function fitsOf(schema: Schema): Fits {
  const keep = cacheable(schema);
  let fits = keep ? fitting.get(schema) : undefined;
  if (fits) return fits;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    fits = (value) => values.includes(value);
  } else if ('const' in schema) {
    const only = schema.const;
    fits = (value) => only === value;
  } else if (schema.anyOf ?? schema.oneOf) {
    const branches = ((schema.anyOf ?? schema.oneOf) as Schema[]).map(fitsOf);
    fits = (value) => branches.some((b) => b(value));
  } else {
    const types = typesOf(schema);
    if (!types) fits = () => true;
    else if (types.length === 1 && types[0] === 'string') fits = (value) => typeof value === 'string';
    else {
      const number = types.includes('number');
      fits = (value) => {
        const t = jsonType(value);
        return types.includes(t) || (t === 'integer' && number);
      };
    }
  }
  if (keep) fitting.set(schema, fits);
  return fits;
}

/** `value` in the type `fits` wants, where a tolerated form of it exists; otherwise as it is. */
function coerceScalar(fits: Fits, value: unknown): unknown {
  if (fits(value)) return value;
  for (const alt of alternatives(value)) if (fits(alt)) return alt;
  return value;
}

/** The object schemas a value may match: the schema itself or its union branches. */
function objectBranches(schema: Schema): Schema[] {
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (branches) return branches.flatMap(objectBranches);
  return isObject(schema.properties) || schema.type === 'object' ? [schema] : [];
}

/**
 * Normalises a value in place (objects) or returns it normalised (scalars); see `normaliserOf`. `path`
 * names the value in `ignored`, and is only built for objects and arrays: a scalar is never reported.
 */
type Normaliser = (value: unknown, path: string, ignored: string[]) => unknown;

const member = (path: string, key: string) => (path ? `${path}.${key}` : key);
/** The path a member is normalised under: its own for an object or array, none for a scalar. */
const pathOf = (value: unknown, path: string, key: string) =>
  value !== null && typeof value === 'object' ? member(path, key) : '';

/** What an object schema does with the members of a value, worked out once per schema. */
interface ObjectPlan {
  /** a map (`Type.Record`): every member normalised along the one value schema */
  each?: Normaliser;
  /** the known members, each with the schema of the first branch that names it */
  known: Map<string, Normaliser>;
  branches: Schema[];
  /** unknown members are removed (and their paths reported) */
  dropUnknown: boolean;
}

function objectPlanOf(schema: Schema): ObjectPlan | undefined {
  const pattern = isObject(schema.patternProperties) ? Object.values(schema.patternProperties) : [];
  if (pattern.length === 1 && isObject(pattern[0]))
    return { each: normaliserOf(pattern[0]), known: new Map(), branches: [], dropUnknown: false };
  const branches = objectBranches(schema);
  if (branches.length === 0) return undefined;
  const known = new Map<string, Normaliser>();
  for (const b of branches)
    if (isObject(b.properties))
      for (const [key, sub] of Object.entries(b.properties as Record<string, Schema>))
        if (!known.has(key)) known.set(key, normaliserOf(sub));
  // A member is known when any branch names it; a branch open to more members keeps the unknown
  // ones as sent, and its known members are still normalised (an open request schema's timeStamp).
  const open =
    branches.some((b) => b.additionalProperties !== false && b.additionalProperties !== undefined) ||
    branches.some((b) => !isObject(b.properties) && b.additionalProperties !== false);
  return { known, branches, dropUnknown: !open && branches.every((b) => b.additionalProperties === false) };
}

/** The schema a branch gives a member not among its own properties (an inherited name, say), if any. */
function inheritedSub(branches: Schema[], key: string): Schema | undefined {
  return branches
    .map((b) => (isObject(b.properties) ? (b.properties as Record<string, Schema>)[key] : undefined))
    .find((s) => s !== undefined);
}

const normalisers = new WeakMap<Schema, Normaliser>();

/**
 * The normaliser of `schema`, built once per schema object: an object is normalised in place along
 * its members' schemas (unknown members removed, their paths added to `ignored`), an array item by
 * item, a scalar returned in the type the schema wants where a tolerated form of it exists.
 */
export function normaliserOf(schema: Schema): Normaliser {
  const keep = cacheable(schema);
  const cached = keep ? normalisers.get(schema) : undefined;
  if (cached) return cached;
  // worked out at first use: a schema's members are compiled only when a body reaches them
  let plan: ObjectPlan | undefined | null = null;
  let items: Normaliser | undefined | null = null;
  let fits: Fits | undefined;
  const normalise: Normaliser = (value, path, ignored) => {
    if (isObject(value)) {
      if (plan === null) plan = objectPlanOf(schema);
      if (plan === undefined) return value;
      const { each, known, branches, dropUnknown } = plan;
      for (const key of Object.keys(value)) {
        const v = value[key];
        if (each) {
          value[key] = each(v, pathOf(v, path, key), ignored);
          continue;
        }
        const own = known.get(key);
        if (own) {
          value[key] = own(v, pathOf(v, path, key), ignored);
          continue;
        }
        const sub = inheritedSub(branches, key);
        if (sub !== undefined) value[key] = normaliserOf(sub)(v, pathOf(v, path, key), ignored);
        else if (dropUnknown) {
          ignored.push(member(path, key));
          delete value[key];
        }
      }
      return value;
    }
    if (Array.isArray(value)) {
      if (items === null) items = isObject(schema.items) ? normaliserOf(schema.items) : undefined;
      if (items)
        for (let i = 0; i < value.length; i++) {
          const v = value[i];
          value[i] = items(v, v !== null && typeof v === 'object' ? `${path}[${i}]` : '', ignored);
        }
      return value;
    }
    if (fits === undefined) fits = fitsOf(schema);
    return coerceScalar(fits, value);
  };
  if (keep) normalisers.set(schema, normalise);
  return normalise;
}

/** The names of the members the request's body carried and the route does not know. */
const ignoredOf = new WeakMap<FastifyRequest, string[]>();

/** The unknown members removed from the request's body (empty when none). */
export function ignoredFields(request: FastifyRequest): readonly string[] {
  return ignoredOf.get(request) ?? [];
}

function normaliser(schema: Schema): preValidationHookHandler {
  const normalise = normaliserOf(schema);
  // a callback: the normalisation is synchronous, and an async hook costs a promise and a microtask
  return (request, _reply, done) => {
    if (isObject(request.body)) {
      const ignored: string[] = [];
      normalise(request.body, '', ignored);
      if (ignored.length > 0) {
        ignoredOf.set(request, ignored);
        request.log.debug({ ignoredFields: ignored }, 'unknown fields ignored');
      }
    }
    done();
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
