import { type FileHandle, open } from 'node:fs/promises';
import { metrics } from '../../lib/metrics.js';
import { dirname } from 'node:path';

/**
 * The durability barrier of the embedded store (ADR 0012). The writer connection commits with
 * `synchronous=NORMAL`: COMMIT appends the transaction's frames to the WAL file and returns without
 * an fsync, so it never stalls the event loop. Before a commit is acknowledged, `sync()` runs
 * `fdatasync` on the WAL file in libuv's thread pool; once it resolves, every frame written before the
 * call is on disk, exactly what `synchronous=FULL` would have given. fdatasync flushes the file, not a
 * descriptor, so our own read-only descriptor covers the frames SQLite wrote through its own.
 */
export class WalSync {
  #handle: FileHandle | undefined;
  readonly #path: string;

  constructor(dbFile: string) {
    this.#path = `${dbFile}-wal`;
  }

  async sync(): Promise<void> {
    if (!this.#handle) {
      // The WAL file exists from the first write of a WAL-mode database on; its directory entry is
      // made durable once, as the data in it will be.
      this.#handle = await open(this.#path, 'r');
      const dir = await open(dirname(this.#path), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    }
    const end = metrics.walSyncSeconds.startTimer();
    await this.#handle.datasync();
    end();
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}
