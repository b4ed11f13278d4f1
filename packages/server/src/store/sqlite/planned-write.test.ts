import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects, freshPgSchema } from '../../../test/dialects.js';
import { openStore, type Store } from '../db.js';
import type { PlannedWrite } from './planned-write.js';

/**
 * Planned writes (ADR 0013): statements known in advance, sent to the store as data. On SQLite they
 * run on the writer thread, batched with every planned write that arrives together; on PostgreSQL in
 * one transaction each. Each write commits or rolls back whole, alone.
 */
describe.each(dialects())('planned writes on %s', (dialect: DialectName) => {
  let store: Store;
  let cleanup: () => Promise<void>;

  const insertMerchant = (id: string, name = `merchant ${id}`): PlannedWrite[number] => {
    const { sql: text, parameters } = store.db.insertInto('merchants').values({ id, name, created_at: 1 }).compile();
    return { sql: text, parameters };
  };
  const insertMerchantOnce = (id: string): PlannedWrite[number] => {
    const { sql: text, parameters } = store.db
      .insertInto('merchants')
      .values({ id, name: `merchant ${id}`, created_at: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .compile();
    return { sql: text, parameters, mustChange: true };
  };
  const insertMerchantReturning = (id: string): PlannedWrite[number] => {
    const { sql: text, parameters } = store.db
      .insertInto('merchants')
      .values({ id, name: `merchant ${id}`, created_at: 7 })
      .returning(['id', 'created_at'])
      .compile();
    return { sql: text, parameters };
  };
  const stored = async (prefix: string) =>
    (await store.db.selectFrom('merchants').select('id').where('id', 'like', `${prefix}%`).orderBy('id').execute()).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      store = openStore({ databaseUrl: schema.url, dataDir: '' });
      cleanup = schema.drop;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-planned-'));
      store = openStore({ dataDir });
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
    await store.migrate();
  });
  afterAll(async () => {
    try {
      await store?.close();
    } finally {
      await cleanup?.();
    }
  });

  it('commits every statement of a write and returns the rows of the last one', async () => {
    const outcome = await store.writePlanned([insertMerchant('a-1'), insertMerchantReturning('a-2')]);
    expect(outcome).toEqual({ done: true, rows: [{ id: 'a-2', created_at: 7 }] });
    expect(await stored('a-')).toEqual(['a-1', 'a-2']);
  });

  it('stops at a guard that changes no row and rolls the whole write back', async () => {
    await store.writePlanned([insertMerchant('b-taken')]);
    const outcome = await store.writePlanned([
      insertMerchant('b-before'),
      insertMerchantOnce('b-taken'),
      insertMerchant('b-after'),
    ]);
    expect(outcome).toEqual({ done: false, stoppedAt: 1 });
    expect(await stored('b-')).toEqual(['b-taken']);
  });

  it('isolates the writes that arrive together: a failing or stopped one takes nothing of the others with it', async () => {
    await store.writePlanned([insertMerchant('c-taken')]);
    const writes: PlannedWrite[] = Array.from({ length: 60 }, (_, i) => {
      if (i === 10) return [insertMerchant('c-10'), insertMerchant('c-taken')]; // primary key violation
      if (i === 20) return [insertMerchant('c-20'), insertMerchantOnce('c-taken')]; // guard stops it
      return [insertMerchant(`c-${String(i).padStart(2, '0')}`)];
    });
    const settled = await Promise.allSettled(writes.map((w) => store.writePlanned(w)));
    settled.forEach((s, i) => {
      if (i === 10)
        expect(s).toMatchObject({
          status: 'rejected',
          reason: { message: expect.stringMatching(/unique|UNIQUE|duplicate/) },
        });
      else if (i === 20) expect(s).toEqual({ status: 'fulfilled', value: { done: false, stoppedAt: 1 } });
      else expect(s).toEqual({ status: 'fulfilled', value: { done: true, rows: [] } });
    });
    const ids = await stored('c-');
    expect(ids).not.toContain('c-10');
    expect(ids).not.toContain('c-20');
    expect(ids).toHaveLength(1 + 58);
  });

  it("gives a failing statement's SQLite or PostgreSQL error code to the caller", async () => {
    const failed = store.writePlanned([insertMerchant('d-1'), insertMerchant('d-1')]);
    await expect(failed).rejects.toMatchObject({
      code: dialect === 'sqlite' ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : '23505',
    });
    expect(await stored('d-')).toEqual([]);
  });

  it('serves planned writes and closures submitted together, each with its own outcome', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? store.writePlanned([insertMerchant(`e-${String(i).padStart(2, '0')}`)]).then((o) => o.done)
          : store
              .write((trx) =>
                trx
                  .insertInto('merchants')
                  .values({ id: `e-${String(i).padStart(2, '0')}`, name: 'closure', created_at: 1 })
                  .execute(),
              )
              .then(() => true),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await stored('e-')).toHaveLength(40);
  });

  it('a planned write resolves only once committed: a reader sees its rows as soon as it resolves', async () => {
    for (let i = 0; i < 20; i++) {
      const id = `f-${i}`;
      await store.writePlanned([insertMerchant(id)]);
      const row = await store.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst();
      expect(row?.id).toBe(id);
    }
  });

  it.runIf(dialect === 'sqlite')(
    'holds the write lock for the batch: a closure never runs inside a planned batch',
    async () => {
      // Both kinds of unit write the same counter row; were they to overlap on two connections, one
      // would fail with SQLITE_BUSY or lose an increment.
      await store.writePlanned([insertMerchant('g-counter', '0')]);
      const bump = sql`UPDATE merchants SET name = CAST(CAST(name AS INTEGER) + 1 AS TEXT) WHERE id = 'g-counter'`;
      const { sql: text, parameters } = bump.compile(store.db);
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          i % 3 === 0
            ? store.write(async (trx) => void (await bump.execute(trx)))
            : store.writePlanned([{ sql: text, parameters }]),
        ),
      );
      const row = await store.db
        .selectFrom('merchants')
        .select('name')
        .where('id', '=', 'g-counter')
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('100');
    },
  );
});
