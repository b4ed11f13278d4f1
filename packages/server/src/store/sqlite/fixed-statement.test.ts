import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteDialect } from '../dialect.js';
import { fixedStatement } from './fixed-statement.js';

describe('fixed statements', () => {
  it('compiles once per dialect, then reuses the text with the new values, as a plain array', () => {
    let compiles = 0;
    const compile = (values: Record<string, unknown>) => () => {
      compiles++;
      // Kysely's own compile freezes its parameters.
      return CompiledQuery.raw('INSERT INTO t (a, b) VALUES (?, ?)', Object.freeze([values.a, values.b]) as unknown[]);
    };
    const first = { a: 1, b: 'x' };
    expect(fixedStatement('test.insert', sqliteDialect, first, compile(first))).toEqual({
      sql: 'INSERT INTO t (a, b) VALUES (?, ?)',
      parameters: [1, 'x'],
    });
    const second = { a: 2, b: undefined };
    const again = fixedStatement('test.insert', sqliteDialect, second, compile(second));
    expect(compiles).toBe(1);
    expect(again).toEqual({ sql: 'INSERT INTO t (a, b) VALUES (?, ?)', parameters: [2, null] });
    // Plain and extensible: the writer thread's structured clone copies it on its fast path.
    expect(Object.isFrozen(again.parameters)).toBe(false);
  });

  it('never caches a text whose parameters are not the values in order', () => {
    let compiles = 0;
    const values = { a: 1, b: 2 };
    const swapped = () => (compiles++, CompiledQuery.raw('INSERT INTO t (b, a) VALUES (?, ?)', [2, 1]));
    expect(fixedStatement('test.swapped', sqliteDialect, values, swapped).parameters).toEqual([2, 1]);
    expect(fixedStatement('test.swapped', sqliteDialect, values, swapped).parameters).toEqual([2, 1]);
    expect(compiles).toBe(2);
  });
});
