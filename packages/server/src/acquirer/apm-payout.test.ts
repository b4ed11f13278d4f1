import { describe, expect, it } from 'vitest';
import { canPayOutApm, decideApmPayout } from './apm-payout.js';

describe('simulated APM payouts', () => {
  const req = (paymentMethod: string, currency = 'EUR', amount = 1000) => ({
    transactionId: '1110000000000042',
    amount,
    currency,
    paymentMethod,
    data: { iban: 'DE89370400440532013000' },
  });

  it('pays out with a payout-capable method in one of its currencies, deterministically', () => {
    expect(canPayOutApm('apmgw_BankPayout', 'EUR')).toBe(true);
    const a = decideApmPayout(req('apmgw_BankPayout'));
    expect(a).toMatchObject({ status: 'approved', approvedAmount: 1000 });
    expect(decideApmPayout(req('apmgw_BankPayout'))).toEqual(a);
  });

  it('refuses deposit-only methods, unknown methods and currencies the method lacks', () => {
    expect(canPayOutApm('apmgw_DirectDebit', 'EUR')).toBe(false);
    expect(canPayOutApm('apmgw_Nope', 'EUR')).toBe(false);
    expect(canPayOutApm('apmgw_BankPayout', 'USD')).toBe(false);
    expect(decideApmPayout(req('apmgw_DirectDebit'))).toMatchObject({
      status: 'declined',
      reason: 'Payment method not enabled',
    });
  });

  it('errors on an amount that is not a positive integer', () => {
    for (const amount of [0, -5, 1.5])
      expect(decideApmPayout(req('apmgw_BankPayout', 'EUR', amount)).status).toBe('error');
  });
});
