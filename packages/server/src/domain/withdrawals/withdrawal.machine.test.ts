import { describe, expect, it } from 'vitest';
import type { Minor } from '../../lib/money.js';
import { decideWithdrawal, isOpen, stateOf, type WithdrawalAction, wireStatusOf } from './withdrawal.machine.js';
import type { WithdrawalStatus } from './withdrawal.types.js';

const ALL: WithdrawalStatus[] = [
  'Pending',
  'Processing',
  'InProgress',
  'Approved',
  'Partially Approved',
  'Declined',
  'Canceled',
  'Error',
];
const ACTIONS: WithdrawalAction[] = ['cancel', 'decline', 'approve', 'payoutApproved', 'payoutFailed'];
const w = (status: WithdrawalStatus) => ({ id: '42', status, amount: 2500 as Minor });
const m = (n: number) => n as Minor;

/**
 * Every allowed move of these actions, with the amount it is decided for; everything else is refused
 * (the moves of orders: order.machine.test.ts). Processing is only what an earlier version's one-step
 * approval left mid-payout (docs/decisions/0508).
 */
const ALLOWED: Array<[WithdrawalStatus, WithdrawalAction, number | undefined, WithdrawalStatus]> = [
  ['Pending', 'cancel', undefined, 'Canceled'],
  ['Pending', 'decline', undefined, 'Declined'],
  ['Pending', 'approve', 2500, 'InProgress'],
  ['Pending', 'approve', 1, 'InProgress'],
  ['InProgress', 'approve', 2500, 'InProgress'],
  ['InProgress', 'cancel', undefined, 'Canceled'],
  ['InProgress', 'decline', undefined, 'Declined'],
  ['Processing', 'payoutApproved', 2500, 'Approved'],
  ['Processing', 'payoutApproved', 1000, 'Partially Approved'],
  ['Processing', 'payoutFailed', undefined, 'Error'],
];

describe('withdrawal state machine', () => {
  it.each(ALLOWED)('%s --%s(%s)--> %s', (from, action, amount, to) => {
    expect(decideWithdrawal(w(from), action, amount === undefined ? undefined : m(amount))).toEqual({
      ok: true,
      next: to,
    });
  });

  const refused: Array<[WithdrawalStatus, WithdrawalAction]> = [];
  for (const from of ALL)
    for (const action of ACTIONS)
      if (!ALLOWED.some(([f, a]) => f === from && a === action)) refused.push([from, action]);

  it.each(refused)('%s refuses %s, naming the request and its status', (from, action) => {
    const d = decideWithdrawal(w(from), action, m(2500));
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.reason).toMatch(/^Cannot \w+ withdrawal request 42 in status /);
  });

  it('refuses an approval of 0, of a negative amount, of more than requested, or without an amount', () => {
    for (const amount of [0, -1, 2501, 1.5])
      expect(decideWithdrawal(w('Pending'), 'approve', m(amount)).ok).toBe(false);
    expect(decideWithdrawal(w('Pending'), 'approve')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('greater than 0'),
    });
    expect(decideWithdrawal(w('Pending'), 'approve', m(2501))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('exceeds the requested amount'),
    });
  });

  it('refuses a paid amount out of range', () => {
    expect(decideWithdrawal(w('Processing'), 'payoutApproved', m(0)).ok).toBe(false);
    expect(decideWithdrawal(w('Processing'), 'payoutApproved', m(2501)).ok).toBe(false);
  });

  it('a request being paid out cannot be cancelled or declined, and says why', () => {
    expect(decideWithdrawal(w('Processing'), 'cancel')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Pending (being paid out): its payout is in progress'),
    });
    expect(decideWithdrawal(w('Processing'), 'decline').ok).toBe(false);
  });

  it('only Pending, InProgress (and Processing, shown as Pending) are Open; every other status is Closed', () => {
    expect(ALL.filter(isOpen)).toEqual(['Pending', 'Processing', 'InProgress']);
    expect(ALL.map(stateOf)).toEqual(['Open', 'Open', 'Open', 'Closed', 'Closed', 'Closed', 'Closed', 'Closed']);
    expect(ALL.map(wireStatusOf)).toEqual([
      'Pending',
      'Pending',
      'InProgress',
      'Approved',
      'Partially Approved',
      'Declined',
      'Canceled',
      'Error',
    ]);
  });
});
