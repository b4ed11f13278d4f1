import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rowBuilder, rowsOf } from './statement-rows.js';

/** rowsOf must give exactly the objects better-sqlite3 builds itself, only cheaper. */
describe('rows of a fixed statement', () => {
  const db = new SqliteDatabase(':memory:');
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b REAL, c BLOB, d INTEGER);
           INSERT INTO t VALUES (1, 'x', 1.5, x'00ff', NULL), (2, NULL, NULL, NULL, 9007199254740991);`);

  it.each([
    ['every column of several rows', 'SELECT * FROM t ORDER BY id', []],
    ['no row', 'SELECT * FROM t WHERE id = ?', [99]],
    ['a parameter', 'SELECT a, d FROM t WHERE id = ?', [2]],
    ['two columns of one name: the last wins', 'SELECT 1 AS a, 2 AS a, NULL AS b', []],
    [
      'a left join without a match: every member present and null',
      'SELECT t.id AS o_id, u.* FROM t LEFT JOIN t AS u ON u.id = t.id + 10',
      [],
    ],
  ])('%s', (_what, text, parameters) => {
    const stmt = db.prepare(text);
    const expected = stmt.all(...parameters);
    const got = rowsOf(stmt, parameters);
    expect(got).toEqual(expected);
    // member order too, as callers may spread or serialise the row
    expect(got.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r as object)));
    // the statement is left in its ordinary mode for the next caller (Kysely)
    expect(stmt.all(...parameters)).toEqual(expected);
  });

  it('leaves the statement in its ordinary mode when the statement fails', () => {
    const stmt = db.prepare('SELECT * FROM t WHERE id = ?');
    expect(() => rowsOf(stmt, [1, 2])).toThrow();
    expect(stmt.all(1)).toEqual([{ id: 1, a: 'x', b: 1.5, c: Buffer.from([0, 255]), d: null }]);
  });

  it.each([
    ['plain names', ['id', 'a', 'b']],
    ['two equal names: the first place, the last value', ['a', 'b', 'a']],
    ['names a literal must quote', ['o"x', "it's", 'a b', '\\', '1', 'constructor', 'toString']],
    ['__proto__ as a member of its own, never the prototype', ['id', '__proto__']],
    ['no column', []],
  ])('builds rows as members set in column order would: %s', (_what, names) => {
    const row = names.map((_n, i) => i * 10);
    const expected: Record<string, unknown> = {};
    names.forEach((n, i) =>
      Object.defineProperty(expected, n, { value: row[i], enumerable: true, writable: true, configurable: true }),
    );
    const got = rowBuilder(names)(row);
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.entries(got)).toEqual(Object.entries(expected));
  });
});
