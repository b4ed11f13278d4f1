/**
 * Fixed-window counters: how many times each key was counted in the current window. One Map for the
 * window, cleared when the next window starts, so memory is bounded by the keys of one window and a
 * count costs a Map get and set. A burst may reach twice the limit across a window boundary; that is
 * the price of O(1) and no timers (docs/decisions/0802).
 *
 * With `carryOver` (the per-credential request limit, docs/decisions/0815) a key may also use, once, the
 * part of the limit it left unused in the window just before: a client that was quiet may send a burst
 * of up to twice the limit, while its rate over any two windows stays within three times the limit and
 * its average within the limit. A key over the limit in one window gets no credit in the next.
 *
 * With several nodes (docs/decisions/0808) the counter also knows what the other nodes counted, as the
 * shared store last answered: `drain` hands over this node's counts not yet shared, `learn` takes the
 * summed count back. The request path still only reads Maps; the store is someone else's business.
 */
export class WindowCounter {
  #window = Number.NaN;
  /** this node's counts in the window */
  #counts = new Map<string, number>();
  /** the other nodes' counts in the window, as last learnt (shared mode only) */
  #others = new Map<string, number>();
  /** the part of `#counts` already handed over by `drain` (shared mode only) */
  #sent = new Map<string, number>();
  /** with carryOver: each key's total (this node's and the others') in the window just before */
  #previous = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** milliseconds, monotonic; epoch-based when the windows are shared, so that nodes agree on them */
    private readonly now: () => number,
    /** a key may use, once, what it left of the limit in the window before (docs/decisions/0815) */
    readonly carryOver = false,
  ) {}

  #roll(t: number): number {
    const w = Math.floor(t / this.windowMs);
    if (w !== this.#window) {
      if (this.carryOver) {
        const next = new Map<string, number>();
        if (w === this.#window + 1) for (const [key, n] of this.#counts) next.set(key, this.#total(key, n));
        if (w === this.#window + 1) for (const [key, n] of this.#others) if (!next.has(key)) next.set(key, n);
        this.#previous = next;
      }
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

  /** What `key` may count in the current window: the limit, plus with carryOver what it left unused before. */
  #allowance(key: string): number {
    if (!this.carryOver) return this.limit;
    return this.limit + Math.max(0, this.limit - (this.#previous.get(key) ?? 0));
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
