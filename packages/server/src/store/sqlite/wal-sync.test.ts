import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.js';
import { GroupCommitter } from './group-commit.js';
import type { Database } from '../tables.js';

/**
 * ADR 0012: commits run with synchronous=NORMAL and are acknowledged only after the durability
 * barrier (the WAL's fdatasync) has resolved; a background thread checkpoints the WAL.
 */
describe('durability barrier of the group commit', () => {
  let dataDir: string;
  let conn: SqliteDatabase.Database;
  let writer: Kysely<Database>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-wal-sync-'));
    conn = new SqliteDatabase(join(dataDir, 'barrier.sqlite'));
    conn.pragma('journal_mode = WAL');
    conn.exec('CREATE TABLE t (id TEXT PRIMARY KEY)');
    writer = new Kysely<Database>({ dialect: new SqliteDialect({ database: conn }) });
  });
  afterAll(async () => {
    await writer?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** These tests submit closures only. */
  const noPlannedWrites = async (): Promise<never> => {
    throw new Error('no planned writes in this test');
  };

  const insert = (id: string) => (trx: Kysely<Database>) =>
    (trx as unknown as Kysely<{ t: { id: string } }>).insertInto('t').values({ id }).execute();

  it('acknowledges the units of a batch only once the barrier resolves', async () => {
    let release!: () => void;
    let barriers = 0;
    const committer = new GroupCommitter(
      writer,
      256,
      () => {
        barriers++;
        return new Promise<void>((r) => (release = r));
      },
      noPlannedWrites,
    );
    let acknowledged = 0;
    const writes = ['a', 'b', 'c'].map((id) => committer.submit(insert(id)).then(() => acknowledged++));
    // The commit is visible to the connection, yet nothing is acknowledged while the barrier waits.
    while (barriers === 0) await sleep(5);
    expect(conn.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 3 });
    expect(acknowledged).toBe(0);
    release();
    await Promise.all(writes);
    expect(acknowledged).toBe(3);
    expect(barriers).toBe(1);
  });

  it('rejects every unit of the batch when the barrier fails, and keeps working', async () => {
    let fail = true;
    const committer = new GroupCommitter(
      writer,
      256,
      async () => {
        if (fail) throw new Error('EIO: fdatasync failed');
      },
      noPlannedWrites,
    );
    const settled = await Promise.allSettled(['d', 'e'].map((id) => committer.submit(insert(id))));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(committer.submit(insert('f'))).resolves.toBeDefined();
  });

  it('skips the barrier when no unit of the batch committed anything', async () => {
    let barriers = 0;
    const committer = new GroupCommitter(
      writer,
      256,
      async () => {
        barriers++;
      },
      noPlannedWrites,
    );
    await expect(
      committer.submit(async () => {
        throw new Error('nothing written');
      }),
    ).rejects.toThrow('nothing written');
    expect(barriers).toBe(0);
  });
});

describe('the embedded store checkpoints its WAL in the background', () => {
  let dataDir: string;
  let store: Store;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-checkpoint-'));
    store = openStore({ dataDir });
    await store.migrate();
  });
  afterAll(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without a checkpoint on the writer', async () => {
    const file = join(dataDir, 'gatehouse.sqlite');
    const before = (await stat(file)).size;
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        store.write((trx) =>
          trx
            .insertInto('merchants')
            .values({ id: `m-${i}`, name: 'x'.repeat(500), created_at: 1 })
            .execute(),
        ),
      ),
    );
    // Bounded by attempts, not by a time budget: the checkpointer runs every 25 ms.
    let after = before;
    for (let attempt = 0; attempt < 200 && after <= before; attempt++) {
      await sleep(50);
      after = (await stat(file)).size;
    }
    expect(after).toBeGreaterThan(before);
    const rows = await store.db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(400);
  });
});
