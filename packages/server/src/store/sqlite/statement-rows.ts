import type SqliteDatabase from 'better-sqlite3';

type RowBuilder = (row: readonly unknown[]) => Record<string, unknown>;

/** A statement's row builder, made once per statement from its column names. */
const builders = new WeakMap<SqliteDatabase.Statement, RowBuilder>();

/**
 * One object literal per row, `{ "id": row[0], "a": row[1], … }`, compiled once per statement
 * (ADR 0669). An object built member by member from the names (`o[name] = …`, as better-sqlite3 builds
 * its rows) leaves V8's fast mode after about 16 members: a transaction's row of 38 columns was then
 * slow to build and slow to read everywhere after. A literal's members keep one hidden class per
 * statement. The same object as better-sqlite3's: one member per column, in column order, the last of
 * two equal names winning. The names are SQLite's column names of our own statements, each written as a
 * JSON string; a name the literal could not hold as a member (`__proto__`) takes the loop instead.
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  if (names.includes('__proto__')) {
    return (row) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++)
        Object.defineProperty(o, names[i]!, { value: row[i], enumerable: true, writable: true, configurable: true });
      return o;
    };
  }
  const members = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  // Code made from data: only JSON string literals of the names and the index of each (ADR 0669).
  return new Function('row', `return { ${members} };`) as RowBuilder;
}

/**
 * A statement's rows as objects, built here from its rows as arrays (`raw` mode): better-sqlite3
 * builds each object member by member from the column's name, which costs more than running the
 * statement itself for a wide row (a transaction's 38 columns), and leaves it slow to read.
 */
export function rowsOf(stmt: SqliteDatabase.Statement, parameters: readonly unknown[]): Record<string, unknown>[] {
  let build = builders.get(stmt);
  if (!build) {
    build = rowBuilder(stmt.columns().map((c) => c.name));
    builders.set(stmt, build);
  }
  stmt.raw(true);
  let rows: unknown[][];
  try {
    rows = stmt.all(...parameters) as unknown[][];
  } finally {
    stmt.raw(false);
  }
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) out[r] = build(rows[r]!);
  return out;
}
