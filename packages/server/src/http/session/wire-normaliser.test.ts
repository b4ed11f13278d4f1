import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { normaliserOf } from './wire-tolerance.js';

/** The body normaliser of the session routes, built once per schema (docs/decisions/0121). */
describe('normaliserOf', () => {
  const run = (schema: object, body: unknown) => {
    const ignored: string[] = [];
    const out = normaliserOf(schema as Record<string, unknown>)(body, '', ignored);
    return { out, ignored };
  };

  it('gives each known member the form its schema wants and removes the unknown ones of a closed schema', () => {
    const schema = Type.Object(
      {
        amount: Type.String(),
        isRebilling: Type.Boolean(),
        n: Type.Number(),
        nested: Type.Object({ a: Type.String() }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    );
    const body = { amount: 10.5, isRebilling: '1', n: '42', nested: { a: 7, b: 1 }, extra: 'x' };
    const { out, ignored } = run(schema, body);
    expect(out).toBe(body);
    expect(body).toEqual({ amount: '10.5', isRebilling: true, n: 42, nested: { a: '7' } });
    expect(ignored).toEqual(['nested.b', 'extra']);
  });

  it('keeps unknown members when a branch of a union is open, and normalises the known ones of every branch', () => {
    const schema = Type.Union([
      Type.Object({ a: Type.String() }, { additionalProperties: false }),
      Type.Object({ b: Type.String() }, { additionalProperties: true }),
    ]);
    const body = { a: 1, b: 2, c: 3 };
    expect(run(schema, body)).toEqual({ out: { a: '1', b: '2', c: 3 }, ignored: [] });
  });

  it('takes a member from the first branch that names it', () => {
    const schema = Type.Union([
      Type.Object({ v: Type.Boolean() }, { additionalProperties: false }),
      Type.Object({ v: Type.String() }, { additionalProperties: false }),
    ]);
    expect(run(schema, { v: 'true' }).out).toEqual({ v: true });
  });

  it('normalises every member of a map and every item of an array, naming removed members by path', () => {
    const item = Type.Object({ id: Type.String() }, { additionalProperties: false });
    const schema = Type.Object({ map: Type.Record(Type.String(), Type.String()), list: Type.Array(item) });
    const body = { map: { x: 1, y: true }, list: [{ id: 1 }, { id: '2', z: 0 }] };
    const { out, ignored } = run(schema, body);
    expect(out).toEqual({ map: { x: '1', y: 'true' }, list: [{ id: '1' }, { id: '2' }] });
    expect(ignored).toEqual(['list[1].z']);
  });

  it('leaves a member named like an Object.prototype member as sent, as the schema lookup always did', () => {
    const schema = Type.Object({ a: Type.String() }, { additionalProperties: false });
    const body = JSON.parse('{"a":"x","constructor":1,"toString":"y"}') as Record<string, unknown>;
    expect(run(schema, body)).toEqual({ out: { a: 'x', constructor: 1, toString: 'y' }, ignored: [] });
  });

  it('is one normaliser per schema object, and a scalar outside every tolerated form is left as sent', () => {
    const schema = Type.Object({ s: Type.String() });
    const s = schema as unknown as Record<string, unknown>;
    expect(normaliserOf(s)).toBe(normaliserOf(s));
    expect(run(Type.Integer(), 'abc').out).toBe('abc');
    expect(run(Type.Integer(), '12').out).toBe(12);
  });
});
