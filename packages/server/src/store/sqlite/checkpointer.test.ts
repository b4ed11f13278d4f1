import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.js';

/**
 * ADR 0671: between writes the Checkpointer's passes space out (up to one a second), and a write that
 * comes after a quiet spell is still copied into the database file. Waits are bounded numbers of
 * attempts, never a time budget asserted.
 */
describe('the Checkpointer after a quiet spell', () => {
  let dataDir: string;
  let store: Store;
  const BODY = 'x'.repeat(20_000);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-checkpointer-'));
    store = openStore({ dataDir, checkpointIntervalMs: 5 });
    await store.migrate();
    await store.write((trx) => sql`CREATE TABLE blob (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(trx));
  });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Waits, by a bounded number of attempts, until the database file has grown past `size`. */
  async function copiedPast(size: number): Promise<number> {
    for (let attempt = 0; attempt < 400; attempt++) {
      const now = (await stat(store.file!)).size;
      if (now > size) return now;
      await sleep(25);
    }
    return (await stat(store.file!)).size;
  }

  it('copies a write made after the passes have spaced out', async () => {
    const start = (await stat(store.file!)).size;
    await store.writePlanned([{ sql: 'INSERT INTO blob (id, body) VALUES (?, ?)', parameters: [1, BODY] }]);
    const first = await copiedPast(start);
    expect(first).toBeGreaterThan(start);
    // Quiet: passes that find nothing new come later and later.
    await sleep(1500);
    await store.writePlanned([{ sql: 'INSERT INTO blob (id, body) VALUES (?, ?)', parameters: [2, BODY] }]);
    expect(await copiedPast(first)).toBeGreaterThan(first);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM blob`.execute(store.db);
    expect(rows[0]!.n).toBe(2);
  });
});
