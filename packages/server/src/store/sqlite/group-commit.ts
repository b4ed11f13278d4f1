import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { metrics } from '../../lib/metrics.js';
import type { PlannedOutcome, PlannedWrite } from './planned-write.js';
import type { Database } from '../tables.js';
import { type HotSql, kyselyHot } from '../hot-sql.js';
import type { PlannedResult } from './writer-thread.js';

/** A write: its statements through `trx`, or its fixed statements through `hot` (same transaction, ADR 0813). */
export type WriteUnit<T> = (trx: Transaction<Database>, hot: HotSql) => Promise<T>;

/**
 * Runs a batch of planned writes in one transaction elsewhere (the writer thread); resolves once it is
 * durable, or, when `durable` is false (every write of the batch is written ahead), once committed.
 */
export type PlannedRunner = (writes: readonly PlannedWrite[], durable: boolean) => Promise<PlannedResult[]>;

type Pending =
  | { kind: 'fn'; fn: WriteUnit<unknown>; durable: boolean; resolve(value: unknown): void; reject(err: unknown): void }
  | {
      kind: 'planned';
      write: PlannedWrite;
      durable: boolean;
      resolve(value: unknown): void;
      reject(err: unknown): void;
    };

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for the embedded SQLite store. Every acknowledged write must be on disk, and one fsync
 * costs about as much as a whole request; so write units that arrive together run in one transaction,
 * each isolated from the others (a failing unit rolls back alone and rejects alone: a closure in its own
 * SAVEPOINT, a planned write as the writer thread says), and all of them are answered once their
 * commit is durable. Two kinds of unit (ADR 0013): planned writes, sent as
 * data to the writer thread in one message per batch, whose COMMIT syncs the WAL there; and closures,
 * which read and decide as they go and run here on the writer connection, followed by the `durable`
 * barrier (the WAL's fdatasync in libuv's thread pool, ADR 0012). Nothing waits for the disk on the
 * event loop: requests that arrive meanwhile form the next batch.
 */
export class GroupCommitter {
  #queue: Pending[] = [];
  #running = false;

  constructor(
    private readonly writer: Kysely<Database>,
    private readonly maxBatch = 256,
    /** resolves once every commit made before the call is on disk */
    private readonly durable: () => Promise<void>,
    private readonly plannedRunner: PlannedRunner,
    /** takes the planned runner's answer now if it is ready, without waiting for its event */
    private readonly collect: () => void = () => {},
    /** the writer connection's fixed statements, run directly on it (ADR 0813); default Kysely's executor */
    private readonly hotOf: (trx: Transaction<Database>) => HotSql = kyselyHot,
  ) {}

  /**
   * `durable: false` (a write ahead, ADR 0616): answered once committed, without waiting for the disk;
   * the commit survives the process (it is in the WAL file), and the next durable commit makes it
   * durable too, since the WAL is synced in order.
   */
  submit<T>(fn: WriteUnit<T>, durable = true): Promise<T> {
    return this.#enqueue<T>((resolve, reject) => ({
      kind: 'fn',
      fn: fn as WriteUnit<unknown>,
      durable,
      resolve,
      reject,
    }));
  }

  /** `durable: false`: a write ahead, as `submit`'s; a batch commits durably when any of its planned writes asks it. */
  submitPlanned(write: PlannedWrite, durable = true): Promise<PlannedOutcome> {
    return this.#enqueue<PlannedOutcome>((resolve, reject) => ({ kind: 'planned', write, durable, resolve, reject }));
  }

  #enqueue<T>(make: (resolve: (v: unknown) => void, reject: (e: unknown) => void) => Pending): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push(make(resolve as (v: unknown) => void, reject));
      // A busy event loop reaches the writer's answer only after the sockets that became readable
      // before it; a batch whose answer is ready is answered here instead.
      if (this.#running) this.collect();
      else {
        this.#running = true;
        // Let the requests that are already parsed join this batch.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      let batch = this.#queue.splice(0, this.maxBatch);
      metrics.groupCommitBatchSize.observe(batch.length);
      let committed = this.#commit(batch);
      while (batch.length > 0) {
        const outcomes = await committed;
        // Answered at once: the responses go out, and the clients' next requests come in sooner.
        const acknowledged = this.#acknowledge(batch, outcomes);
        // The next batch leaves at the end of this turn of the event loop, with every request parsed
        // in it. Only one batch commits at a time.
        await new Promise((resolve) => setImmediate(resolve));
        const next = this.#queue.splice(0, this.maxBatch);
        if (next.length > 0) committed = this.#commit(next);
        await acknowledged;
        batch = next;
      }
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) {
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    }
  }

  /**
   * Answers each unit once the batch is durable; a unit that failed is answered at once. The writer
   * thread's commits are durable when it answers; the closures' commit needs the barrier.
   */
  async #acknowledge(batch: Pending[], outcomes: Outcome[]): Promise<void> {
    const waits = (unit: Pending, o: Outcome) => o.ok && unit.kind === 'fn' && unit.durable;
    const settle = (now: boolean) =>
      batch.forEach((unit, i) => {
        const o = outcomes[i]!;
        if (waits(unit, o) === now) return;
        if (o.ok) unit.resolve(o.value);
        else unit.reject(o.error);
      });
    settle(true);
    if (!batch.some((unit, i) => waits(unit, outcomes[i]!))) return;
    return this.durable().then(
      () => settle(false),
      (err: unknown) => {
        // Committed but not known to be on disk: no durable unit of the batch may be acknowledged.
        batch.forEach((unit, i) => {
          if (waits(unit, outcomes[i]!)) unit.reject(err);
        });
      },
    );
  }

  /** Commits the batch: the planned writes on the writer thread, then the closures here. */
  async #commit(batch: Pending[]): Promise<Outcome[]> {
    const outcomes = new Array<Outcome>(batch.length);
    const planned: number[] = [];
    const closures: number[] = [];
    batch.forEach((unit, i) => (unit.kind === 'planned' ? planned : closures).push(i));
    if (planned.length > 0) {
      try {
        const units = planned.map((i) => batch[i] as Extract<Pending, { kind: 'planned' }>);
        const results = await this.plannedRunner(
          units.map((unit) => unit.write),
          units.some((unit) => unit.durable),
        );
        planned.forEach((at, k) => {
          const r = results[k]!;
          outcomes[at] = 'error' in r ? { ok: false, error: r.error } : { ok: true, value: r };
        });
      } catch (error) {
        // The transaction itself failed: nothing of it is committed.
        for (const at of planned) outcomes[at] = { ok: false, error };
      }
    }
    if (closures.length > 0) {
      const fns = closures.map((i) => (batch[i] as { fn: WriteUnit<unknown> }).fn);
      const results = await this.#runClosures(fns);
      closures.forEach((at, k) => (outcomes[at] = results[k]!));
    }
    return outcomes;
  }

  async #runClosures(fns: Array<WriteUnit<unknown>>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    try {
      await this.writer.transaction().execute(async (trx) => {
        const hot = this.hotOf(trx);
        if (fns.length === 1) {
          // Alone: the transaction itself isolates the unit.
          try {
            outcomes.push({ ok: true, value: await fns[0]!(trx, hot) });
          } catch (error) {
            outcomes.push({ ok: false, error });
            throw new UnitFailed();
          }
          return;
        }
        for (const fn of fns) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await fn(trx, hot);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (err) {
      // The commit itself failed: nothing of these units is committed.
      if (!(err instanceof UnitFailed)) return fns.map(() => ({ ok: false, error: err }));
    }
    return outcomes;
  }
}

class UnitFailed extends Error {}

// Compiled once: these run around every unit of a batch.
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT unit');
const RELEASE = CompiledQuery.raw('RELEASE unit');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO unit');
