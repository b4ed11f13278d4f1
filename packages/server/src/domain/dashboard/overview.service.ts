import { nowOf } from '../../lib/clock.js';
import type { DomainDeps } from '../ports.js';
import type { OverviewRow } from './ports.js';

/**
 * The overview of the control panel (docs/dashboard.md, docs/decisions/1030): a merchant's payments
 * over the last day (24 hourly buckets), week (7 daily) or month (30 daily), in UTC buckets ending with
 * the one holding now. Per bucket: the approved volume per currency, the approval rate (approved over
 * approved, declined and errors; pending payments are not counted yet) and the declines per reason.
 */

export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHAPE: Record<Period, { bucketMs: number; buckets: number }> = {
  day: { bucketMs: HOUR, buckets: 24 },
  week: { bucketMs: DAY, buckets: 7 },
  month: { bucketMs: DAY, buckets: 30 },
};

/** What counts as a payment (money asked of a payer): not the follow-ups, 3-D Secure steps or payouts. */
export const PAYMENT_TYPES = ['Sale', 'Auth', 'PreAuth', 'Sale3D'] as const;

/** the reason of a decline that names none */
export const NO_REASON = 'Declined';

export interface Money {
  currency: string;
  /** minor units */
  minor: number;
}

export interface OverviewBucket {
  start: number;
  attempts: number;
  approved: number;
  declined: number;
  errors: number;
  /** approved / attempts; null without attempts */
  approvalRate: number | null;
  volume: Money[];
  declines: Array<{ reason: string; count: number }>;
}

export interface Overview {
  period: Period;
  bucketMs: number;
  from: number;
  to: number;
  buckets: OverviewBucket[];
  totals: Omit<OverviewBucket, 'start'>;
}

/** The window of `period` at `now`: its first bucket's start and its buckets. */
export function windowOf(period: Period, now: number): { from: number; bucketMs: number; buckets: number } {
  const { bucketMs, buckets } = SHAPE[period];
  const current = Math.floor(now / bucketMs) * bucketMs;
  return { from: current - (buckets - 1) * bucketMs, bucketMs, buckets };
}

export async function merchantOverview(deps: DomainDeps, merchantId: string, period: Period): Promise<Overview> {
  const w = windowOf(period, nowOf(deps.clock, merchantId));
  const rows = await deps.storage.read.dashboard.overview({ merchantId, ...w, types: PAYMENT_TYPES });
  return summarise(period, w, rows);
}

/** Folds the grouped rows into buckets and totals. */
export function summarise(
  period: Period,
  w: { from: number; bucketMs: number; buckets: number },
  rows: OverviewRow[],
): Overview {
  const groups: OverviewRow[][] = Array.from({ length: w.buckets }, () => []);
  for (const r of rows) if (r.bucket >= 0 && r.bucket < w.buckets) groups[r.bucket]!.push(r);
  const buckets = groups.map((g, i) => ({ start: w.from + i * w.bucketMs, ...tally(g) }));
  return {
    period,
    bucketMs: w.bucketMs,
    from: w.from,
    to: w.from + w.buckets * w.bucketMs,
    buckets,
    totals: tally(rows),
  };
}

function tally(rows: OverviewRow[]): Omit<OverviewBucket, 'start'> {
  let approved = 0;
  let declined = 0;
  let errors = 0;
  const volume = new Map<string, number>();
  const reasons = new Map<string, number>();
  for (const r of rows) {
    if (r.status === 'approved') {
      approved += r.count;
      volume.set(r.currency, (volume.get(r.currency) ?? 0) + r.amount);
    } else if (r.status === 'declined') {
      declined += r.count;
      const reason = r.reason ?? NO_REASON;
      reasons.set(reason, (reasons.get(reason) ?? 0) + r.count);
    } else errors += r.count;
  }
  const attempts = approved + declined + errors;
  return {
    attempts,
    approved,
    declined,
    errors,
    approvalRate: attempts === 0 ? null : approved / attempts,
    volume: [...volume].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => ({ currency, minor })),
    declines: [...reasons]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([reason, count]) => ({ reason, count })),
  };
}
