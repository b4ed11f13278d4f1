import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import type { ManualClock } from '../../lib/clock.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const USED = ['4761344136141390', '4000128449498204', '5555555555554444'];

describe.each(dialects())('cardTokenization and ccTempToken payments on %s', (dialect: DialectName) => {
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
      // the vault keeps numbers sealed: no test card number in clear in the store or the log
      expect(await cardNumbersAtRest(gw, USED)).toEqual([]);
      expect(gw.rawLog()).not.toContain('"217"');
    } finally {
      await gw.close();
    }
  });

  const tokenize = async (sessionToken: string, number: string) =>
    (await sc.send('cardTokenization', { sessionToken, clientRequestId: 'r-ct', cardData: wireCard(number) })).json;
  const payWith = (sessionToken: string, card: Record<string, unknown>) =>
    sc.send('payment', { sessionToken, amount: '10.00', currency: 'EUR', paymentOption: { card } }).then((x) => x.json);

  it('answers a token and the masked card; a payment uses it once, with a CVV (M) or without (P)', async () => {
    const { sessionToken } = await sc.openOrder();
    const t = await tokenize(sessionToken, '4761344136141390');
    expect(t).toMatchObject({
      status: 'SUCCESS',
      bin: '476134',
      last4Digits: '1390',
      ccCardNumber: '476134******1390',
      brand: 'Visa',
      ccExpMonth: '12',
      ccExpYear: '2030',
    });
    expect(t.ccTempToken).toMatch(/^[0-9a-f-]{36}$/);
    const paid = await payWith(sessionToken, { ccTempToken: t.ccTempToken, CVV: '217' });
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      cvv2Code: 'M',
      paymentOption: { card: { last4Digits: '1390', ccExpMonth: '12', ccExpYear: '30' } },
    });
    const again = await payWith(sessionToken, { ccTempToken: t.ccTempToken });
    expect(again).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(again.reason).toContain('ccTempToken');

    const { sessionToken: s2 } = await sc.openOrder();
    const t2 = await tokenize(s2, '5555555555554444');
    expect(await payWith(s2, { ccTempToken: t2.ccTempToken })).toMatchObject({
      transactionStatus: 'APPROVED',
      cvv2Code: 'P',
    });
  });

  it('a declined payment uses the token up too; the test-card table decides', async () => {
    const { sessionToken } = await sc.openOrder({ sessionCardDeclineLimit: '5' } as Record<string, unknown>);
    const t = await tokenize(sessionToken, '4000128449498204');
    expect(await payWith(sessionToken, { ccTempToken: t.ccTempToken, CVV: '217' })).toMatchObject({
      transactionStatus: 'DECLINED',
      gwErrorReason: 'Decline',
    });
    expect(await payWith(sessionToken, { ccTempToken: t.ccTempToken })).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
    });
  });

  it('refuses a token of another session, an unknown token, and a token with a card number', async () => {
    const { sessionToken: a } = await sc.openOrder();
    const { sessionToken: b } = await sc.openOrder();
    const t = await tokenize(a, '4761344136141390');
    expect(await payWith(b, { ccTempToken: t.ccTempToken })).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(await payWith(b, { ccTempToken: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
    });
    expect(await payWith(a, { ccTempToken: t.ccTempToken, cardNumber: '4761344136141390' })).toMatchObject({
      status: 'ERROR',
    });
    // still usable by its own session
    expect(await payWith(a, { ccTempToken: t.ccTempToken })).toMatchObject({ transactionStatus: 'APPROVED' });
  });

  it('dies with its session: 15 minutes idle and the payment is Session expired (1069)', async () => {
    const { sessionToken } = await sc.openOrder();
    const t = await tokenize(sessionToken, '4761344136141390');
    clock.advance(16 * 60 * 1000);
    expect(await payWith(sessionToken, { ccTempToken: t.ccTempToken, CVV: '217' })).toMatchObject({
      status: 'ERROR',
      errCode: 1069,
    });
  });

  it('refuses bad card data like a payment does (Luhn 1004, expiry 1029, CVV 1062) and a dead session (1069)', async () => {
    const { sessionToken } = await sc.openOrder();
    const send = (card: Record<string, unknown>, token = sessionToken) =>
      sc.send('cardTokenization', { sessionToken: token, cardData: card }).then((x) => x.json);
    expect(await send(wireCard('4761344136141391'))).toMatchObject({ status: 'ERROR', errCode: 1004 });
    expect(await send(wireCard('4761344136141390', { expirationYear: '2025' }))).toMatchObject({
      status: 'ERROR',
      errCode: 1029,
    });
    expect(await send(wireCard('4761344136141390', { CVV: '1x' }))).toMatchObject({ status: 'ERROR', errCode: 1062 });
    expect(await send(wireCard('4761344136141390'), '00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 'ERROR',
      errCode: 1069,
    });
  });
});
