import { open, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db.js';

/**
 * ADR 0012 (amended): under a steady write load the WAL must start over from its beginning now and
 * then. The Checkpointer's PASSIVE passes alone never let it (frames keep arriving while they copy),
 * and the WAL then grows for as long as the load lasts. Each test keeps writes in flight without a
 * pause, writes far more than the threshold, and checks that the WAL started over (its header counts
 * the restarts) and that every acknowledged row is there, before and after the store is reopened.
 * For planned writes, whose thread checkpoints between two batches of its own, it also checks that the
 * WAL stayed small. The Checkpointer's RESTART for closures has to find the write lock free at the
 * moment it tries, so how large the WAL grows first depends on the machine's timing: not checked here.
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
    await store.write((trx) => sql`CREATE TABLE blob (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(trx));
    return store;
  }

  async function expectAllRows(store: Store): Promise<void> {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM blob`.execute(store.db);
    expect(rows[0]!.n).toBe(ROWS);
  }

  const WRITES: Array<[string, string, (store: Store, i: number) => Promise<unknown>, boolean]> = [
    [
      'planned writes: the writer thread checkpoints past the threshold, and the WAL stays small',
      'planned',
      (store, i) => store.writePlanned([{ sql: 'INSERT INTO blob (id, body) VALUES (?, ?)', parameters: [i, BODY] }]),
      true,
    ],
    [
      'closures on the event loop: the Checkpointer restarts the WAL past four times the threshold',
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
