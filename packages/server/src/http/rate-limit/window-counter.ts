/**
 * Fixed-window counters: how many times each key was counted in the current window. One Map for the
 * window, cleared when the next window starts, so memory is bounded by the keys of one window and a
 * count costs a Map get and set. A burst may reach twice the limit across a window boundary; that is
 * the price of O(1) and no timers (docs/decisions/0802).
 */
export class WindowCounter {
  #window = Number.NaN;
  #counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** monotonic milliseconds */
    private readonly now: () => number,
  ) {}

  #roll(t: number): number {
    const w = Math.floor(t / this.windowMs);
    if (w !== this.#window) {
      this.#window = w;
      this.#counts.clear();
    }
    return w;
  }

  /** Counts one for `key`; 0 while within the limit, else the milliseconds until the window ends. */
  hit(key: string): number {
    const t = this.now();
    const w = this.#roll(t);
    const n = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, n);
    return n > this.limit ? (w + 1) * this.windowMs - t : 0;
  }

  /** Like `hit` without counting: the milliseconds `key` must wait, or 0. */
  waitFor(key: string): number {
    const t = this.now();
    const w = this.#roll(t);
    if (this.#counts.size === 0) return 0;
    return (this.#counts.get(key) ?? 0) >= this.limit ? (w + 1) * this.windowMs - t : 0;
  }
}
