import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock, MerchantClock } from './clock.js';

/**
 * The merchant in whose scope code runs, for the test clocks (docs/decisions/0940). A request binds a
 * scope whose merchant is read lazily, from what its interface's authentication found; the due-charge
 * runner of an advance binds one merchant. Outside any scope the clock is the base clock.
 *
 * The scope is bound only while some merchant's clock runs ahead (or an acquirer fault is set, which
 * is read from the same settings): a sandbox nobody moves, and production mode, never pay for it.
 */
export interface MerchantScope {
  /** the merchant of this scope, when known yet */
  merchantId(): string | undefined;
}

const scopes = new AsyncLocalStorage<MerchantScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function inMerchantScope<T>(scope: MerchantScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** Runs `fn` as `merchantId`: its `now()` is that merchant's clock. */
export function asMerchant<T>(merchantId: string, fn: () => T): T {
  return scopes.run({ merchantId: () => merchantId }, fn);
}

/** The merchant of the current scope, if any. */
export function scopedMerchantId(): string | undefined {
  return scopes.getStore()?.merchantId();
}

/** What the merchant clock reads its offsets from: a snapshot replaced as a whole on each refresh. */
export interface ClockOffsets {
  current(): ReadonlyMap<string, number>;
}

/** The runtime's clock in sandbox mode: `base` plus the offset of the scope's merchant. */
export function merchantClock(base: Clock, offsets: ClockOffsets): MerchantClock {
  const of = (merchantId: string | null | undefined): number => {
    const t = base.now();
    if (!merchantId) return t;
    return t + (offsets.current().get(merchantId) ?? 0);
  };
  return {
    now() {
      const ahead = offsets.current();
      // the hot path: nobody's clock is ahead, no scope is read
      if (ahead.size === 0) return base.now();
      return of(scopedMerchantId());
    },
    real: () => base.now(),
    of,
    ahead: () => offsets.current(),
  };
}
