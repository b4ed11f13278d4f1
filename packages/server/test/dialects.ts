import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres';

/** The dialects a storage test runs on: `DIALECTS=sqlite,postgres` (default sqlite, as in `npm test`). */
export function dialects(): DialectName[] {
  const list = (process.env.DIALECTS ?? 'sqlite')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const d of list) if (d !== 'sqlite' && d !== 'postgres') throw new Error(`unknown dialect in DIALECTS: ${d}`);
  return list as DialectName[];
}

/** The PostgreSQL server the postgres suites use (CI: trust auth, database `test`). */
export const PG_URL = process.env.GATEHOUSE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh schema on the test database: its URL (search_path set) and a function that drops it. */
export async function freshPgSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `gh_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}
