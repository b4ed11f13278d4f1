import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { CARD_ROWS, wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import type { ManualClock } from '../../lib/clock.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const DAY = 24 * 3600 * 1000;

/** amount × rate, half-up to the target's 2 decimals (both currencies have 2 here), as a check of the quote. */
function applyRate(original: string, rate: string): string {
  const [ri, rf = ''] = rate.split('.');
  const rateScaled = BigInt(ri! + rf.padEnd(6, '0'));
  const minor = BigInt(original.replace('.', ''));
  const scaled = minor * rateScaled; // minor × 10^6
  const q = (scaled + 500_000n) / 1_000_000n;
  const s = q.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

describe.each(dialects())('getCardDetails and getDccDetails on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  let sc: SessionClient;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(
        await cardNumbersAtRest(gw, [...CARD_ROWS.map((r) => r.number), '4761344136141391', '4000008260000000']),
      ).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const details = async (cardNumber: string, sessionToken?: string) => {
    const token = sessionToken ?? (await sc.openOrder()).sessionToken;
    return (await sc.send('getCardDetails', { sessionToken: token, clientRequestId: 'r-cd', cardNumber })).json;
  };

  it.each(CARD_ROWS)('card details of $number', async (row) => {
    const r = await details(row.number);
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      bin: row.number.slice(0, 6),
      last4Digits: row.number.slice(-4),
      isPrepaid: false,
      clientRequestId: 'r-cd',
    });
    expect(r.cardType).toMatch(/^(Credit|Debit)$/);
    if (row.brand) expect(r.brand).toBe(row.brand);
    if (row.cardType) expect(r.cardType).toBe(row.cardType);
    expect(r.issuerCountry).toMatch(/^[A-Z]{2}$/);
    expect(r.currency).toMatch(/^[A-Z]{3}$/);
    expect(typeof r.dccAllowed).toBe('boolean');
    expect(r.issuerBankName).toBeTruthy();
    expect(JSON.stringify(r)).not.toContain(row.number);
  });

  it('knows the issuer country and currency of a country range (400000826… is GB, GBP)', async () => {
    const r = await details('4000008260000000');
    expect(r).toMatchObject({
      status: 'SUCCESS',
      brand: 'Visa',
      issuerCountry: 'GB',
      currency: 'GBP',
      dccAllowed: true,
    });
  });

  it('refuses a number failing Luhn with 1004, and a foreign or dead session with 1069', async () => {
    expect(await details('4761344136141391')).toMatchObject({ status: 'ERROR', errCode: 1004 });
    expect(await details('12345')).toMatchObject({ status: 'ERROR', errCode: 1004 });
    const dead = await sc.send('getCardDetails', {
      sessionToken: '00000000-0000-4000-8000-000000000000',
      cardNumber: '4761344136141390',
    });
    expect(dead.json).toMatchObject({ status: 'ERROR', errCode: 1069 });
  });

  const dcc = async (fields: Record<string, unknown>) => {
    const { sessionToken } = await sc.openOrder();
    return (
      await sc.send('getDccDetails', { sessionToken, clientUniqueId: 'u-dcc', clientRequestId: 'r-dcc', ...fields })
    ).json;
  };

  it('quotes the order amount into the card currency with a 3.5% markup, same all day, new the next day', async () => {
    const a = await dcc({ cardNumber: '4000008260000000' });
    expect(a).toMatchObject({
      status: 'SUCCESS',
      originalAmount: '10.00',
      originalCurrency: 'EUR',
      currency: 'GBP',
      markUpValue: '3.5',
      dccFullSupport: true,
    });
    expect(a.rateValueWithMarkup).toMatch(/^\d+\.\d{6}$/);
    expect(a.amount).toBe(applyRate('10.00', a.rateValueWithMarkup));
    // EUR → GBP is about 0.79 / 0.92 × 1.035 ≈ 0.889 (±2% for the day's moves)
    expect(Number(a.rateValueWithMarkup)).toBeGreaterThan(0.87);
    expect(Number(a.rateValueWithMarkup)).toBeLessThan(0.91);
    clock.advance(6 * 3600 * 1000);
    const b = await dcc({ cardNumber: '4000008260000000' });
    expect(b.rateValueWithMarkup).toBe(a.rateValueWithMarkup);
    expect(b.amount).toBe(a.amount);
    clock.advance(DAY);
    const c = await dcc({ cardNumber: '4000008260000000' });
    expect(c.amount).toBe(applyRate('10.00', c.rateValueWithMarkup));
    clock.set(T0);
  });

  it('takes currency over country over the card currency, and amount / originalAmount as given', async () => {
    expect(await dcc({ cardNumber: '4000008260000000', country: 'US', currency: 'CHF' })).toMatchObject({
      currency: 'CHF',
    });
    expect(await dcc({ cardNumber: '4000008260000000', country: 'US' })).toMatchObject({ currency: 'USD' });
    const r = await dcc({ amount: '20.00', currency: 'USD' });
    expect(r).toMatchObject({ originalAmount: '20.00', originalCurrency: 'EUR', currency: 'USD' });
    expect(r.amount).toBe(applyRate('20.00', r.rateValueWithMarkup));
    const noSession = await sc.send('getDccDetails', {
      clientUniqueId: 'u-dcc',
      originalAmount: '15.00',
      originalCurrency: 'USD',
      currency: 'EUR',
    });
    expect(noSession.json).toMatchObject({
      status: 'SUCCESS',
      originalAmount: '15.00',
      originalCurrency: 'USD',
      currency: 'EUR',
    });
    expect(await dcc({ currency: 'EUR' })).toMatchObject({
      status: 'SUCCESS',
      markUpValue: '0',
      amount: '10.00',
      rateValueWithMarkup: '1.000000',
    });
  });

  it('refuses a quote without a target, with a bad card number or an unknown country', async () => {
    expect(await dcc({})).toMatchObject({ status: 'ERROR', errCode: 1041 });
    expect(await dcc({ cardNumber: '4761344136141391' })).toMatchObject({ status: 'ERROR', errCode: 1004 });
    expect(await dcc({ country: 'QQ' })).toMatchObject({ status: 'ERROR', errCode: 1019 });
  });

  it('a DCC payment charges the converted amount in the card currency and records both', async () => {
    const { sessionToken } = await sc.openOrder();
    const quote = (
      await sc.send('getDccDetails', { sessionToken, clientUniqueId: 'u-dcc', cardNumber: '4000008260000000' })
    ).json;
    expect(quote).toMatchObject({ status: 'SUCCESS', currency: 'GBP' });
    const pay = (fields: Record<string, unknown>) =>
      sc
        .send('payment', {
          sessionToken,
          amount: quote.amount,
          currency: 'GBP',
          paymentOption: { card: wireCard('4000008260000000') },
          currencyConversion: { type: 'DCC', originalAmount: '10.00', originalCurrency: 'EUR' },
          ...fields,
        })
        .then((x) => x.json);
    // not the quote of the day, or an original amount other than the order's: refused
    expect(await pay({ amount: '1.00' })).toMatchObject({ status: 'ERROR', errCode: 1040 });
    expect(
      await pay({
        currencyConversion: { type: 'DCC', originalAmount: '9.00', originalCurrency: 'EUR' },
        amount: '1.00',
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1040 });
    expect(await pay({ currency: 'USD' })).toMatchObject({ status: 'ERROR' });
    const r = await pay({});
    expect(r).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      amount: quote.amount,
      currency: 'GBP',
    });
    const conv = await gw.rt.deps.storage.read.dcc.find(r.transactionId);
    expect(conv).toEqual({
      transactionId: r.transactionId,
      originalAmount: 1000,
      originalCurrency: 'EUR',
      rateWithMarkup: quote.rateValueWithMarkup,
      markUp: '3.5',
    });
    const tx = await gw.rt.deps.storage.read.payments.find(r.transactionId);
    expect(tx).toMatchObject({ currency: 'GBP', amount: Math.round(Number(quote.amount) * 100) });
    // without a conversion the payment must be in the order's currency
    const { sessionToken: t2 } = await sc.openOrder();
    const plain = await sc.send('payment', {
      sessionToken: t2,
      amount: quote.amount,
      currency: 'GBP',
      paymentOption: { card: wireCard('4000008260000000') },
    });
    expect(plain.json).toMatchObject({ status: 'ERROR', errCode: 1041 });
  });
});
