import type { Store } from './db.js';
import { listClocks, listFaults, type SiteFault } from './sandbox.repo.js';

/** How often an instance reads the sandbox settings again: what another instance (or the CLI) changed shows within it. */
export const SANDBOX_REFRESH_MS = 1_000;

/**
 * The sandbox settings of one process (docs/decisions/0940): every merchant's clock offset and every
 * site's acquirer fault, read from the store at start and then every second (two reads of tiny
 * tables), and at once after this process changes one. Readers get a snapshot replaced as a whole,
 * so `now()` on the hot path is a map lookup and no store read.
 */
export class SandboxSettings {
  readonly #store: Store;
  #offsets: ReadonlyMap<string, number> = new Map();
  #faults: ReadonlyMap<string, SiteFault> = new Map();
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<void> | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /** merchant → offset (ms) of every clock ahead */
  current(): ReadonlyMap<string, number> {
    return this.#offsets;
  }

  /** site → fault, for every site with one */
  faults(): ReadonlyMap<string, SiteFault> {
    return this.#faults;
  }

  /** Reads the settings again (one read at a time; a caller during one waits for the next). */
  async refresh(): Promise<void> {
    const running = this.#refreshing;
    if (running) await running.catch(() => undefined); // expected: the running read's failure is its own caller's
    const next = this.#read();
    this.#refreshing = next;
    try {
      await next;
    } finally {
      if (this.#refreshing === next) this.#refreshing = undefined;
    }
  }

  async #read(): Promise<void> {
    const [clocks, faults] = await Promise.all([listClocks(this.#store.db), listFaults(this.#store.db)]);
    this.#offsets = new Map(clocks.filter((c) => c.offsetMs > 0).map((c) => [c.merchantId, c.offsetMs]));
    this.#faults = new Map(faults.map((f) => [f.siteId, f]));
  }

  /** Refreshes every `SANDBOX_REFRESH_MS` until `stop()`; a failed read keeps the last snapshot. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.refresh().catch(() => undefined), SANDBOX_REFRESH_MS).unref(); // expected: a failed read keeps the last snapshot; the store's failure shows on /ready and the request paths
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
