import type SqliteDatabase from 'better-sqlite3';

/** Column names of a statement's rows, read once per statement. */
const columnNames = new WeakMap<SqliteDatabase.Statement, readonly string[]>();

/**
 * A statement's rows as objects, built here from its rows as arrays (`raw` mode): better-sqlite3
 * builds each object member by member from the column's name, which costs more than running the
 * statement itself for a wide row (a transaction's 38 columns). The same objects: one member per
 * column, in column order, the last of two equal names winning, as better-sqlite3 builds them.
 */
export function rowsOf(stmt: SqliteDatabase.Statement, parameters: readonly unknown[]): Record<string, unknown>[] {
  let names = columnNames.get(stmt);
  if (!names) {
    names = stmt.columns().map((c) => c.name);
    columnNames.set(stmt, names);
  }
  stmt.raw(true);
  let rows: unknown[][];
  try {
    rows = stmt.all(...parameters) as unknown[][];
  } finally {
    stmt.raw(false);
  }
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) o[names[i]!] = row[i];
    out[r] = o;
  }
  return out;
}
