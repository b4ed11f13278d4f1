import { describe, expect, it } from 'vitest';
import { decideOrder, holdsAmount, wireOrderStatusOf, type WithdrawalOrderAction } from './order.machine.js';
import type { WithdrawalOrderStatus } from './order.types.js';
import { decideWithdrawal } from './withdrawal.machine.js';
import type { Minor } from '../../lib/money.js';

/** The withdrawal order state machine, and the request moves orders imply (docs/decisions/0130). */

const STATUSES: WithdrawalOrderStatus[] = ['Approved', 'Processing', 'Settled', 'Deleted', 'Error'];
const ACTIONS: WithdrawalOrderAction[] = ['settle', 'payoutApproved', 'payoutFailed', 'delete', 'update'];
const ALLOWED: Record<string, WithdrawalOrderStatus> = {
  'Approved settle': 'Processing',
  'Processing payoutApproved': 'Settled',
  'Processing payoutFailed': 'Error',
  'Approved delete': 'Deleted',
  'Approved update': 'Approved',
};

describe('withdrawal order machine', () => {
  const cases = STATUSES.flatMap((s) => ACTIONS.map((a) => [s, a] as const));
  it.each(cases)('%s --%s-->', (status, action) => {
    const d = decideOrder({ id: '7', status }, action);
    const expected = ALLOWED[`${status} ${action}`];
    if (expected) expect(d).toEqual({ ok: true, next: expected });
    else {
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.reason).toContain(`withdrawal order 7 in status ${wireOrderStatusOf(status)}`);
    }
  });

  it('Processing reads Approved on the wire; placed, processing and settled orders hold their amount', () => {
    expect(wireOrderStatusOf('Processing')).toBe('Approved');
    expect(STATUSES.filter(holdsAmount)).toEqual(['Approved', 'Processing', 'Settled']);
  });
});

describe('withdrawal request moves with orders', () => {
  const w = (status: Parameters<typeof decideWithdrawal>[0]['status']) => ({ id: '3', status, amount: 2500 as Minor });
  it('seal and place move Pending or InProgress to InProgress, and nothing else', () => {
    for (const a of ['seal', 'place'] as const) {
      expect(decideWithdrawal(w('Pending'), a)).toEqual({ ok: true, next: 'InProgress' });
      expect(decideWithdrawal(w('InProgress'), a)).toEqual({ ok: true, next: 'InProgress' });
      for (const s of ['Processing', 'Approved', 'Declined', 'Canceled', 'Partially Approved', 'Error'] as const) {
        expect(decideWithdrawal(w(s), a).ok).toBe(false);
      }
    }
  });
  it('an InProgress request can be cancelled or declined; with money settled only declined, as Partially Approved', () => {
    expect(decideWithdrawal(w('InProgress'), 'cancel', 0 as Minor)).toEqual({ ok: true, next: 'Canceled' });
    expect(decideWithdrawal(w('InProgress'), 'decline', 0 as Minor)).toEqual({ ok: true, next: 'Declined' });
    expect(decideWithdrawal(w('InProgress'), 'cancel', 100 as Minor).ok).toBe(false);
    expect(decideWithdrawal(w('InProgress'), 'decline', 100 as Minor)).toEqual({
      ok: true,
      next: 'Partially Approved',
    });
  });
  it('complete moves only InProgress to Approved; approve (an order, nothing paid) moves Pending or InProgress to InProgress', () => {
    expect(decideWithdrawal(w('InProgress'), 'complete')).toEqual({ ok: true, next: 'Approved' });
    expect(decideWithdrawal(w('Pending'), 'complete').ok).toBe(false);
    expect(decideWithdrawal(w('Pending'), 'approve', 2500 as Minor)).toEqual({ ok: true, next: 'InProgress' });
    expect(decideWithdrawal(w('InProgress'), 'approve', 2500 as Minor)).toEqual({ ok: true, next: 'InProgress' });
  });
});
