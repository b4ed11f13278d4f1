import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriterThread } from './writer-thread.js';

/** The embedded store's writer thread on its own (ADR 0013): batches in, one result per write out. */
describe('writer thread', () => {
  let dataDir: string;
  let file: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-writer-thread-'));
    file = join(dataDir, 'w.sqlite');
    const conn = new SqliteDatabase(file);
    conn.pragma('journal_mode = WAL');
    conn.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
    // A write into `doom` ends the whole transaction, as a full disk or an I/O error would.
    conn.exec(
      "CREATE TABLE doom (x INTEGER); CREATE TRIGGER doomed BEFORE INSERT ON doom BEGIN SELECT RAISE(ROLLBACK, 'doomed'); END",
    );
    conn.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const insert = (id: string, n = 0) => ({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', parameters: [id, n] });

  it('runs a batch in one transaction, each write in its own savepoint', async () => {
    const thread = new WriterThread(file, ['busy_timeout = 5000']);
    try {
      const results = await thread.run([[insert('a')], [insert('b'), insert('a')], [insert('c', 3)]]);
      expect(results[0]).toEqual({ done: true, rows: [] });
      expect(results[1]).toMatchObject({ error: { name: 'SqliteError', code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
      expect(results[2]).toEqual({ done: true, rows: [] });
      const conn = new SqliteDatabase(file, { readonly: true });
      expect(conn.prepare('SELECT id FROM t ORDER BY id').pluck().all()).toEqual(['a', 'c']);
      conn.close();
    } finally {
      await thread.close();
    }
  });

  it('commits a batch written ahead without syncing, and the next durable batch at the configured FULL (ADR 0817)', async () => {
    const syncing = { sql: 'PRAGMA synchronous', parameters: [] };
    const full = new WriterThread(file, ['busy_timeout = 5000', 'synchronous = FULL']);
    try {
      // 2 = FULL (the COMMIT syncs the WAL), 1 = NORMAL (it does not)
      expect(await full.run([[insert('ahead')], [syncing]], false)).toEqual([
        { done: true, rows: [] },
        { done: true, rows: [{ synchronous: 1 }] },
      ]);
      expect(await full.run([[syncing]], true)).toEqual([{ done: true, rows: [{ synchronous: 2 }] }]);
      expect(await full.run([[syncing]])).toEqual([{ done: true, rows: [{ synchronous: 2 }] }]);
    } finally {
      await full.close();
    }
    expect(ids()).toContain('ahead');
    // configured NORMAL (not durable, GATEHOUSE_SQLITE_SYNCHRONOUS=NORMAL): never FULL
    const normal = new WriterThread(file, ['busy_timeout = 5000', 'synchronous = NORMAL']);
    try {
      expect(await normal.run([[syncing]], true)).toEqual([{ done: true, rows: [{ synchronous: 1 }] }]);
    } finally {
      await normal.close();
    }
  });

  const ids = () => {
    const conn = new SqliteDatabase(file, { readonly: true });
    try {
      return conn.prepare('SELECT id FROM t ORDER BY id').pluck().all();
    } finally {
      conn.close();
    }
  };

  it('lets a one-statement write fail or stop alone, without a savepoint', async () => {
    const thread = new WriterThread(file, ['busy_timeout = 5000']);
    try {
      const stopAtZero = { sql: 'UPDATE t SET n = 1 WHERE id = ?', parameters: ['nobody'], mustChange: true };
      const results = await thread.run([[insert('f')], [insert('f')], [stopAtZero], [insert('g', 7)]]);
      expect(results[0]).toEqual({ done: true, rows: [] });
      expect(results[1]).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
      expect(results[2]).toEqual({ done: false, stoppedAt: 0 });
      expect(results[3]).toEqual({ done: true, rows: [] });
      expect(ids()).toEqual(expect.arrayContaining(['f', 'g']));
    } finally {
      await thread.close();
    }
  });

  it('fails the whole batch when a write ends the transaction itself, and serves the next one', async () => {
    const thread = new WriterThread(file, ['busy_timeout = 5000']);
    const doom = { sql: 'INSERT INTO doom (x) VALUES (?)', parameters: [1] };
    try {
      // The transaction is gone after such a write: the writes before it are not committed, and none
      // after it may run outside a transaction.
      await expect(thread.run([[insert('h')], [doom], [insert('i')]])).rejects.toThrow('doomed');
      await expect(thread.run([[insert('j')], [insert('k'), doom], [insert('l')]])).rejects.toThrow('doomed');
      expect(ids().filter((id) => ['h', 'i', 'j', 'k', 'l'].includes(id as string))).toEqual([]);
      await expect(thread.run([[insert('m')]])).resolves.toEqual([{ done: true, rows: [] }]);
      expect(ids()).toContain('m');
    } finally {
      await thread.close();
    }
  });

  it('rejects the whole batch when its transaction cannot commit, and serves the next one', async () => {
    const thread = new WriterThread(file, ['busy_timeout = 0']);
    const other = new SqliteDatabase(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      await expect(thread.run([[insert('d')]])).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      other.exec('ROLLBACK');
      await expect(thread.run([[insert('d')]])).resolves.toEqual([{ done: true, rows: [] }]);
    } finally {
      other.close();
      await thread.close();
    }
  });

  it('hands its reply to collect() while the event loop is busy; its event then finds nothing left to answer', async () => {
    const thread = new WriterThread(file, ['busy_timeout = 5000']);
    try {
      expect(thread.collect()).toBe(false);
      const results = thread.run([[insert('k', 1)], [insert('k', 2)]]);
      // The event loop does not turn while this loop runs (Atomics.wait blocks the thread for a
      // millisecond at a time): only collect() can take the reply. Bounded by attempts.
      const nap = new Int32Array(new SharedArrayBuffer(4));
      let taken = false;
      for (let attempt = 0; attempt < 30_000 && !taken; attempt++) {
        taken = thread.collect();
        if (!taken) Atomics.wait(nap, 0, 0, 1);
      }
      expect(taken).toBe(true);
      expect(thread.collect()).toBe(false);
      const [first, second] = await results;
      expect(first).toEqual({ done: true, rows: [] });
      expect(second).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
      // The message event that follows finds nothing left to answer; the next batch is answered
      // through it as before.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(thread.run([[insert('l')]])).resolves.toEqual([{ done: true, rows: [] }]);
    } finally {
      await thread.close();
    }
  });

  it('rejects the batch of a thread that could not start instead of leaving it waiting', async () => {
    const thread = new WriterThread(join(dataDir, 'no-such-folder', 'x.sqlite'), []);
    await expect(thread.run([[insert('e')]])).rejects.toThrow();
    await thread.close();
  });
});
