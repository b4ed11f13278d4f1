import type { NotificationKind } from './notification.types.js';

/** Retry schedules of docs/notifications.md, as data and pure functions. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const times = (n: number, ms: number) => Array.from({ length: n }, () => ms);

/** Webhooks: after 1 min, 5 min ×2, 10 min ×5, 1 h ×5, 6 h ×3 (16 retries, about 24 h). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  MINUTE,
  ...times(2, 5 * MINUTE),
  ...times(5, 10 * MINUTE),
  ...times(5, HOUR),
  ...times(3, 6 * HOUR),
]);

/** DMNs: every 15 minutes for 24 hours (96 retries). */
export const DMN_RETRY_DELAYS_MS: readonly number[] = Object.freeze(times(96, 15 * MINUTE));

/** Platform e-mails (SMTP down or 4xx): 1, 5, 15, 30 min, 1 h ×6, 6 h ×3 (about 25 h); a 5xx is final at once. */
export const EMAIL_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  ...times(6, HOUR),
  ...times(3, 6 * HOUR),
]);

export function retryDelays(kind: NotificationKind): readonly number[] {
  if (kind === 'email') return EMAIL_RETRY_DELAYS_MS;
  return kind === 'webhook' ? WEBHOOK_RETRY_DELAYS_MS : DMN_RETRY_DELAYS_MS;
}

/** Attempts a notification gets under one schedule: the first one and every retry. */
export function maxAttempts(kind: NotificationKind): number {
  return retryDelays(kind).length + 1;
}

/**
 * The wait before the next attempt after `failedAttempts` consecutive failures of the current
 * schedule (1 after the first attempt failed), or `undefined` when the schedule is exhausted.
 */
export function nextRetryDelay(kind: NotificationKind, failedAttempts: number): number | undefined {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1)
    throw new RangeError(`failedAttempts must be >= 1, got ${failedAttempts}`);
  return retryDelays(kind)[failedAttempts - 1];
}

/** What follows a failed attempt: another attempt at `runAt`, or the end (`failed`). */
export function afterFailure(
  kind: NotificationKind,
  failedAttempts: number,
  now: number,
): { status: 'pending'; runAt: number } | { status: 'failed' } {
  const delay = nextRetryDelay(kind, failedAttempts);
  return delay === undefined ? { status: 'failed' } : { status: 'pending', runAt: now + delay };
}
