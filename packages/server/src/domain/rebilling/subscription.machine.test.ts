import { describe, expect, it } from 'vitest';
import type { Subscription } from './ports.js';
import {
  addPeriod,
  afterCharge,
  cancelled,
  cycleDueAt,
  firstSchedule,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from './subscription.machine.js';

const at = (iso: string) => Date.parse(iso);
const P = (day: string, month: string, year: string) => ({ day, month, year });
const MONTHLY = P('0', '1', '0');

function sub(over: Partial<Subscription> = {}): Subscription {
  const startAt = at('2026-01-31T10:00:00Z');
  const base = { startAt, endAt: addPeriod(startAt, P('0', '3', '0')), recurringPeriod: MONTHLY, initialAmount: 500 };
  return {
    id: '1',
    merchantId: 'm',
    siteId: 's',
    planId: 'p',
    userTokenId: 'u',
    userPaymentOptionId: '9',
    currency: 'EUR',
    recurringAmount: 999,
    ...base,
    ...firstSchedule(base),
    createdAt: startAt,
    updatedAt: startAt,
    ...over,
  };
}

describe('subscription schedule', () => {
  it('adds periods on the UTC calendar, a month after the 31st being the month’s last day', () => {
    expect(new Date(addPeriod(at('2026-01-31T10:00:00Z'), MONTHLY)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addPeriod(at('2026-01-31T10:00:00Z'), MONTHLY, 3)).toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(new Date(addPeriod(at('2028-02-29T00:00:00Z'), P('0', '0', '1'))).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(new Date(addPeriod(at('2026-12-25T08:30:00Z'), P('7', '0', '0'), 2)).toISOString()).toBe(
      '2027-01-08T08:30:00.000Z',
    );
  });

  it('starts at cycle 0, or at cycle 1 one period later when the initial amount is 0', () => {
    const s = sub();
    expect(firstSchedule(s)).toEqual({ status: 'ACTIVE', nextCycle: 0, nextAttempt: 1, nextChargeAt: s.startAt });
    expect(firstSchedule({ ...s, initialAmount: 0 })).toMatchObject({ nextCycle: 1, nextChargeAt: cycleDueAt(s, 1) });
  });

  it('moves to the next cycle after an approval, and completes when the next would fall at or after the end', () => {
    let s = sub();
    const seen: number[] = [];
    while (s.status === 'ACTIVE') {
      seen.push(s.nextCycle);
      s = { ...s, ...afterCharge(s, true) };
    }
    expect(seen).toEqual([0, 1, 2]);
    expect(s).toMatchObject({ status: 'COMPLETED', nextChargeAt: null });
  });

  it('retries a failed cycle after 1 and 3 days, then marks the subscription FAILED', () => {
    let s = sub();
    const due = s.nextChargeAt!;
    s = { ...s, ...afterCharge(s, false) };
    expect(s).toMatchObject({ status: 'ACTIVE', nextCycle: 0, nextAttempt: 2, nextChargeAt: due + RETRY_DELAYS_MS[0] });
    s = { ...s, ...afterCharge(s, false) };
    expect(s).toMatchObject({ nextAttempt: 3, nextChargeAt: due + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] });
    expect(MAX_ATTEMPTS).toBe(3);
    // a retry that succeeds goes on with the next cycle on its own schedule
    expect(afterCharge(s, true)).toMatchObject({
      status: 'ACTIVE',
      nextCycle: 1,
      nextAttempt: 1,
      nextChargeAt: cycleDueAt(s, 1),
    });
    expect(afterCharge(s, false)).toMatchObject({ status: 'FAILED', nextChargeAt: null });
  });

  it('cancels only an ACTIVE subscription; an outcome after cancelling leaves it cancelled', () => {
    const s = { ...sub(), ...cancelled(sub()) };
    expect(s).toMatchObject({ status: 'CANCELED', nextChargeAt: null });
    expect(() => cancelled(s)).toThrow('[subscriptionId] is CANCELED, not ACTIVE');
    expect(afterCharge(s, true)).toMatchObject({ status: 'CANCELED', nextChargeAt: null });
  });
});
