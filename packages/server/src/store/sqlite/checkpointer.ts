import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the WAL back into the database file in a worker thread of its own (ADR 0012). The event
 * loop's writer connection has automatic checkpoints turned off, because a checkpoint runs inside the
 * COMMIT that crosses the threshold and fsyncs twice on the event loop. Here a PASSIVE checkpoint (it never
 * blocks the writers or the readers) runs every `intervalMs` on a separate connection, whose
 * `synchronous=NORMAL` syncs the WAL before and the database file after each copy, so a frame is
 * overwritten only once its page is durable in the database file.
 *
 * The WAL is reused from its start only by a writer that finds every frame already copied, and under
 * a steady load frames keep arriving while a pass copies. Once the WAL holds `catchUpAtFrames`, passes
 * follow each other until one finds every frame copied and none added since the one before; the next
 * write transaction then starts the WAL over, and no writer waits for a copy. Should that fail (the
 * writes never pause), the writer thread's own checkpoint past twice that size does it, and for writes
 * that never go through that thread, once the WAL holds `restartAtFrames` a RESTART checkpoint
 * follows here. It takes the write lock only if that is free at once (this connection never waits),
 * copies the few frames written since, and lets the next writer start the WAL over; writers wait for
 * it while it holds the lock. Between writes the passes space out, up to one a second (ADR 0671).
 */
export class Checkpointer {
  readonly #worker: Worker;
  readonly #exited: Promise<void>;

  constructor(dbFile: string, intervalMs: number, catchUpAtFrames: number, restartAtFrames: number) {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dbFile, sqlite, intervalMs, catchUpAtFrames, restartAtFrames },
    });
    // The timer alone must not keep a process alive that has nothing else to do.
    this.#worker.unref();
    // A failed checkpoint is retried at the next tick; a worker that died only lets the WAL grow.
    this.#worker.on('error', () => {});
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
  }

  /** Stops the worker; the last connection to close checkpoints and removes the WAL itself. */
  async close(): Promise<void> {
    // Referenced again: otherwise a process with nothing else pending would exit before the worker does.
    this.#worker.ref();
    this.#worker.postMessage('stop');
    await this.#exited;
  }
}

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const conn = new Database(workerData.dbFile);
conn.pragma('busy_timeout = 0');
conn.pragma('synchronous = NORMAL');
conn.pragma('wal_autocheckpoint = 0');
const MAX_CATCH_UP_PASSES = 32;
const passive = () => conn.pragma('wal_checkpoint(PASSIVE)')[0];
// Idle (a pass finds every frame copied and none added since the last), the next pass comes twice as
// late, up to IDLE_MS: an idle server wakes once a second, not 40 times. A pass that finds new frames
// brings the interval back to intervalMs.
const IDLE_MS = Math.max(workerData.intervalMs, 1000);
let delay = workerData.intervalMs;
let lastLog = -1;
const tick = () => {
  let idle = false;
  try {
    let { log, checkpointed } = passive();
    idle = log === lastLog && checkpointed === log;
    // Past the threshold, pass after pass until one finds every frame copied and none added since
    // the last: the next write transaction then starts the WAL over, and no writer waits for a copy.
    for (let pass = 0; log >= workerData.catchUpAtFrames && pass < MAX_CATCH_UP_PASSES; pass++) {
      const before = log;
      const next = passive();
      log = next.log;
      if (log === before && next.checkpointed === log) break;
    }
    lastLog = log;
    // Without the write lock at once, RESTART goes on as PASSIVE and reports busy: next tick.
    if (log >= workerData.restartAtFrames) conn.pragma('wal_checkpoint(RESTART)');
  } catch { /* busy or closing: next tick */ }
  delay = idle ? Math.min(delay * 2, IDLE_MS) : workerData.intervalMs;
  timer = setTimeout(tick, delay);
};
let timer = setTimeout(tick, delay);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearTimeout(timer);
  conn.close();
  parentPort.close();
});
`;
