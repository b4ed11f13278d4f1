import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitWindowsRepo, SharedCount } from '../../store/rate-limit-windows.repo.js';
import type { WindowCounter } from './window-counter.js';

/** How often a node adds its counts to the shared rows and reads the sums back. */
export const SHARE_INTERVAL_MS = 100;
/** How often a node deletes the rows of past windows. */
const PRUNE_INTERVAL_MS = 10_000;

/** A counter whose counts are shared, under its scope in `rate_limit_windows`. */
export interface SharedCounter {
  scope: string;
  counter: WindowCounter;
}

/**
 * Keys at half their limit or more, whichever node counted them, are learnt by every node: a node then
 * knows a busy key before its own first request of it in the window, and the rows read stay few.
 */
const nearLimit = (limit: number) => Math.max(1, Math.floor(limit / 2));

type Port = Pick<RateLimitWindowsRepo, 'add' | 'overLimit' | 'prune'>;

/**
 * Shares the counts of several nodes through the database (docs/decisions/0808). Every ~100 ms: one
 * upsert adds this node's new counts of the current windows and answers the sums (none when nothing was
 * counted), one select answers the keys any node brought near the limit, even to an idle node that
 * will serve them next; the counters learn both. The request path never waits on this. When the database does not answer, the counts stay
 * local (sent again next time) and the limits hold on what this node knows: fail open, logged once.
 */
export class SharedCounts {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #failing = false;
  #lastPrune = 0;

  constructor(
    private readonly counters: SharedCounter[],
    private readonly store: Port,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  start(intervalMs = SHARE_INTERVAL_MS): void {
    this.#timer = setInterval(() => {
      this.#running ??= this.tick().finally(() => (this.#running = undefined));
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** One exchange with the store; never throws. */
  async tick(): Promise<void> {
    const batches = this.counters.map((c) => ({ ...c, ...c.counter.drain() }));
    let added = false;
    try {
      const sums = await this.store.add(
        batches.flatMap((b) =>
          b.counts.map(([key, count]) => ({ scope: b.scope, windowStart: b.windowStart, key, count })),
        ),
      );
      added = true;
      this.#learn(batches, sums);
      this.#learn(
        batches,
        await this.store.overLimit(
          batches.map((b) => ({ scope: b.scope, windowStart: b.windowStart, atLeast: nearLimit(b.counter.limit) })),
        ),
      );
      if (this.now() - this.#lastPrune >= PRUNE_INTERVAL_MS) {
        this.#lastPrune = this.now();
        await this.store.prune(
          batches.map((b) => ({ scope: b.scope, windowStart: b.windowStart - b.counter.windowMs })),
        );
      }
      if (this.#failing) this.log.info('rate limits: shared counts are exchanged again');
      this.#failing = false;
    } catch (err) {
      if (!added) for (const b of batches) b.counter.undrain(b.windowStart, b.counts);
      if (!this.#failing)
        this.log.warn(
          { err },
          "rate limits: the shared counts are unreachable; limiting on this node's counts until they are back",
        );
      this.#failing = true;
    }
  }

  #learn(batches: (SharedCounter & { windowStart: number })[], sums: SharedCount[]): void {
    for (const s of sums) {
      const b = batches.find((x) => x.scope === s.scope);
      b?.counter.learn(b.windowStart, s.key, s.count);
    }
  }
}
