import { describe, expect, it } from 'vitest';
import { type DomainError, Invalid } from '../domain/errors.js';
import { checkJsonValue, fieldPath, locateJsonProblem, MAX_NESTING, schemaErrorToDomain } from './validation.js';

describe('schema errors become field-naming domain errors', () => {
  it('names nested fields by path', () => {
    expect(fieldPath('/items/0/name')).toBe('items[0].name');
    expect(fieldPath('/currencyConversion', 'originalAmount')).toBe('currencyConversion.originalAmount');
    expect(fieldPath('')).toBe('body');
    expect(fieldPath('/a~1b')).toBe('a/b');
  });

  it('words each rule', () => {
    const e = (keyword: string, params: Record<string, unknown>, parentSchema = {}, instancePath = '/x') =>
      schemaErrorToDomain({ keyword, params, parentSchema, instancePath }).message;
    expect(e('required', { missingProperty: 'name' }, {}, '/items/0')).toBe('[items[0].name] must not be null');
    expect(e('maxLength', { limit: 3 }, { minLength: 3, maxLength: 3 }, '/currency')).toBe('[currency] size must be 3');
    expect(e('maxLength', { limit: 45 }, { maxLength: 45 })).toBe('[x] size must be between 0 and 45');
    expect(e('enum', { allowedValues: ['Auth', 'PreAuth', 'Sale'] }, {}, '/transactionType')).toBe(
      '[transactionType] must be one of Auth, PreAuth, Sale',
    );
    expect(e('type', { type: 'integer' })).toBe('[x] must be an integer');
    expect(e('pattern', { pattern: '^[0-9]{8}$' })).toBe('[x] must be a date in format YYYYMMDD');
    expect(e('uniqueItems', { i: 1, j: 0 })).toBe('[x] must not contain duplicate items');
    expect(
      schemaErrorToDomain({ keyword: 'type', params: { type: 'number' }, instancePath: '/amount', data: null } as never)
        .message,
    ).toBe('[amount] must not be null');
    expect(e('additionalProperties', { additionalProperty: 'foo' }, {}, '')).toBe('[foo] is not a known field');
  });
});

/** `levels` objects or arrays nested in each other (1 = the value itself is a container). */
const objects = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { n: v };
  return v;
};
const arrays = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

const view = (e: DomainError | undefined) =>
  e === undefined ? undefined : { type: e.constructor.name, code: e.code, message: e.message, fields: { ...e } };

const bodies: Array<[string, unknown, number?]> = [
  [
    'a valid order-like body',
    { amount: 10, currency: 'EUR', items: [{ name: 'Tea', quantity: 1 }], custom: { note: 'x' } },
  ],
  ['a scalar body', 'plain'],
  ['null', null],
  ['undefined', undefined],
  ['an empty object', {}],
  ['an empty array', []],
  ['a NUL in a top-level string', 'a\u0000b'],
  ['a NUL in a member', { merchantTransactionId: 'a\u0000b' }],
  ['a NUL in a nested string', { deviceDetails: { browser: { ua: ['ok', 'x\u0000'] } } }],
  ['a NUL in a root array item', ['ok', ['fine', 'bad\u0000']]],
  ['a NUL in a member name', { 'na\u0000me': 1 }],
  ['a NUL in a nested member name', { custom: { list: [{ 'k\u0000\u0000': 'v' }] } }],
  ['a NUL in an empty-named member', { '': 'x\u0000' }],
  ['a nested member under an empty name', { '': { x: 'y\u0000' } }],
  ['names with dots and brackets', { 'a.b': { 'c[0]': 'x\u0000' } }],
  ['a too-deep member under a dotted name', { 'a.b': objects(MAX_NESTING) }],
  ['a too-deep member under a bracketed name', { '[x]': objects(MAX_NESTING) }],
  ['two NUL values: the walk reports the last member first', { a: 'x\u0000', b: 'y\u0000' }],
  ['a NUL value and a NUL name in one object', { a: 'x\u0000', 'b\u0000': 1 }],
  ['a NUL value in an earlier sibling than a deep member', { a: 'x\u0000', b: objects(40) }],
  ['a deep member before a NUL value', { a: objects(40), b: 'x\u0000' }],
  ['exactly the maximum depth of objects', objects(MAX_NESTING)],
  ['exactly the maximum depth of arrays', arrays(MAX_NESTING)],
  ['one level beyond the maximum, objects', objects(MAX_NESTING + 1)],
  ['one level beyond the maximum, arrays', arrays(MAX_NESTING + 1)],
  ['arrays far too deep', arrays(10_000)],
  ['objects far too deep under a member', { deviceDetails: objects(10_000) }],
  ['arrays far too deep under a member', { buyerDetails: { list: arrays(40) } }],
  ['a NUL string exactly at the maximum depth', objects(MAX_NESTING, 'x\u0000')],
  ['a NUL name in an object beyond the maximum depth', objects(MAX_NESTING, { 'k\u0000': 1 })],
  ['an empty object beyond the maximum depth', objects(MAX_NESTING, {})],
  ['a null beyond the maximum depth', objects(MAX_NESTING + 5, null)],
  ['a lower maximum depth', { a: [[{ b: 1 }]] }, 3],
  ['a lower maximum depth, exactly reached', { a: [{ b: 1 }] }, 3],
  ['a root array too deep for a lower maximum', [[[1]]], 2],
  ['numbers, booleans and nulls', { a: 1, b: true, c: null, d: [1.5, false, null] }],
  [
    'a sparse array',
    (() => {
      const a: unknown[] = ['x'];
      a[3] = 'y\u0000';
      return a;
    })(),
  ],
  ['a null-prototype object (a parsed query)', Object.assign(Object.create(null) as object, { sessionId: 'a\u0000' })],
  [
    'a wide object with one NUL at the end',
    Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i === 499 ? 'v\u0000' : 'v'])),
  ],
  [
    'a wide array with one NUL in the middle',
    Array.from({ length: 500 }, (_, i) => (i === 250 ? { s: 'v\u0000' } : { s: 'v' })),
  ],
];

// The path-building walk is what `checkJsonValue` was before its first walk stopped building paths:
// the quick walk must agree with it, error for error, whichever problem a body holds and wherever.
describe('checkJsonValue reports what the path-building walk reported', () => {
  it.each(bodies)('%s', (_name, body, maxDepth) => {
    const expected = view(locateJsonProblem(body, maxDepth));
    const actual = view(checkJsonValue(body, maxDepth));
    expect(actual).toEqual(expected);
    if (expected) expect(checkJsonValue(body, maxDepth)).toBeInstanceOf(Invalid);
  });

  // Every row that is a JSON value of a size JSON.stringify can write (not `undefined`, not the bodies
  // nested thousands deep, which exceed its stack).
  const asText = (body: unknown): string | undefined => {
    try {
      return JSON.stringify(body);
    } catch {
      return undefined;
    }
  };
  const texts = bodies.filter(([, body]) => asText(body) !== undefined);
  it.each(texts)('%s, given the JSON text it was parsed from', (_name, body, maxDepth) => {
    // The text tells the quick walk whether strings can hold U+0000 at all; the verdict must not change.
    const text = asText(body)!;
    expect(view(checkJsonValue(JSON.parse(text) as unknown, maxDepth, text))).toEqual(
      view(locateJsonProblem(body, maxDepth)),
    );
  });

  it('looks at strings whenever the text holds the escape, even one that is not a U+0000', () => {
    // A backslash, then "u0000": the text holds `\\u0000`, and the strings are walked to no avail.
    const literal = { a: 'x\\u0000y' };
    const text = JSON.stringify(literal);
    expect(text).toContain('\\u0000');
    expect(checkJsonValue(JSON.parse(text) as unknown, 32, text)).toBeUndefined();
    // The escape itself: a real U+0000, found and named.
    const nul = '{"a":"\\u0000"}';
    expect(view(checkJsonValue(JSON.parse(nul) as unknown, 32, nul))).toEqual(view(locateJsonProblem({ a: '\u0000' })));
    expect(checkJsonValue(JSON.parse(nul) as unknown, 32, nul)).toBeInstanceOf(Invalid);
  });

  it('finds a problem in every tricky body that has one', () => {
    // Guards the table itself: most rows above must hold a problem, or the comparison proves little.
    const withProblem = bodies.filter(([, body, maxDepth]) => locateJsonProblem(body, maxDepth) !== undefined);
    expect(withProblem.length).toBeGreaterThan(25);
  });
});
