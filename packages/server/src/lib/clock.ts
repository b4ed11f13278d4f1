import { formatDuration } from './duration.js';

/**
 * The one seam for the current time. Nothing else in the code base calls `Date.now()` or
 * `new Date()` without arguments: services receive a `Clock`, tests move it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved; for tests and simulations. */
export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(startMs: number): ManualClock {
  let t = startMs;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/**
 * The clock of a sandbox with test clocks (docs/decisions/0940): every merchant's time is the real
 * time plus that merchant's offset, which only `gatehouse clock advance` (or its admin route) moves.
 * `now()` is the time of the merchant in whose scope the code runs (`lib/clock-context.ts`); code that
 * works on a merchant's rows outside such a scope (the relay) asks `of(merchantId)`.
 */
export interface MerchantClock extends Clock {
  /** the base time, whatever the scope (signature timestamps, leases of shared work) */
  real(): number;
  /** the time of `merchantId`'s clock; the base time for none */
  of(merchantId: string | null | undefined): number;
  /** the merchants whose clock runs ahead of the base time, with by how many milliseconds */
  ahead(): ReadonlyMap<string, number>;
}

const NONE_AHEAD: ReadonlyMap<string, number> = new Map();

export function isMerchantClock(clock: Clock): clock is MerchantClock {
  return typeof (clock as Partial<MerchantClock>).ahead === 'function';
}

/** The time of `merchantId`'s clock; `clock.now()` for a clock without test clocks. */
export function nowOf(clock: Clock, merchantId: string | null | undefined): number {
  return isMerchantClock(clock) ? clock.of(merchantId) : clock.now();
}

/** The merchants whose clock runs ahead; none for a clock without test clocks. */
export function aheadOf(clock: Clock): ReadonlyMap<string, number> {
  return isMerchantClock(clock) ? clock.ahead() : NONE_AHEAD;
}

/** The base time, whatever merchant's scope the code runs in. */
export function realNow(clock: Clock): number {
  return isMerchantClock(clock) ? clock.real() : clock.now();
}

/** A merchant's test clock as the admin API and the CLI show it (docs/decisions/0940). */
export interface ClockView {
  merchantId: string;
  now: string;
  realNow: string;
  offsetMs: number;
  offset: string;
}

/** `merchantId`'s clock from one reading of the base clock: two readings could differ by a millisecond. */
export function clockView(clock: Clock, merchantId: string): ClockView {
  const real = realNow(clock);
  const offsetMs = aheadOf(clock).get(merchantId) ?? 0;
  return {
    merchantId,
    now: new Date(real + offsetMs).toISOString(),
    realNow: new Date(real).toISOString(),
    offsetMs,
    offset: formatDuration(offsetMs),
  };
}
