import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { apmUpo, cardUpo } from '../../../test/withdrawals.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { configureSite } from '../../domain/sessions/site-settings.service.js';

/** payout.do through the real server: the test-card table, UPOs (card and APM), ownership, DMNs. */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

/** What a payout answers per test card (no CVV is sent on a payout: nothing can mismatch). */
const ROWS: Array<[string, 'APPROVED' | 'DECLINED' | 'ERROR', string]> = [
  ['4761344136141390', 'APPROVED', ''],
  ['4000027891380961', 'APPROVED', ''],
  ['5555555555554444', 'APPROVED', ''],
  ['375510288656924', 'APPROVED', ''],
  ['6011111111111117', 'APPROVED', ''],
  ['4000000000000127', 'APPROVED', ''],
  ['2221008123677736', 'APPROVED', ''],
  ['4000020951595032', 'APPROVED', ''],
  // a credit to this card declines as the real gateway's does (docs/decisions/0371)
  ['4000128449498204', 'DECLINED', 'External Error in Processing'],
  ['4000000000000002', 'DECLINED', 'Decline'],
  ['5333463046218753', 'DECLINED', 'Do Not Honor'],
  ['4000000000009995', 'DECLINED', 'Insufficient Funds'],
  ['4000000000000069', 'DECLINED', 'Expired Card'],
  ['4000000000009987', 'DECLINED', 'Lost/Stolen Card'],
  ['4000000000009979', 'DECLINED', 'Lost/Stolen Card'],
  ['4000008400001629', 'DECLINED', 'Decline'],
  ['4000000000000119', 'ERROR', 'Gateway Error'],
];

describe.each(dialects())('payout.do on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
  });
  afterAll(async () => {
    try {
      expect(
        await cardNumbersAtRest(
          gw,
          ROWS.map((r) => r[0]),
        ),
      ).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const cardData = (number: string) => ({
    cardNumber: number,
    cardHolderName: 'John Smith',
    expirationMonth: '12',
    expirationYear: '2030',
  });
  const send = (fields: Record<string, unknown>) =>
    sc.send('payout', {
      userTokenId: 'payee',
      clientRequestId: `po-${++seq}`,
      amount: '12.50',
      currency: 'EUR',
      ...fields,
    });

  it.each(ROWS)('to card %s: %s %s', async (number, status, reason) => {
    const r = (await send({ clientUniqueId: `cu-${number.slice(-6)}`, cardData: cardData(number) })).json;
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      userTokenId: 'payee',
      transactionStatus: status,
      transactionType: 'Payout',
      amount: '12.50',
      currency: 'EUR',
      paymentMethod: 'cc_card',
    });
    // no gwErrorReason key when nothing failed: clients read an approval's message as transactionStatus (0151)
    if (status === 'APPROVED') expect(r).not.toHaveProperty('gwErrorReason');
    else expect(r.gwErrorReason).toBe(reason);
    expect(r.transactionId).toMatch(/^\d{1,20}$/);
    expect(r.gwErrorCode).toBe(status === 'APPROVED' ? 0 : status === 'DECLINED' ? -1 : -1100);
    expect(r.paymentOption.card).toMatchObject({ last4Digits: number.slice(-4), bin: number.slice(0, 6) });
    expect(JSON.stringify(r)).not.toContain(number);
    const tx = await gw.rt.deps.storage.read.payments.find(r.transactionId);
    expect(tx).toMatchObject({ type: 'Payout', status: status.toLowerCase(), amount: 1250, interface: 'session' });
    const dmn = await listDeliveries(gw.rt.deps, { transactionId: r.transactionId, limit: 5 });
    expect(dmn).toHaveLength(1);
    const params = new URLSearchParams(dmn[0]!.payload);
    expect(Object.fromEntries(params)).toMatchObject({
      Status: status,
      transactionType: 'Payout',
      totalAmount: '12.50',
      currency: 'EUR',
      merchant_unique_id: `cu-${number.slice(-6)}`,
      payment_method: 'cc_card',
      user_token_id: 'payee',
    });
  });

  it('to a card UPO of the user (either spelling), with userPaymentOptionId in the answer and the DMN', async () => {
    const upo = await cardUpo(gw, 'payee', '4761344136141390');
    const a = (await send({ userPaymentOption: { userPaymentOptionId: upo } })).json;
    expect(a).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', userPaymentOptionId: upo });
    const b = (await send({ userPaymentOptionId: upo })).json;
    expect(b).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', userPaymentOptionId: upo });
    const dmn = await listDeliveries(gw.rt.deps, { transactionId: a.transactionId, limit: 5 });
    expect(new URLSearchParams(dmn[0]!.payload).get('userPaymentOptionId')).toBe(upo);
  });

  it('a UPO of another user, or an unknown one, is 1011 and moves nothing', async () => {
    const upo = await cardUpo(gw, 'someone', '4761344136141390');
    const r = (await send({ userPaymentOption: { userPaymentOptionId: upo } })).json;
    expect(r).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
      reason: '[userPaymentOption.userPaymentOptionId] is not a payment option of this user',
    });
    expect(r.transactionId).toBeUndefined();
    expect((await send({ userPaymentOptionId: '987654321' })).json).toMatchObject({ status: 'ERROR', errCode: 1011 });
  });

  it('to an APM UPO of a payout-capable method; a deposit-only method or an unsupported currency is refused', async () => {
    const wallet = await apmUpo(gw, 'payee', 'apmgw_MobileWallet', { phone: '+4915112345678' });
    const r = (await send({ userPaymentOption: { userPaymentOptionId: wallet } })).json;
    expect(r).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionType: 'Payout',
      paymentMethod: 'apmgw_MobileWallet',
      userPaymentOptionId: wallet,
    });
    expect(r.paymentOption).toBeUndefined();
    const dmn = await listDeliveries(gw.rt.deps, { transactionId: r.transactionId, limit: 5 });
    expect(new URLSearchParams(dmn[0]!.payload).get('payment_method')).toBe('apmgw_MobileWallet');
    const chf = (await send({ currency: 'CHF', userPaymentOption: { userPaymentOptionId: wallet } })).json;
    expect(chf).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(chf.reason).toContain('cannot receive payouts in CHF');
    const debit = await apmUpo(gw, 'payee', 'apmgw_DirectDebit', {
      account_holder_name: 'Ada',
      iban: 'DE89370400440532013000',
    });
    expect((await send({ userPaymentOption: { userPaymentOptionId: debit } })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
    });
  });

  it.each([
    [{}, 1011, '[userPaymentOption.userPaymentOptionId] must not be null'],
    [
      {
        cardData: {
          cardNumber: '4761344136141391',
          cardHolderName: 'J',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      },
      1004,
      '[cardData.cardNumber] is not a valid card number',
    ],
    [
      {
        cardData: {
          cardNumber: '4761344136141390',
          cardHolderName: 'J',
          expirationMonth: '12',
          expirationYear: '2020',
        },
      },
      1029,
      '[cardData.expirationYear] the card has expired',
    ],
    [
      {
        amount: '0.00',
        cardData: {
          cardNumber: '4761344136141390',
          cardHolderName: 'J',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      },
      1040,
      '[amount] must be greater than 0',
    ],
    [
      {
        userPaymentOptionId: '1',
        cardData: {
          cardNumber: '4761344136141390',
          cardHolderName: 'J',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      },
      1019,
      '[cardData] must not be sent beside a userPaymentOptionId',
    ],
  ])('refuses %j with errCode %i', async (fields, errCode, reason) => {
    const r = (await send(fields)).json;
    expect(r).toMatchObject({ status: 'ERROR', errCode, reason });
  });

  it('a wrong checksum is 1001; userTokenId is required', async () => {
    const body = sc.signed('payout', {
      userTokenId: 'payee',
      amount: '1.00',
      currency: 'EUR',
      userPaymentOptionId: '1',
    });
    expect((await sc.call('payout', { ...body, amount: '2.00' })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1001,
    });
    const noUser = sc.signed('payout', { amount: '1.00', currency: 'EUR', userPaymentOptionId: '1' });
    expect((await sc.call('payout', noUser)).json).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
      reason: '[userTokenId] must not be null',
    });
  });

  it('with a sessionToken, getPaymentStatus of that session reports the payout', async () => {
    const token = (await sc.send('getSessionToken', { clientRequestId: `gst-${++seq}` })).json.sessionToken;
    const r = (await send({ sessionToken: token, cardData: cardData('5555555555554444') })).json;
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', sessionToken: token });
    const s = (await sc.send('getPaymentStatus', { sessionToken: token })).json;
    expect(s).toMatchObject({
      status: 'SUCCESS',
      transactionId: r.transactionId,
      transactionType: 'Payout',
      transactionStatus: 'APPROVED',
    });
  });

  it('on a site refusing repeated clientRequestIds, a repeated payout is 1066 and pays nothing twice', async () => {
    const { merchant, site, merchantSecretKey } = await createMerchant(gw.rt.deps, { name: 'Strict payouts' });
    await configureSite(gw.rt.deps, site.id, { uniqueClientRequestId: true });
    const strict = sessionClient(gw, {
      merchantId: merchant.id,
      merchantSiteId: site.id,
      merchantSecretKey: merchantSecretKey.expose(),
    });
    const fields = {
      userTokenId: 'payee',
      clientRequestId: 'once',
      amount: '5.00',
      currency: 'EUR',
      cardData: cardData('4761344136141390'),
    };
    const first = await strict.call('payout', strict.signed('payout', fields));
    expect(first.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    // another body with the used clientRequestId is refused; the same signed body again is a replay
    // of the first answer (docs/decisions/0805)
    expect((await strict.send('payout', { ...fields, amount: '6.00' })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1066,
      reason: 'Duplicate clientRequestId',
    });
    expect((await strict.send('payout', fields)).text).toBe(first.text);
    const rows = await gw.rt.store.db
      .selectFrom('transactions')
      .select('id')
      .where('site_id', '=', site.id)
      .where('type', '=', 'Payout')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a payout is final: it cannot be voided, refunded or settled', async () => {
    const r = (await send({ cardData: cardData('4761344136141390') })).json;
    for (const method of ['voidTransaction', 'refundTransaction', 'settleTransaction'] as const) {
      const f = (
        await sc.send(method, {
          clientRequestId: `f-${++seq}`,
          clientUniqueId: 'x',
          amount: '12.50',
          currency: 'EUR',
          relatedTransactionId: r.transactionId,
        })
      ).json;
      expect(f).toMatchObject({ status: 'ERROR', errCode: 1058 });
    }
  });
});
