/**
 * Fixed-window counters: how many times each key was counted in the current window. One Map for the
 * window, cleared when the next window starts, so memory is bounded by the keys of one window and a
 * count costs a Map get and set. A burst may reach twice the limit across a window boundary; that is
 * the price of O(1) and no timers (docs/decisions/0802).
 *
 * With `carryOver` (the per-credential request limit, docs/decisions/0815 amended) each key has a token
 * bucket of BURST_WINDOWS limits, refilled by one limit at the start of each window: a key may count in
 * a window what its bucket holds then. A quiet client may send a burst of up to three times the limit;
 * a client that keeps sending gets the limit per window, and over any stretch of windows a key counts
 * at most the limit per window plus one bucket. Only keys whose bucket is not full are kept.
 *
 * With several nodes (docs/decisions/0808) the counter also knows what the other nodes counted, as the
 * shared store last answered: `drain` hands over this node's counts not yet shared, `learn` takes the
 * summed count back. The request path still only reads Maps; the store is someone else's business.
 */
/** A quiet credential's burst, in limits (docs/decisions/0815 amended): a bucket of three windows' requests. */
export const BURST_WINDOWS = 3;

export class WindowCounter {
  #window = Number.NaN;
  /** this node's counts in the window */
  #counts = new Map<string, number>();
  /** the other nodes' counts in the window, as last learnt (shared mode only) */
  #others = new Map<string, number>();
  /** the part of `#counts` already handed over by `drain` (shared mode only) */
  #sent = new Map<string, number>();
  /** with carryOver: what each key's bucket held at the start of this window, for keys whose bucket is not full */
  #buckets = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** milliseconds, monotonic; epoch-based when the windows are shared, so that nodes agree on them */
    private readonly now: () => number,
    /** a token bucket per key of BURST_WINDOWS limits, refilled by the limit each window (docs/decisions/0815) */
    readonly carryOver = false,
  ) {}

  /** the bucket's size: a quiet key's allowance */
  get #capacity(): number {
    return BURST_WINDOWS * this.limit;
  }

  #roll(t: number): number {
    const w = Math.floor(t / this.windowMs);
    if (w !== this.#window) {
      if (this.carryOver) this.#refill(w);
      this.#window = w;
      this.#counts.clear();
      this.#others.clear();
      this.#sent.clear();
    }
    return w;
  }

  #total(key: string, own: number): number {
    return this.#others.size === 0 ? own : own + (this.#others.get(key) ?? 0);
  }

  /**
   * Moves the buckets from the window ending to window `w`: each keeps what the window left of it, plus
   * one limit per window passed, up to the capacity; a full bucket is forgotten (absent means full).
   */
  #refill(w: number): void {
    const passed = Number.isNaN(this.#window) ? Infinity : w - this.#window;
    const next = new Map<string, number>();
    const keep = (key: string) => {
      if (next.has(key)) return;
      const left = Math.max(0, this.#allowance(key) - this.#total(key, this.#counts.get(key) ?? 0));
      const held = left + passed * this.limit;
      if (held < this.#capacity) next.set(key, held);
    };
    for (const key of this.#buckets.keys()) keep(key);
    for (const key of this.#counts.keys()) keep(key);
    for (const key of this.#others.keys()) keep(key);
    this.#buckets = next;
  }

  /** What `key` may count in the current window: the limit, or with carryOver what its bucket holds. */
  #allowance(key: string): number {
    if (!this.carryOver) return this.limit;
    return this.#buckets.get(key) ?? this.#capacity;
  }

  /** Counts one for `key`; 0 while within the limit, else the milliseconds until the window ends. */
  hit(key: string): number {
    const t = this.now();
    const w = this.#roll(t);
    const n = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, n);
    return this.#total(key, n) > this.#allowance(key) ? (w + 1) * this.windowMs - t : 0;
  }

  /** Like `hit` without counting: the milliseconds `key` must wait, or 0. */
  waitFor(key: string): number {
    const t = this.now();
    const w = this.#roll(t);
    if (this.#counts.size === 0 && this.#others.size === 0) return 0;
    return this.#total(key, this.#counts.get(key) ?? 0) >= this.#allowance(key) ? (w + 1) * this.windowMs - t : 0;
  }

  /** Shared mode: the current window's start and this node's counts not yet handed over (now marked so). */
  drain(): { windowStart: number; counts: [string, number][] } {
    const w = this.#roll(this.now());
    const counts: [string, number][] = [];
    for (const [key, n] of this.#counts) {
      const sent = this.#sent.get(key) ?? 0;
      if (n > sent) {
        counts.push([key, n - sent]);
        this.#sent.set(key, n);
      }
    }
    return { windowStart: w * this.windowMs, counts };
  }

  /** Shared mode: counts `drain` handed over that did not reach the store are unsent again. */
  undrain(windowStart: number, counts: [string, number][]): void {
    if (windowStart !== this.#window * this.windowMs) return;
    for (const [key, n] of counts) this.#sent.set(key, (this.#sent.get(key) ?? 0) - n);
  }

  /** Shared mode: the store's sum for `key` in a window; what this node did not count, others did. */
  learn(windowStart: number, key: string, sum: number): void {
    if (windowStart !== this.#window * this.windowMs) return;
    const others = sum - (this.#sent.get(key) ?? 0);
    if (others > 0) this.#others.set(key, others);
  }
}
