import { type DomainError, type FieldSubject, Invalid, Missing } from '../domain/errors.js';
import { FIELD_SUBJECTS, SUBJECT_KEYWORD } from '../schemas/shared/subject.js';

/** The part of an Ajv error object this module reads (Fastify runs Ajv with `verbose: true`). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
  message?: string;
}

/** JSON pointer `/items/0/name` → `items[0].name`. */
export function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || 'body';
}

const PATTERN_RULES: Record<string, string> = {
  '^[0-9]{8}$': 'must be a date in format YYYYMMDD',
  '^[0-9]{14}$': 'must be a time stamp in format YYYYMMDDHHmmss',
};

const FORMAT_RULES: Record<string, string> = {
  uuid: 'must be a valid UUID',
  uri: 'must be a valid URI',
  email: 'must be a valid e-mail address',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** The subject a schema gives its field with the `x-subject` annotation (docs/decisions/0600). */
function subjectOf(schema: unknown): FieldSubject {
  const subject = (schema as Record<string, unknown> | undefined)?.[SUBJECT_KEYWORD];
  return FIELD_SUBJECTS.find((s) => s === subject) ?? 'field';
}

function propertySchema(object: Record<string, unknown>, name: string): unknown {
  const properties = object.properties as Record<string, unknown> | undefined;
  return properties?.[name];
}

/** Turns the first schema error of a request into the domain error that names the field and the rule. */
export function schemaErrorToDomain(error: SchemaError, prefix = ''): DomainError {
  const p = error.params;
  const s = error.parentSchema ?? {};
  const at = (child?: string) => {
    const path = fieldPath(error.instancePath, child);
    return prefix && path !== 'body' ? `${prefix}.${path}` : path;
  };
  const subject = subjectOf(s);
  if (error.keyword === 'type' && (error as { data?: unknown }).data === null) {
    // An explicit null is treated as an absent value: `[field] must not be null`.
    return new Missing(at(), subject);
  }
  switch (error.keyword) {
    case 'required':
      return new Missing(at(String(p.missingProperty)), subjectOf(propertySchema(s, String(p.missingProperty))));
    case 'additionalProperties':
      return new Invalid(at(String(p.additionalProperty)), 'is not a known field');
    case 'type': {
      const types = String(p.type).split(',');
      return new Invalid(at(), `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}`, subject);
    }
    case 'minLength':
    case 'maxLength': {
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = typeof s.maxLength === 'number' ? s.maxLength : undefined;
      if (max === undefined) return new Invalid(at(), `size must be at least ${min}`, subject);
      return new Invalid(at(), min === max ? `size must be ${max}` : `size must be between ${min} and ${max}`, subject);
    }
    case 'minimum':
      return new Invalid(at(), `must be greater than or equal to ${String(p.limit)}`, subject);
    case 'exclusiveMinimum':
      return new Invalid(at(), `must be greater than ${String(p.limit)}`, subject);
    case 'maximum':
      return new Invalid(at(), `must be less than or equal to ${String(p.limit)}`, subject);
    case 'enum':
      return new Invalid(at(), `must be one of ${(p.allowedValues as unknown[]).join(', ')}`, subject);
    case 'const':
      return new Invalid(at(), `must be ${String(p.allowedValue)}`, subject);
    case 'format':
      return new Invalid(at(), FORMAT_RULES[String(p.format)] ?? `must be a valid ${String(p.format)}`, subject);
    case 'pattern':
      return new Invalid(
        at(),
        PATTERN_RULES[String(p.pattern)] ?? `must match the pattern ${String(p.pattern)}`,
        subject,
      );
    case 'minItems':
      return new Invalid(at(), `must contain at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`, subject);
    case 'maxItems':
      return new Invalid(at(), `must contain at most ${String(p.limit)} items`, subject);
    case 'uniqueItems':
      return new Invalid(at(), 'must not contain duplicate items', subject);
    case 'minProperties':
      return new Invalid(at(), `must contain at least ${String(p.limit)} member${p.limit === 1 ? '' : 's'}`, subject);
    default:
      return new Invalid(at(), error.message ?? 'is invalid', subject);
  }
}

/** How deeply a request may nest objects and arrays; far beyond any real order, far below what exhausts the stack. */
export const MAX_NESTING = 32;

/**
 * Rules every JSON value of a request keeps, whatever its schema: no U+0000 in a string or member name
 * (PostgreSQL text cannot hold it), and at most `maxDepth` levels of objects and arrays (opaque members
 * such as `deviceDetails` are otherwise unbounded, and storing or hashing a body recurses). The walks
 * are iterative, so a hostile body cannot exhaust the stack here either.
 *
 * Almost every body keeps the rules, so the first walk only answers whether one is broken and builds
 * no path; only then does `locateJsonProblem` walk again to name the field. Given `text`, the JSON text
 * `value` was parsed from, the first walk looks at strings only when the text holds the escape
 * `\u0000`: JSON forbids a raw control character, so that escape is the only way a U+0000 gets in.
 */
export function checkJsonValue(value: unknown, maxDepth = MAX_NESTING, text?: string): DomainError | undefined {
  const strings = text === undefined || text.includes('\\u0000');
  return breaksJsonRules(value, maxDepth, strings) ? locateJsonProblem(value, maxDepth) : undefined;
}

/**
 * Whether any nesting level of `value` breaks the rules of `checkJsonValue`, or, when `strings`, any
 * string or member name.
 */
function breaksJsonRules(value: unknown, maxDepth: number, strings: boolean): boolean {
  if (typeof value === 'string') return strings && value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  // Only objects and arrays are stacked, each with its depth; scalars are checked where they are met.
  const containers: object[] = [value];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const v = containers.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'string') {
          if (strings && item.includes('\u0000')) return true;
        } else if (item !== null && typeof item === 'object') {
          containers.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    const members = v as Record<string, unknown>;
    // for-in over own members visits what `Object.entries` does, without building the array.
    for (const name in members) {
      if (!Object.prototype.hasOwnProperty.call(members, name)) continue;
      if (strings && name.includes('\u0000')) return true;
      const item = members[name];
      if (typeof item === 'string') {
        if (strings && item.includes('\u0000')) return true;
      } else if (item !== null && typeof item === 'object') {
        containers.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** The first rule of `checkJsonValue` that `value` breaks, naming the field (the path is built per node). */
export function locateJsonProblem(value: unknown, maxDepth = MAX_NESTING): DomainError | undefined {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return new Invalid(path || 'body', 'must not contain the character U+0000');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > maxDepth) {
      const top = /^[^.[]+/.exec(path)?.[0] ?? 'body';
      return new Invalid(top, `must not nest objects or arrays more than ${maxDepth} levels deep`);
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const [name, item] of Object.entries(v)) {
      const at = path ? `${path}.${name}` : name;
      if (name.includes('\u0000')) {
        return new Invalid(at.replaceAll('\u0000', '\\u0000'), 'must not contain the character U+0000');
      }
      stack.push({ v: item, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Rules every member keeps whatever its schema (no U+0000, bounded nesting): a validation error (1019). */
export function checkBodyValues(body: unknown): void {
  const err = checkJsonValue(body);
  if (err) throw err;
}
