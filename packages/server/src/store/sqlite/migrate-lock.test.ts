import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../db.js';

/**
 * Migrations wait for SQLite's write lock as long as another process holds it (its own migrations on a
 * loaded machine), not only a request's busy timeout of 5 s: `gatehouse migrate` run beside another
 * process that is migrating the same fresh folder must not fail with "database is locked".
 */
describe('migrations on the embedded store', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-migrate-lock-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('wait for a write lock held longer than the busy timeout, then apply', { timeout: 60_000 }, async () => {
    const file = join(dataDir, 'gatehouse.sqlite');
    // Another process takes the write lock and keeps it for 6 s (the busy timeout is 5 s).
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
         const c = new D(${JSON.stringify(file)});
         c.pragma('journal_mode = WAL');
         c.exec('BEGIN IMMEDIATE');
         process.stdout.write('locked\\n');
         setTimeout(() => { c.exec('COMMIT'); c.close(); }, 6000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once('data', () => resolve());
      holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
    });
    const store = openStore({ dataDir });
    try {
      const applied = await store.migrate();
      expect(applied[0]).toMatch(/^0001_/);
    } finally {
      await store.close();
    }
    expect(await exited).toBe(0);
  });
});
