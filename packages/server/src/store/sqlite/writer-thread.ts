import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { PlannedOutcome, PlannedWrite } from './planned-write.js';

/** What one planned write of a batch came to on the writer thread. */
export type PlannedResult = PlannedOutcome | { error: Error };

interface Waiting {
  resolve(results: PlannedResult[]): void;
  reject(err: Error): void;
}

interface WireError {
  message: string;
  code?: string;
}

type Reply = { id: number; results: Array<PlannedOutcome | { error: WireError }> } | { id: number; failed: WireError };

/**
 * The embedded store's writer thread (ADR 0013): a worker with its own connection that runs batches of
 * planned writes inside one `BEGIN IMMEDIATE … COMMIT`, a write of several statements in a savepoint
 * of its own, so that preparing, executing and committing them (and the WAL writes of the commit)
 * leave the event loop. The caller (the group committer) sends one batch at a time and makes it
 * durable after the reply.
 */
export class WriterThread {
  #worker: Worker | undefined;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  /** SQL texts by number: a batch names each statement by its number, and sends a text once per thread */
  readonly #sqlIds = new Map<string, number>();
  #sent = new Set<number>();
  /** where the thread replies, and how many replies it has posted there (shared memory) */
  #replies: { port: MessagePort; posted: Int32Array; taken: number } | undefined;

  constructor(
    private readonly dbFile: string,
    private readonly pragmas: readonly string[],
  ) {}

  /**
   * Runs `writes` in one transaction: one result per write, or a rejection when the transaction failed.
   * `durable: false` commits without syncing the WAL even when the connection's `synchronous` is FULL
   * (writes ahead, ADR 0616, 0817): the next durable commit syncs them with its own.
   */
  run(writes: readonly PlannedWrite[], durable = true): Promise<PlannedResult[]> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    const texts: Array<[number, string]> = [];
    const wire = writes.map((write) =>
      write.map((s) => {
        let n = this.#sqlIds.get(s.sql);
        if (n === undefined) {
          n = this.#sqlIds.size;
          if (n >= 10_000) throw new Error('too many distinct planned statements');
          this.#sqlIds.set(s.sql, n);
        }
        if (!this.#sent.has(n)) {
          this.#sent.add(n);
          texts.push([n, s.sql]);
        }
        return [n, s.parameters, s.mustChange === true] as const;
      }),
    );
    return new Promise<PlannedResult[]>((resolve, reject) => {
      // Referenced only while a batch is out: an idle writer thread keeps no process alive.
      if (this.#waiting.size === 0) this.#replies!.port.ref();
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, texts, writes: wire, durable });
    });
  }

  /**
   * Takes the thread's reply now if it has posted one: a busy event loop reaches its message event
   * only after the sockets that became readable before it, and the batch's callers wait meanwhile.
   */
  collect(): boolean {
    const replies = this.#replies;
    if (!replies || Atomics.load(replies.posted, 0) === replies.taken) return false;
    const received = receiveMessageOnPort(replies.port);
    if (!received) return false;
    this.#onReply(received.message as Reply);
    return true;
  }

  #onReply(reply: Reply): void {
    this.#replies!.taken++;
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#replies!.port.unref();
    if ('failed' in reply) waiting.reject(toError(reply.failed));
    else waiting.resolve(reply.results.map((r) => ('error' in r ? { error: toError(r.error) } : r)));
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = undefined;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
  }

  #start(): Worker {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const { port1, port2 } = new MessageChannel();
    const posted = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dbFile: this.dbFile, sqlite, pragmas: this.pragmas, port: port2, posted },
      transferList: [port2],
    });
    worker.unref();
    this.#sent = new Set();
    const replies = { port: port1, posted, taken: 0 };
    this.#replies = replies;
    port1.on('message', (reply: Reply) => {
      if (this.#replies === replies) this.#onReply(reply);
    });
    port1.unref();
    // A thread that died takes its batch with it: the batch is rejected (its outcome is unknown to the
    // callers, as after a crash) and the next batch starts a new thread.
    const died = (err: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      if (this.#replies === replies) {
        this.#replies = undefined;
        port1.close();
      }
      for (const waiting of this.#waiting.values()) waiting.reject(err);
      this.#waiting.clear();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the store's writer thread exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }
}

/** The driver's error as the main thread sees it: its message and SQLite's extended result code. */
function toError(e: WireError): Error {
  const err = new Error(e.message);
  err.name = 'SqliteError';
  if (e.code !== undefined) Object.assign(err, { code: e.code });
  return err;
}

// Plain CommonJS run by `eval`, so one source serves the built server and the tests run from src.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { port, posted } = workerData;
const Database = require(workerData.sqlite);
const conn = new Database(workerData.dbFile);
for (const p of workerData.pragmas) conn.pragma(p);
// Statement number -> SQL text (sent once), and its prepared statement (made on first use).
const texts = new Map();
const statements = new Map();
const prepare = (n) => {
  let s = statements.get(n);
  if (s === undefined) {
    s = conn.prepare(texts.get(n));
    statements.set(n, s);
  }
  return s;
};
// FULL (2) as configured: a batch written ahead commits at NORMAL (1), no sync, the next durable one at FULL.
const FULL = conn.pragma('synchronous', { simple: true }) === 2;
let syncing = FULL;
const syncFor = (durable) => {
  const full = FULL && durable !== false;
  if (full !== syncing) {
    conn.pragma(full ? 'synchronous = FULL' : 'synchronous = NORMAL');
    syncing = full;
  }
};
const BEGIN = conn.prepare('BEGIN IMMEDIATE');
const COMMIT = conn.prepare('COMMIT');
const SAVEPOINT = conn.prepare('SAVEPOINT planned');
const RELEASE = conn.prepare('RELEASE planned');
const ROLLBACK_TO = conn.prepare('ROLLBACK TO planned');
const wire = (e) => ({ message: String(e && e.message), code: e && typeof e.code === 'string' ? e.code : undefined });

function runOne(write) {
  let rows = [];
  for (let i = 0; i < write.length; i++) {
    const [n, parameters, mustChange] = write[i];
    const stmt = prepare(n);
    if (stmt.reader) {
      rows = stmt.all(parameters);
      if (mustChange && rows.length === 0) return { done: false, stoppedAt: i };
    } else {
      rows = [];
      if (stmt.run(parameters).changes === 0 && mustChange) return { done: false, stoppedAt: i };
    }
  }
  return { done: true, rows };
}

function runBatch(writes) {
  BEGIN.run();
  const results = [];
  try {
    for (const write of writes) {
      // A failure that ended the transaction itself (disk full, I/O error, RAISE(ROLLBACK)) fails the
      // whole batch; any other failure undoes its own write only.
      if (write.length === 1) {
        // One statement needs no savepoint: SQLite undoes a failed statement alone, and a guard
        // that stopped it changed nothing.
        try {
          results.push(runOne(write));
        } catch (e) {
          if (!conn.inTransaction) throw e;
          results.push({ error: wire(e) });
        }
        continue;
      }
      SAVEPOINT.run();
      let result;
      try {
        result = runOne(write);
      } catch (e) {
        if (!conn.inTransaction) throw e;
        result = { error: wire(e) };
      }
      if (result.done !== true) ROLLBACK_TO.run();
      RELEASE.run();
      results.push(result);
    }
    COMMIT.run();
  } catch (e) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    throw e;
  }
  return results;
}

parentPort.on('message', (m) => {
  if (m === 'stop') {
    conn.close();
    port.close();
    parentPort.close();
    return;
  }
  for (const [n, sql] of m.texts) texts.set(n, sql);
  let reply;
  try {
    syncFor(m.durable);
    reply = { id: m.id, results: runBatch(m.writes) };
  } catch (e) {
    reply = { id: m.id, failed: wire(e) };
  }
  port.postMessage(reply);
  Atomics.add(posted, 0, 1);
});
`;
