import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Gateway } from './harness.js';

/**
 * Every place a card number could leak to after a suite: the SQLite file and its WAL (raw bytes), or
 * every row of every table on PostgreSQL (as text), and the server's log. Returns the numbers found.
 */
export async function cardNumbersAtRest(gw: Gateway, numbers: readonly string[]): Promise<string[]> {
  const haystacks: string[] = [gw.rawLog()];
  const file = gw.rt.store.file;
  if (file) {
    for (const f of [file, `${file}-wal`]) if (existsSync(f)) haystacks.push(readFileSync(f).toString('latin1'));
  } else {
    const tables = await sql<{
      t: string;
    }>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
      gw.rt.store.db,
    );
    for (const { t } of tables.rows) {
      const rows = await sql<{ r: string }>`SELECT x::text AS r FROM ${sql.table(t)} x`.execute(gw.rt.store.db);
      haystacks.push(rows.rows.map((r) => r.r).join('\n'));
    }
  }
  return numbers.filter((n) => haystacks.some((h) => h.includes(n)));
}
