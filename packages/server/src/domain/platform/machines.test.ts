import { describe, expect, it } from 'vitest';
import { KYC_TRANSITIONS, moveKyc } from './kyc.machine.js';
import { movePayout, PAYOUT_TRANSITIONS } from './payout.machine.js';
import { KYC_STATUSES, PAYOUT_STATUSES, SPLIT_STATUSES } from './platform.types.js';
import { moveSplit, SPLIT_TRANSITIONS } from './split.machine.js';

/** Every pair of states of each machine: the allowed moves exactly as docs/platform.md lists them. */
const ALLOWED = {
  kyc: [
    'MISSING_DATA>IN_PROGRESS',
    'IN_PROGRESS>ACTIVE',
    'IN_PROGRESS>FAILED',
    'IN_PROGRESS>REJECTED',
    'FAILED>IN_PROGRESS',
  ],
  payout: [
    'WAITING>ACCEPTED',
    'ACCEPTED>PROCESSED',
    'PROCESSED>RETURNED',
    'WAITING>CANCELLED',
    'ACCEPTED>CANCELLED',
    'ACCEPTED>FAILED',
  ],
  split: [
    'PENDING_SPLIT>PENDING_SETTLEMENT',
    'PENDING_SETTLEMENT>RECONCILED',
    'PENDING_SPLIT>CANCELLED',
    'PENDING_SETTLEMENT>CANCELLED',
  ],
};

function pairs<S extends string>(states: readonly S[]): Array<[S, S]> {
  return states.flatMap((a) => states.map((b): [S, S] => [a, b]));
}

describe.each([
  { name: 'kyc', states: KYC_STATUSES, table: KYC_TRANSITIONS, fn: moveKyc },
  { name: 'payout', states: PAYOUT_STATUSES, table: PAYOUT_TRANSITIONS, fn: movePayout },
  { name: 'split', states: SPLIT_STATUSES, table: SPLIT_TRANSITIONS, fn: moveSplit },
] as const)('the $name machine', ({ name, states, table, fn }) => {
  const allowed = new Set(ALLOWED[name]);
  it.each(pairs(states as readonly string[]))('%s -> %s is allowed exactly when the table says so', (from, to) => {
    const d = (fn as (a: string, b: string) => { ok: boolean; reason?: string; next?: string })(from, to);
    if (allowed.has(`${from}>${to}`)) {
      expect(d).toEqual({ ok: true, next: to });
    } else {
      expect(d.ok).toBe(false);
      // the refusal names both states, so the 409 tells the caller where the resource stands
      expect(d.reason).toContain(`from ${from} to ${to}`);
    }
  });
  it('has an entry for every state and no move to an unknown state', () => {
    expect(Object.keys(table).sort()).toEqual([...states].sort());
    for (const to of Object.values(table).flat()) expect(states).toContain(to);
  });
});
