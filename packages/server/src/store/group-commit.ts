import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './tables.js';

export type WriteUnit<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  fn: WriteUnit<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * Group commit for the embedded SQLite store. Every acknowledged write must be on disk, and one fsync
 * costs about as much as a whole request; so write units that arrive together run in one transaction,
 * each inside its own SAVEPOINT (a failing unit rolls back alone and rejects alone), and all of them
 * are answered after the single COMMIT and its `durable` barrier (the WAL's fdatasync, ADR 0012). The
 * barrier runs off the event loop: requests arriving meanwhile form the next batch.
 */
export class GroupCommitter {
  #queue: Pending[] = [];
  #running = false;

  constructor(
    private readonly writer: Kysely<Database>,
    private readonly maxBatch = 256,
    /** resolves once every commit made before the call is on disk */
    private readonly durable: () => Promise<void> = async () => {},
  ) {}

  submit<T>(fn: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn: fn as WriteUnit<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#running) {
        this.#running = true;
        // Let the requests that are already parsed join this batch.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.maxBatch);
        await this.#runBatch(batch);
      }
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) {
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    }
  }

  async #runBatch(batch: Pending[]): Promise<void> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await this.writer.transaction().execute(async (trx) => {
        if (batch.length === 1) {
          // Alone: the transaction itself isolates the unit.
          try {
            outcomes.push({ ok: true, value: await batch[0]!.fn(trx) });
          } catch (error) {
            outcomes.push({ ok: false, error });
            throw new UnitFailed();
          }
          return;
        }
        for (const unit of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await unit.fn(trx);
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
      if (!(err instanceof UnitFailed)) {
        // The commit itself failed: nothing of this batch is durable.
        for (const unit of batch) unit.reject(err);
        return;
      }
    }
    if (outcomes.some((o) => o.ok)) {
      try {
        await this.durable();
      } catch (err) {
        // Committed but not known to be on disk: no unit of the batch may be acknowledged.
        for (const unit of batch) unit.reject(err);
        return;
      }
    }
    batch.forEach((unit, i) => {
      const o = outcomes[i]!;
      if (o.ok) unit.resolve(o.value);
      else unit.reject(o.error);
    });
  }
}

class UnitFailed extends Error {}

// Compiled once: these run around every unit of a batch.
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT unit');
const RELEASE = CompiledQuery.raw('RELEASE unit');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO unit');
