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

  it('rejects the batch of a thread that could not start instead of leaving it waiting', async () => {
    const thread = new WriterThread(join(dataDir, 'no-such-folder', 'x.sqlite'), []);
    await expect(thread.run([[insert('e')]])).rejects.toThrow();
    await thread.close();
  });
});
