import type { ApiKeyRecord, MerchantRepo } from '../domain/merchants/ports.js';

/**
 * API-key records are read on every authenticated request. They are kept here for a short time
 * (monotonic clock, not the domain clock: this is a cache, not a business rule). A revocation through
 * this process clears its entry at once; one made on another node takes effect within `ttlMs`.
 */
export class KeyCache {
  readonly #entries = new Map<string, { key: ApiKeyRecord | undefined; until: number }>();
  /** bumped by every `forget`: a load that began before it must not fill the cache */
  #epoch = 0;
  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The record of `id` when memory holds a fresh answer, without a promise: `null` when that answer
   * is that no such key exists, `undefined` when only the store can tell.
   */
  peek(id: string): ApiKeyRecord | null | undefined {
    const hit = this.#entries.get(id);
    if (hit === undefined || hit.until <= performance.now()) return undefined;
    return hit.key ?? null;
  }

  async get(id: string, load: (id: string) => Promise<ApiKeyRecord | undefined>): Promise<ApiKeyRecord | undefined> {
    const hit = this.peek(id);
    if (hit !== undefined) return hit ?? undefined;
    const now = performance.now();
    const epoch = this.#epoch;
    const key = await load(id);
    if (epoch !== this.#epoch) return key;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(id, { key, until: now + this.ttlMs });
    return key;
  }

  forget(id: string): void {
    this.#epoch++;
    this.#entries.delete(id);
  }
}

/** The repository with `findApiKey` served through the cache, and `apiKeyAtHand` answering from it. */
export function cachedKeys(repo: MerchantRepo, cache: KeyCache): MerchantRepo {
  return {
    ...repo,
    findApiKey: (id) => cache.get(id, (k) => repo.findApiKey(k)),
    apiKeyAtHand: (id) => cache.peek(id),
  };
}

/**
 * The repository of a write unit: `revokeApiKey` notes the key, and the caller forgets it once the
 * revocation is committed (and again at the start, so no read in between refills the cache).
 */
export function noteRevocations(repo: MerchantRepo, cache: KeyCache, revoked: string[]): MerchantRepo {
  return {
    ...repo,
    revokeApiKey: async (id, at) => {
      cache.forget(id);
      revoked.push(id);
      return repo.revokeApiKey(id, at);
    },
  };
}
