import { open, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.js';

/**
 * ADR 0012 (amended): under a steady write load the WAL must start over from its beginning now and
 * then. A PASSIVE pass that copies what it saw does not let it (frames keep arriving while it copies),
 * and the WAL then grows for as long as the load lasts. Past the threshold the Checkpointer passes
 * again until a pass finds nothing new; the writer thread's own checkpoint (twice the threshold) and
 * the RESTART (four times) are the fallbacks. Each test keeps writes in flight without a pause, writes
 * far more than the threshold, and checks that the WAL started over (its header counts the restarts)
 * and that every acknowledged row is there, before and after the store is reopened. For planned
 * writes it also checks that the WAL stayed small. Closures commit on the event loop, between whose
 * batches a pass finds nothing new only when the timing allows, so how large the WAL grows first
 * depends on the machine: not checked for them.
 *
 * The Checkpointer's thread starts with the first write, and on a loaded machine it may still be
 * loading SQLite when all the rows are written (the WAL then never started over: a failure seen in
 * CI). So the load begins only once the thread has copied the tables into the database file, which
 * is waited for by a bounded number of attempts, not by a time budget.
 */
describe('the WAL starts over under a steady write load', () => {
  const ROWS = 3000;
  /** two pages a row: the rows alone are ~24 MB of WAL frames */
  const BODY = 'x'.repeat(6000);
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-wal-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The WAL header's checkpoint sequence number: SQLite adds one each time the WAL starts over. */
  async function walRestarts(file: string): Promise<number> {
    const handle = await open(`${file}-wal`, 'r');
    try {
      const { buffer } = await handle.read(Buffer.alloc(16), 0, 16, 0);
      return buffer.readUInt32BE(12);
    } finally {
      await handle.close();
    }
  }

  /** Runs `write(i)` for i in 1..ROWS with `inFlight` of them under way at every moment. */
  async function steadily(write: (i: number) => Promise<unknown>, inFlight = 24): Promise<void> {
    let next = 1;
    const lane = async () => {
      while (next <= ROWS) await write(next++);
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
  }

  async function openWithTable(name: string): Promise<Store> {
    const store = openStore({ dataDir: join(dataDir, name), walRestartFrames: 64, checkpointIntervalMs: 5 });
    await store.migrate();
    const before = (await stat(store.file!)).size;
    await store.write((trx) => sql`CREATE TABLE blob (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(trx));
    // The first write starts the Checkpointer's thread; it has run once it has copied the tables.
    for (let attempt = 0; attempt < 200 && (await stat(store.file!)).size <= before; attempt++) await sleep(50);
    return store;
  }

  async function expectAllRows(store: Store): Promise<void> {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM blob`.execute(store.db);
    expect(rows[0]!.n).toBe(ROWS);
  }

  const WRITES: Array<[string, string, (store: Store, i: number) => Promise<unknown>, boolean]> = [
    [
      'planned writes: the Checkpointer catches up past the threshold, and the WAL stays small',
      'planned',
      (store, i) => store.writePlanned([{ sql: 'INSERT INTO blob (id, body) VALUES (?, ?)', parameters: [i, BODY] }]),
      true,
    ],
    [
      'closures on the event loop: the Checkpointer starts the WAL over',
      'closures',
      (store, i) => store.write((trx) => sql`INSERT INTO blob (id, body) VALUES (${i}, ${BODY})`.execute(trx)),
      false,
    ],
  ];

  it.each(WRITES)('%s', async (_title, folder, write, staysSmall) => {
    let store = await openWithTable(folder);
    await steadily((i) => write(store, i));
    expect(await walRestarts(store.file!)).toBeGreaterThan(0);
    // Without restarts the WAL would hold every frame written: more than ROWS * BODY bytes.
    if (staysSmall) expect((await stat(`${store.file}-wal`)).size).toBeLessThan((ROWS * BODY.length) / 3);
    await expectAllRows(store);
    await store.close();
    store = openStore({ dataDir: join(dataDir, folder) });
    await expectAllRows(store);
    await store.close();
  });
});
