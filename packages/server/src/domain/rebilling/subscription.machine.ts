import { Invalid } from '../errors.js';
import type { Period, Subscription } from './ports.js';

/**
 * The schedule of a subscription as pure functions of its state and an instant (docs/decisions/0124,
 * 0125): no clock, no storage. Cycle 0 charges the initial amount at `startAt` (skipped when it is 0,
 * a free trial), cycle k ≥ 1 the recurring amount k recurring periods later; no cycle falls due at or
 * after `endAt`, and the subscription is then COMPLETED. A failed attempt is retried RETRY_DELAYS_MS
 * after the attempt's due time; after MAX_ATTEMPTS failures of one cycle the subscription is FAILED.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** the waits before attempts 2 and 3 of a cycle */
export const RETRY_DELAYS_MS = [1 * DAY_MS, 3 * DAY_MS] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export type Schedule = Pick<Subscription, 'status' | 'nextCycle' | 'nextAttempt' | 'nextChargeAt'>;

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `ms` plus `times` periods, on the UTC calendar: a month later on the 31st is the month's last day. */
export function addPeriod(ms: number, p: Period, times = 1): number {
  const d = new Date(ms);
  const months = d.getUTCMonth() + times * (Number(p.month) + 12 * Number(p.year));
  const year = d.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = Math.min(d.getUTCDate(), lastDayOf(year, month));
  const moved = Date.UTC(
    year,
    month,
    day,
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
  return moved + times * Number(p.day) * DAY_MS;
}

export const isZeroPeriod = (p: Period) => Number(p.day) + Number(p.month) + Number(p.year) === 0;

type Timing = Pick<Subscription, 'startAt' | 'endAt' | 'recurringPeriod'>;

/** When `cycle` falls due. */
export const cycleDueAt = (s: Timing, cycle: number) => addPeriod(s.startAt, s.recurringPeriod, cycle);

/** The amount `cycle` charges. */
export const cycleAmount = (s: Pick<Subscription, 'initialAmount' | 'recurringAmount'>, cycle: number) =>
  cycle === 0 ? s.initialAmount : s.recurringAmount;

/** The schedule standing at `cycle`, attempt 1: COMPLETED when that cycle falls at or after the end. */
function at(s: Timing, cycle: number): Schedule {
  const due = cycleDueAt(s, cycle);
  return due >= s.endAt
    ? { status: 'COMPLETED', nextCycle: cycle, nextAttempt: 1, nextChargeAt: null }
    : { status: 'ACTIVE', nextCycle: cycle, nextAttempt: 1, nextChargeAt: due };
}

/** A new subscription's schedule: cycle 0, or cycle 1 when the initial amount is 0. */
export function firstSchedule(s: Timing & Pick<Subscription, 'initialAmount'>): Schedule {
  return at(s, s.initialAmount === 0 ? 1 : 0);
}

/** Is a charge due at `instant`? */
export const isDue = (s: Schedule, instant: number) =>
  s.status === 'ACTIVE' && s.nextChargeAt !== null && s.nextChargeAt <= instant;

/**
 * The schedule after the pending attempt of the current cycle ended. A subscription no longer ACTIVE
 * (cancelled meanwhile) keeps its state.
 */
export function afterCharge(s: Subscription, approved: boolean): Schedule {
  const current: Schedule = {
    status: s.status,
    nextCycle: s.nextCycle,
    nextAttempt: s.nextAttempt,
    nextChargeAt: s.nextChargeAt,
  };
  if (s.status !== 'ACTIVE' || s.nextChargeAt === null) return current;
  if (approved) return at(s, s.nextCycle + 1);
  if (s.nextAttempt >= MAX_ATTEMPTS) return { ...current, status: 'FAILED', nextChargeAt: null };
  return {
    ...current,
    nextAttempt: s.nextAttempt + 1,
    nextChargeAt: s.nextChargeAt + RETRY_DELAYS_MS[s.nextAttempt - 1]!,
  };
}

/** cancelSubscription: an ACTIVE subscription stops charging; any other state is refused (1000). */
export function cancelled(s: Subscription): Schedule {
  if (s.status !== 'ACTIVE') throw new Invalid('subscriptionId', `is ${s.status}, not ACTIVE`, 'reference');
  return { status: 'CANCELED', nextCycle: s.nextCycle, nextAttempt: s.nextAttempt, nextChargeAt: null };
}
