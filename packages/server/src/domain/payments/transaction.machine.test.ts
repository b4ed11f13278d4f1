import { describe, expect, it } from 'vitest';
import type { Minor } from '../../lib/money.js';
import {
  AUTH_VALIDITY_MS,
  cutOffOf,
  decideFollowUp,
  type MachineView,
  PREAUTH_VALIDITY_MS,
} from './transaction.machine.js';
import type { FollowUpType, TransactionType } from './transaction.types.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const m = (n: number) => n as Minor;
const tx = (type: TransactionType, over: Partial<MachineView> = {}): MachineView => ({
  id: '1110000000000001',
  type,
  status: 'approved',
  amount: m(1000),
  currency: 'EUR',
  settled: m(0),
  refunded: m(0),
  voidedBy: null,
  createdAt: T0,
  ...over,
});
const ok = (t: MachineView, action: FollowUpType, amount = 1000, now = T0 + 1000, currency = 'EUR') =>
  decideFollowUp(t, action, m(amount), currency, now);

describe('allowed moves', () => {
  it.each([
    ['Auth', 'Settle', 1000],
    ['Auth', 'Settle', 1],
    ['PreAuth', 'Settle', 400],
    ['Auth', 'Void', 1000],
    ['PreAuth', 'Void', 1000],
    ['Sale', 'Refund', 1000],
    ['Sale', 'Refund', 250],
    ['Settle', 'Refund', 1000],
    ['Sale', 'Void', 1000],
    ['Settle', 'Void', 1000],
    ['Refund', 'Void', 1000],
  ] as const)('%s → %s for %i', (type, action, amount) => {
    expect(ok(tx(type), action, amount)).toEqual({ ok: true });
  });

  it('settles several times up to exactly the authorised amount', () => {
    expect(ok(tx('Auth', { settled: m(600) }), 'Settle', 400)).toEqual({ ok: true });
  });

  it('refunds several times up to exactly the settled amount', () => {
    expect(ok(tx('Sale', { refunded: m(999) }), 'Refund', 1)).toEqual({ ok: true });
  });
});

describe('refused moves name the state', () => {
  const refused = (d: ReturnType<typeof ok>, state: string, why: RegExp) => {
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.state).toBe(state);
    expect(d.reason).toContain(`in state ${state}`);
    expect(d.reason).toMatch(why);
  };

  it('settle beyond the authorised amount', () => {
    refused(
      ok(tx('Auth', { settled: m(600) }), 'Settle', 401),
      'approved Auth',
      /exceeds what remains authorised \(4\.00 EUR\)/,
    );
  });
  it('refund beyond the settled amount', () => {
    refused(ok(tx('Sale', { refunded: m(600) }), 'Refund', 401), 'approved Sale', /exceeds what remains settled/);
  });
  it.each(['Sale', 'Settle', 'Refund', 'Void'] as const)('settle of a %s', (type) => {
    refused(ok(tx(type), 'Settle'), `approved ${type}`, /only an Auth or PreAuth/);
  });
  it.each(['Auth', 'PreAuth', 'Refund', 'Void'] as const)('refund of a %s', (type) => {
    refused(ok(tx(type), 'Refund'), `approved ${type}`, /only a Sale or Settle/);
  });
  it('void of a void', () => {
    refused(ok(tx('Void'), 'Void'), 'approved Void', /cannot be voided/);
  });
  it.each(['declined', 'error'] as const)('every move on a %s transaction is final', (status) => {
    for (const action of ['Settle', 'Refund', 'Void'] as const) {
      refused(
        ok(tx(action === 'Refund' ? 'Sale' : 'Auth', { status }), action),
        `${status} ${action === 'Refund' ? 'Sale' : 'Auth'}`,
        /final/,
      );
    }
  });
  it('a pending transaction cannot be acted on', () => {
    refused(ok(tx('Auth', { status: 'pending' }), 'Settle'), 'pending Auth', /not known yet/);
  });
  it('double void', () => {
    refused(ok(tx('Sale', { voidedBy: '1110000000000002' }), 'Void'), 'voided Sale', /it is voided/);
    refused(ok(tx('Auth', { voidedBy: '1110000000000002' }), 'Settle', 1), 'voided Auth', /it is voided/);
  });
  it('void after the daily cut-off, with the clock moved past 23:59:59 UTC', () => {
    const cutOff = cutOffOf(T0);
    expect(new Date(cutOff).toISOString()).toBe('2026-03-10T23:59:59.999Z');
    expect(ok(tx('Sale'), 'Void', 1000, cutOff)).toEqual({ ok: true });
    refused(ok(tx('Sale'), 'Void', 1000, cutOff + 1), 'approved Sale', /cut-off has passed/);
    refused(ok(tx('Refund'), 'Void', 1000, cutOff + 1), 'approved Refund', /cut-off has passed/);
  });
  it('an Auth is valid 7 days, a PreAuth 30', () => {
    expect(ok(tx('Auth'), 'Settle', 1, T0 + AUTH_VALIDITY_MS)).toEqual({ ok: true });
    refused(ok(tx('Auth'), 'Settle', 1, T0 + AUTH_VALIDITY_MS + 1), 'expired Auth', /no longer valid/);
    refused(ok(tx('Auth'), 'Void', 1000, T0 + AUTH_VALIDITY_MS + 1), 'expired Auth', /no longer valid/);
    expect(ok(tx('PreAuth'), 'Settle', 1, T0 + AUTH_VALIDITY_MS + 1)).toEqual({ ok: true });
    refused(ok(tx('PreAuth'), 'Settle', 1, T0 + PREAUTH_VALIDITY_MS + 1), 'expired PreAuth', /no longer valid/);
  });
  it('void of an authorisation that has settlements', () => {
    refused(ok(tx('Auth', { settled: m(100) }), 'Void'), 'approved Auth', /has settlements/);
  });
  it('void of a sale that has refunds', () => {
    refused(ok(tx('Sale', { refunded: m(100) }), 'Void'), 'approved Sale', /has refunds/);
  });
  it('a partial void', () => {
    refused(ok(tx('Sale'), 'Void', 500), 'approved Sale', /whole amount/);
  });
  it('another currency', () => {
    refused(ok(tx('Auth'), 'Settle', 100, T0, 'USD'), 'approved Auth', /currency must be EUR/);
  });
  it('a zero amount settle or refund', () => {
    refused(ok(tx('Auth'), 'Settle', 0), 'approved Auth', /greater than 0/);
    refused(ok(tx('Sale'), 'Refund', 0), 'approved Sale', /greater than 0/);
  });
});
