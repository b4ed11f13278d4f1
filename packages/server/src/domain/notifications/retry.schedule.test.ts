import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  DMN_RETRY_DELAYS_MS,
  maxAttempts,
  nextRetryDelay,
  WEBHOOK_RETRY_DELAYS_MS,
} from './retry.schedule.js';

const MIN = 60_000;
const H = 60 * MIN;

describe('retry schedules (docs/notifications.md)', () => {
  it('retries a webhook after 1 min, 5 min x2, 10 min x5, 1 h x5, 6 h x3', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      MIN,
      5 * MIN,
      5 * MIN,
      ...Array(5).fill(10 * MIN),
      ...Array(5).fill(H),
      6 * H,
      6 * H,
      6 * H,
    ]);
    expect(maxAttempts('webhook')).toBe(17);
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBe(24 * H + MIN); // about a day
  });

  it('retries a DMN every 15 minutes for 24 hours', () => {
    expect(DMN_RETRY_DELAYS_MS.every((d) => d === 15 * MIN)).toBe(true);
    expect(DMN_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(24 * H);
    expect(maxAttempts('dmn')).toBe(97);
  });

  it('names the wait after the n-th failure and ends when the schedule is exhausted', () => {
    expect(nextRetryDelay('webhook', 1)).toBe(MIN);
    expect(nextRetryDelay('webhook', 3)).toBe(5 * MIN);
    expect(nextRetryDelay('webhook', 16)).toBe(6 * H);
    expect(nextRetryDelay('webhook', 17)).toBeUndefined();
    expect(nextRetryDelay('dmn', 96)).toBe(15 * MIN);
    expect(nextRetryDelay('dmn', 97)).toBeUndefined();
    expect(() => nextRetryDelay('dmn', 0)).toThrow(RangeError);
  });

  it('turns a failure into the next run time or the end', () => {
    expect(afterFailure('webhook', 2, 1000)).toEqual({ status: 'pending', runAt: 1000 + 5 * MIN });
    expect(afterFailure('webhook', 17, 1000)).toEqual({ status: 'failed' });
  });
});
