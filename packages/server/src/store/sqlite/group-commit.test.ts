import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.js';
import { GroupCommitter } from './group-commit.js';
import type { PlannedWrite } from './planned-write.js';
import type { Database } from '../tables.js';

/**
 * Group commit on the embedded SQLite store (synchronous=FULL): write units submitted together share
 * one transaction, each in its own savepoint; each caller gets its own result or its own error, and
 * only after the shared COMMIT has returned.
 */
describe('group commit on SQLite', () => {
  let dataDir: string;
  let store: Store;
  /** ids of every merchant row whose write resolved: all of them must be in the store at the end */
  const committed = new Set<string>();
  /** ids whose write was rejected: none of them may be in the store */
  const rolledBack = new Set<string>();

  const insertMerchant = (trx: Transaction<Database>, id: string) =>
    trx
      .insertInto('merchants')
      .values({ id, name: `merchant ${id}`, created_at: 1 })
      .execute();
  const storedIds = async (s: Store) =>
    new Set((await s.db.selectFrom('merchants').select('id').execute()).map((r) => r.id));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-group-commit-'));
    store = openStore({ dataDir });
    await store.migrate();
  });
  afterAll(async () => {
    try {
      await store?.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('runs units submitted together in one transaction and gives each caller its own result', async () => {
    const transactions = new Set<Transaction<Database>>();
    const writes = Array.from({ length: 200 }, (_, i) =>
      store.write(async (trx) => {
        transactions.add(trx);
        const id = `a-${i}`;
        await insertMerchant(trx, id);
        const row = await trx
          .selectFrom('merchants')
          .select(['id', 'name'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return { i, name: row.name };
      }),
    );
    const results = await Promise.all(writes);
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => ({ i, name: `merchant a-${i}` })));
    expect(transactions.size).toBe(1);
    for (let i = 0; i < 200; i++) committed.add(`a-${i}`);
    expect(await storedIds(store)).toEqual(committed);
  });

  it('rejects a failing unit alone, rolls back its rows, and commits the others of the same batch', async () => {
    const transactions = new Set<Transaction<Database>>();
    const thrown = new Error('unit 17 fails after writing');
    const writes = Array.from({ length: 50 }, (_, i) =>
      store.write(async (trx) => {
        transactions.add(trx);
        if (i === 17) {
          await insertMerchant(trx, 'b-17');
          await insertMerchant(trx, 'b-17-extra');
          throw thrown;
        }
        if (i === 33) {
          // a SQL error: the primary key of a row written earlier in this batch
          await insertMerchant(trx, 'b-33');
          await insertMerchant(trx, 'b-0');
        }
        if (i !== 33) await insertMerchant(trx, `b-${i}`);
        return `b-${i}`;
      }),
    );
    const settled = await Promise.allSettled(writes);
    expect(transactions.size).toBe(1);
    settled.forEach((s, i) => {
      if (i === 17) expect(s).toEqual({ status: 'rejected', reason: thrown });
      else if (i === 33)
        expect(s).toMatchObject({
          status: 'rejected',
          reason: { message: expect.stringMatching(/UNIQUE constraint failed/) },
        });
      else expect(s).toEqual({ status: 'fulfilled', value: `b-${i}` });
    });
    expect(settled[17]).toMatchObject({ reason: expect.any(Error) });
    for (let i = 0; i < 50; i++) if (i !== 17 && i !== 33) committed.add(`b-${i}`);
    for (const id of ['b-17', 'b-17-extra', 'b-33']) rolledBack.add(id);

    const stored = await storedIds(store);
    for (const id of committed) expect(stored.has(id), id).toBe(true);
    for (const id of rolledBack) expect(stored.has(id), id).toBe(false);
  });

  it('rolls back and rejects a failing unit that is alone in its batch; the next write commits', async () => {
    const alone = store.write(async (trx) => {
      await insertMerchant(trx, 'c-alone');
      throw new Error('alone and failing');
    });
    await expect(alone).rejects.toThrow('alone and failing');
    rolledBack.add('c-alone');
    await expect(store.write(async (trx) => (await insertMerchant(trx, 'c-next'), 'ok'))).resolves.toBe('ok');
    committed.add('c-next');
    const stored = await storedIds(store);
    expect(stored.has('c-alone')).toBe(false);
    expect(stored.has('c-next')).toBe(true);
  });

  it('answers only after the commit: the reader sees nothing inside the unit, and the row once it resolves', async () => {
    const seenInside: Array<string | undefined> = [];
    const writes = ['d-1', 'd-2', 'd-3'].map((id) =>
      store.write(async (trx) => {
        await insertMerchant(trx, id);
        const fromReader = await store.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst();
        seenInside.push(fromReader?.id);
        return id;
      }),
    );
    for (const w of writes) {
      const id = await w;
      const row = await store.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst();
      expect(row?.id).toBe(id);
      committed.add(id);
    }
    expect(seenInside).toEqual([undefined, undefined, undefined]);
  });

  it('serves more units than one batch holds, each with its own result', async () => {
    const transactions = new Set<Transaction<Database>>();
    const n = 600;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        store.write(async (trx) => {
          transactions.add(trx);
          await insertMerchant(trx, `e-${i}`);
          return i * 2;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: n }, (_, i) => i * 2));
    expect(transactions.size).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) committed.add(`e-${i}`);
    expect((await storedIds(store)).size).toBe(committed.size);
  });

  it('runs a unit submitted while a batch is in progress in a later transaction', async () => {
    let inner: Promise<string> | undefined;
    let outerTrx: Transaction<Database> | undefined;
    let innerTrx: Transaction<Database> | undefined;
    const outer = await store.write(async (trx) => {
      outerTrx = trx;
      await insertMerchant(trx, 'f-outer');
      // Not awaited here: a unit that waited for a later batch would wait for itself.
      inner = store.write(async (t) => {
        innerTrx = t;
        await insertMerchant(t, 'f-inner');
        return 'inner';
      });
      return 'outer';
    });
    expect(outer).toBe('outer');
    expect(await inner).toBe('inner');
    expect(innerTrx).toBeDefined();
    expect(innerTrx).not.toBe(outerTrx);
    committed.add('f-outer');
    committed.add('f-inner');
  });

  it('rejects every unit of a batch whose COMMIT fails, acknowledges none of them, and keeps working', async () => {
    const transactions = new Set<Transaction<Database>>();
    const writes = [
      store.write(async (trx) => {
        transactions.add(trx);
        await insertMerchant(trx, 'g-1');
        return 'g-1';
      }),
      store.write(async (trx) => {
        transactions.add(trx);
        // A foreign key checked only at COMMIT: the unit itself succeeds, the commit does not.
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await trx
          .insertInto('sites')
          .values({
            id: 'g-site',
            merchant_id: 'no-such-merchant',
            name: 's',
            secret_key_sealed: 'x',
            settings: '{}',
            created_at: 1,
          })
          .execute();
        return 'g-site';
      }),
      store.write(async (trx) => {
        transactions.add(trx);
        await insertMerchant(trx, 'g-3');
        return 'g-3';
      }),
    ];
    const settled = await Promise.allSettled(writes);
    expect(transactions.size).toBe(1);
    for (const s of settled)
      expect(s).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/FOREIGN KEY/) } });
    rolledBack.add('g-1');
    rolledBack.add('g-3');
    const stored = await storedIds(store);
    expect(stored.has('g-1')).toBe(false);
    expect(stored.has('g-3')).toBe(false);
    expect(
      await store.db.selectFrom('sites').select('id').where('id', '=', 'g-site').executeTakeFirst(),
    ).toBeUndefined();

    await expect(store.write(async (trx) => (await insertMerchant(trx, 'g-after'), 'after'))).resolves.toBe('after');
    committed.add('g-after');
  });

  it("holds SQLite's write lock from the start of the batch: no other connection commits between a unit's read and its write", async () => {
    // Another process, as `gatehouse keys create` beside the server: a connection that does not wait.
    const other = new SqliteDatabase(store.file!, { timeout: 0 });
    try {
      let otherWrite: string | undefined;
      const result = await store.write(async (trx) => {
        await trx.selectFrom('merchants').select('id').where('id', '=', 'h-1').executeTakeFirst();
        try {
          other.prepare('INSERT INTO merchants (id, name, created_at) VALUES (?, ?, 1)').run('h-other', 'other');
          otherWrite = 'committed';
        } catch (err) {
          otherWrite = (err as { code?: string }).code;
        }
        // With a deferred BEGIN, a commit by the other connection here would fail this write (SQLITE_BUSY_SNAPSHOT).
        await insertMerchant(trx, 'h-1');
        return 'h-1';
      });
      expect(result).toBe('h-1');
      expect(otherWrite).toBe('SQLITE_BUSY');
      committed.add('h-1');
      rolledBack.add('h-other');
      // Once the batch has committed, the other connection writes as usual.
      other.prepare('INSERT INTO merchants (id, name, created_at) VALUES (?, ?, 1)').run('h-other-after', 'other');
      committed.add('h-other-after');
    } finally {
      other.close();
    }
  });

  it('after close and reopening, every resolved write is there and no rejected one', async () => {
    await store.close();
    store = openStore({ dataDir });
    expect(await store.migrate()).toEqual([]);
    const stored = await storedIds(store);
    expect(stored).toEqual(committed);
    for (const id of rolledBack) expect(stored.has(id)).toBe(false);
  });
});

/** The order of the group committer's work, with a planned-write runner the test controls. */
describe('group commit pipeline', () => {
  const write: PlannedWrite = [{ sql: 'INSERT INTO t VALUES (?)', parameters: [1] }];
  const done = (writes: readonly PlannedWrite[]) => writes.map(() => ({ done: true as const, rows: [] }));

  const memoryWriter = () =>
    new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });

  it('answers a committed batch before it sends the next, which takes every write submitted in the same turn', async () => {
    const sent: number[] = [];
    let releaseFirst!: () => void;
    const runner = (writes: readonly PlannedWrite[]) => {
      sent.push(writes.length);
      if (sent.length > 1) return Promise.resolve(done(writes));
      return new Promise<ReturnType<typeof done>>((resolve) => (releaseFirst = () => resolve(done(writes))));
    };
    const writer = memoryWriter();
    const committer = new GroupCommitter(writer, 256, async () => {}, runner);
    try {
      let sentWhenFirstAnswered = -1;
      const later: Array<Promise<unknown>> = [];
      // A response sent for the first write brings the next request in the same turn of the event loop.
      const first = committer.submitPlanned(write).then(() => {
        sentWhenFirstAnswered = sent.length;
        later.push(committer.submitPlanned(write));
      });
      while (sent.length === 0) await setImmediatePromise();
      // These arrive while the first batch is on the writer.
      const second = [committer.submitPlanned(write), committer.submitPlanned(write)];
      releaseFirst();
      await first;
      expect(sentWhenFirstAnswered).toBe(1);
      await Promise.all([...second, ...later]);
      expect(sent).toEqual([1, 3]);
    } finally {
      await writer.destroy();
    }
  });

  it('asks for a durable commit when any planned write of the batch is durable, and for none when all are written ahead', async () => {
    const asked: boolean[] = [];
    const runner = (writes: readonly PlannedWrite[], durable: boolean) => {
      asked.push(durable);
      return Promise.resolve(done(writes));
    };
    const writer = memoryWriter();
    const committer = new GroupCommitter(writer, 256, async () => {}, runner);
    try {
      await Promise.all([committer.submitPlanned(write, false), committer.submitPlanned(write, false)]);
      await Promise.all([committer.submitPlanned(write, false), committer.submitPlanned(write)]);
      await committer.submitPlanned(write);
      expect(asked).toEqual([false, true, true]);
    } finally {
      await writer.destroy();
    }
  });

  it("takes the writer's answer when a write is submitted while a batch is out, without waiting for its event", async () => {
    let answer: (() => void) | undefined;
    const runner = (writes: readonly PlannedWrite[]) =>
      new Promise<ReturnType<typeof done>>((resolve) => (answer = () => resolve(done(writes))));
    let collects = 0;
    // The writer thread's collect(): here the answer is ready only when collected.
    const collect = () => {
      collects++;
      const ready = answer;
      answer = undefined;
      ready?.();
    };
    const writer = memoryWriter();
    const committer = new GroupCommitter(writer, 256, async () => {}, runner, collect);
    try {
      const first = committer.submitPlanned(write);
      expect(collects).toBe(0);
      while (!answer) await setImmediatePromise();
      const second = committer.submitPlanned(write);
      expect(collects).toBe(1);
      await expect(first).resolves.toEqual({ done: true, rows: [] });
      while (!answer) await setImmediatePromise();
      collect();
      await expect(second).resolves.toEqual({ done: true, rows: [] });
    } finally {
      await writer.destroy();
    }
  });
});
