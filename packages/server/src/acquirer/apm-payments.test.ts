import { describe, expect, it } from 'vitest';
import type { CardInput } from '../domain/payments/acquirer.port.js';
import { manualClock } from '../lib/clock.js';
import { Secret } from '../lib/secret.js';
import { findApm } from './apm-catalogue.js';
import { apmMethodInfo, completeApmPayment, decideApmPayment, maskApmData } from './apm-payments.js';
import { createSimulatedAcquirer } from './simulated-acquirer.js';

/** The simulated acquirer's APM payments and passthrough options (docs/decisions/0360, 0362). */

const req = (
  method: string,
  data: Record<string, string>,
  extra: Partial<Parameters<typeof decideApmPayment>[0]> = {},
) => ({
  transactionId: '1110000000000000042',
  kind: 'Sale' as const,
  amount: 1000,
  currency: 'EUR',
  method,
  data,
  ...extra,
});

describe('APM payments in the simulated acquirer', () => {
  it('masks IBAN, phone and e-mail but for their ends, keeps the holder, drops unknown keys', () => {
    expect(
      maskApmData(findApm('apmgw_DirectDebit')!, {
        account_holder_name: 'Jane Doe',
        iban: 'de89 3704 0044 0532 0130 00',
        extra: 'x',
      }),
    ).toEqual({
      account_holder_name: 'Jane Doe',
      iban: 'DE****************3000',
    });
    expect(maskApmData(findApm('apmgw_MobileWallet')!, { phone: '+4915112345678' })).toEqual({
      phone: '+49*******5678',
    });
    expect(maskApmData(findApm('apmgw_BankTransfer')!, { email: 'jane@example.com' })).toEqual({
      email: 'j***@example.com',
    });
  });

  it('masks a US bank account and an ID document but for their last 4 characters (ADR 0372)', () => {
    expect(
      maskApmData(findApm('apmgw_ACH')!, { AccountNumber: '111111111', RoutingNumber: '999999992', SECCode: 'WEB' }),
    ).toEqual({
      AccountNumber: '*****1111',
      RoutingNumber: '999999992',
      SECCode: 'WEB',
    });
    expect(
      maskApmData(findApm('apmgw_PayRetailers_Payouts')!, {
        account_holder_name: 'Ana Souza',
        document_number: '123.456.789-09',
        account_number: '0012345678',
      }),
    ).toEqual({ account_holder_name: 'Ana Souza', document_number: '**********9-09', account_number: '******5678' });
  });

  it('an ACH or VIP Preferred payment is pending; PlayPlus answers at once; a US account holder may bill from anywhere', () => {
    const ach = { AccountNumber: '*****1111', RoutingNumber: '999999992' };
    expect(decideApmPayment(req('apmgw_ACH', ach, { currency: 'USD' })).status).toBe('pending');
    expect(decideApmPayment(req('apmgw_VIP_Preferred', ach, { currency: 'USD' })).status).toBe('pending');
    expect(decideApmPayment(req('apmgw_PlayPlus', { email: 'p***@example.com' }, { currency: 'USD' })).status).toBe(
      'approved',
    );
    expect(decideApmPayment(req('apmgw_expresscheckout', {}, { currency: 'EUR' })).status).toBe('redirect');
    expect(decideApmPayment(req('apmgw_PayRetailers_Payouts', {}, { currency: 'BRL' })).status).toBe('error');
    expect(apmMethodInfo('apmgw_ACH')!.countries).toEqual(expect.arrayContaining(['US', 'GB']));
    expect(findApm('apmgw_ACH')!.countries).toEqual(['US']);
  });

  it('describes a method with its checks', () => {
    const m = apmMethodInfo('apmgw_DirectDebit')!;
    expect(m).toMatchObject({ name: 'apmgw_DirectDebit', flow: 'direct', depositCapable: true, currencies: ['EUR'] });
    expect(m.validate({ account_holder_name: 'Jane Doe', iban: 'DE00370400440532013000' })).toEqual([
      { field: 'iban', message: 'Enter a valid IBAN', regex: expect.any(String) },
    ]);
    expect(apmMethodInfo('apmgw_Nope')).toBeUndefined();
  });

  it.each([
    ['DE****************3000', 'approved'],
    ['DE****************0000', 'declined'],
    ['DE****************0005', 'declined'],
  ])('a direct debit from %s is %s, deterministically', (iban, status) => {
    const a = decideApmPayment(req('apmgw_DirectDebit', { iban }));
    expect(a.status).toBe(status);
    expect(decideApmPayment(req('apmgw_DirectDebit', { iban }))).toEqual(a);
  });

  it('redirects, leaves pending, refuses what the method does not take', () => {
    expect(decideApmPayment(req('apmgw_RedirectPay', {})).status).toBe('redirect');
    expect(decideApmPayment(req('apmgw_BankTransfer', { email: 'j***@example.com' })).status).toBe('pending');
    expect(decideApmPayment(req('apmgw_DirectDebit', {}, { currency: 'USD' }))).toMatchObject({
      status: 'error',
      reason: 'Payment method not enabled',
    });
    expect(decideApmPayment(req('apmgw_BankPayout', {}))).toMatchObject({ status: 'error' });
    expect(decideApmPayment(req('apmgw_RedirectPay', {}, { amount: 0 }))).toMatchObject({
      status: 'error',
      reason: 'Invalid Amount',
    });
  });

  it('completes with the outcome given', () => {
    expect(completeApmPayment({ transactionId: '7', outcome: 'approved' })).toMatchObject({
      status: 'approved',
      authCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(completeApmPayment({ transactionId: '7', outcome: 'declined' })).toMatchObject({
      status: 'declined',
      reason: 'Decline',
      code: '57',
    });
  });
});

describe('passthrough options in the simulated acquirer', () => {
  const acquirer = createSimulatedAcquirer({ clock: manualClock(Date.UTC(2026, 0, 10)) });
  const card = (number: string): CardInput => ({
    number: new Secret(number),
    holderName: 'John Smith',
    expMonth: 12,
    expYear: 2030,
    cvv: new Secret('123'),
  });
  const base = { transactionId: '1110000000000000043', amount: 1000, currency: 'EUR', partialApproval: false };
  const failed3ds = {
    status: 'N' as const,
    eci: '07',
    cavv: '',
    dsTransID: 'x',
    isLiabilityOnIssuer: false,
    version: '2.2.0' as const,
  };

  it('refuses a zero-amount Sale and approves a zero-amount Auth for 0', async () => {
    expect(
      await acquirer.authorize({ ...base, kind: 'Sale', amount: 0, card: card('4761344136141390') }),
    ).toMatchObject({ status: 'error', reason: 'Invalid Amount' });
    expect(
      await acquirer.authorize({
        ...base,
        kind: 'Auth',
        amount: 0,
        zeroAmountReason: 'addCard',
        card: card('4761344136141390'),
      }),
    ).toMatchObject({
      status: 'approved',
      approvedAmount: 0,
    });
  });

  it('a recurring or MIT payment ignores 3-D Secure and the CVV; an init one does not', async () => {
    for (const extra of [{ rebill: { step: 'recurring' } }, { rebill: { step: 'MIT' } }, { isRebilling: true }]) {
      const out = await acquirer.authorize({
        ...base,
        kind: 'Sale',
        card: card('4761344136141390'),
        threeD: failed3ds,
        ...extra,
      });
      expect(out).toMatchObject({ status: 'approved', cvv2Code: 'P' });
    }
    const init = await acquirer.authorize({
      ...base,
      kind: 'Sale',
      card: card('4761344136141390'),
      threeD: failed3ds,
      rebill: { step: 'init' },
    });
    expect(init).toMatchObject({ status: 'declined', reason: 'Authentication Failed' });
  });
});
