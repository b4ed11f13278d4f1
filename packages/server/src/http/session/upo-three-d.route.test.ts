import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { decodeB64Json } from '../../../test/three-d-flow.js';
import { apmUpo } from '../../../test/withdrawals.js';
import { createSite } from '../../domain/merchants/merchant.service.js';

/** 3-D Secure with a stored card (docs/decisions/0149): initPayment → payment → challenge → payment, as with a card. */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const NOTIFY = 'https://merchant.example/3ds/notify';
const FRICTIONLESS = '4000020951595032';
const CHALLENGE = '2221008123677736';

describe.each(dialects())('3-D Secure with a UPO on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [FRICTIONLESS, CHALLENGE])).toEqual([]);
      expect(gw.rawLog()).not.toContain(CHALLENGE);
    } finally {
      await gw.close();
    }
  });

  /** a UPO of `user`: the card stored by an approved payment with savePM */
  const upoOf = async (user: string, number: string) => {
    const { sessionToken } = await sc.openOrder();
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `s-${++seq}`,
      userTokenId: user,
      savePM: true,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard(number) },
    });
    expect(r.json, r.text).toMatchObject({
      transactionStatus: 'APPROVED',
      userPaymentOptionId: expect.stringMatching(/^\d+$/),
    });
    return r.json.userPaymentOptionId as string;
  };
  const init = async (c: SessionClient, user: string, paymentOption: Record<string, unknown>) => {
    const { sessionToken } = await c.openOrder({ userTokenId: user, transactionType: 'Auth' });
    const r = await c.send('initPayment', {
      sessionToken,
      clientRequestId: `i-${++seq}`,
      userTokenId: user,
      amount: '10.00',
      currency: 'EUR',
      paymentOption,
    });
    return { sessionToken, init: r.json };
  };
  const pay = async (
    sessionToken: string,
    user: string,
    relatedTransactionId: string,
    paymentOption: Record<string, any>,
  ) =>
    (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: `p-${++seq}`,
        userTokenId: user,
        amount: '10.00',
        currency: 'EUR',
        relatedTransactionId,
        paymentOption: {
          ...paymentOption,
          card: {
            ...paymentOption.card,
            threeD: {
              methodCompletionInd: 'Y',
              notificationURL: NOTIFY,
              platformType: '02',
              browserDetails: { language: 'en' },
            },
          },
        },
      })
    ).json;
  const completeAcs = async (acsUrl: string) => {
    const res = await fetch(acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'complete', code: '123456' }).toString(),
    });
    const cres = /name="cres" value="([^"]+)"/.exec(await res.text())?.[1];
    return decodeB64Json(cres!);
  };

  it('a challenge UPO with a CVV: initPayment → REDIRECT → ACS → payment APPROVED, getPaymentStatus APPROVED', async () => {
    const upo = await upoOf('ann', CHALLENGE);
    const option = { userPaymentOptionId: upo, card: { CVV: '217' } };
    const { sessionToken, init: i } = await init(sc, 'ann', option);
    expect(i).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'InitAuth3D' });
    expect(i.paymentOption.card).toMatchObject({ last4Digits: '7736', threeD: { v2supported: 'true' } });

    const r = await pay(sessionToken, 'ann', i.transactionId, option);
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT', transactionType: 'Auth3D' });
    expect(await completeAcs(r.paymentOption.card.threeD.acsUrl)).toMatchObject({
      messageType: 'CRes',
      transStatus: 'Y',
    });

    const paid = await pay(sessionToken, 'ann', r.transactionId, option);
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionType: 'Auth',
      cvv2Code: 'M',
      userPaymentOptionId: upo,
      paymentOption: { userPaymentOptionId: upo, card: { last4Digits: '7736', threeD: { result: 'Y', eci: '02' } } },
    });
    const st = await sc.send('getPaymentStatus', { sessionToken });
    expect(st.json).toMatchObject({ transactionStatus: 'APPROVED', transactionId: paid.transactionId });
    // the UPO paid: no second UPO of the same card
    const l = await sc.send('getUserUPOs', { userTokenId: 'ann', clientRequestId: `l-${++seq}` });
    expect(l.json.paymentMethods.map((m: any) => m.userPaymentOptionId)).toEqual([upo]);
  });

  it('a frictionless UPO without a CVV is paid on the payment after initPayment', async () => {
    const upo = await upoOf('bea', FRICTIONLESS);
    const { sessionToken, init: i } = await init(sc, 'bea', { userPaymentOptionId: upo });
    expect(i).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'InitAuth3D' });
    const paid = await pay(sessionToken, 'bea', i.transactionId, { userPaymentOptionId: upo });
    expect(paid).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionType: 'Auth',
      cvv2Code: 'P',
      paymentOption: { userPaymentOptionId: upo, card: { last4Digits: '5032', threeD: { result: 'Y', eci: '05' } } },
    });
  });

  it("another user's or another site's UPO is 1011; the payment must pay the UPO initPayment authenticated", async () => {
    const upo = await upoOf('cid', FRICTIONLESS);
    const { init: foreignUser } = await init(sc, 'dan', { userPaymentOptionId: upo });
    expect(foreignUser).toMatchObject({ status: 'ERROR', errCode: 1011 });

    const other = await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'Other shop' });
    const foreign = sessionClient(gw, {
      merchantId: gw.demo.merchantId,
      merchantSiteId: other.site.id,
      merchantSecretKey: other.merchantSecretKey.expose(),
    });
    const { init: foreignSite } = await init(foreign, 'cid', { userPaymentOptionId: upo });
    expect(foreignSite).toMatchObject({ status: 'ERROR', errCode: 1011 });

    const both = await init(sc, 'cid', { userPaymentOptionId: upo, card: wireCard(FRICTIONLESS) });
    expect(both.init).toMatchObject({ status: 'ERROR' });
    // an APM UPO has no 3-D Secure
    const debit = await apmUpo(gw, 'cid', 'apmgw_DirectDebit', {
      account_holder_name: 'Cid',
      iban: 'DE89370400440532013000',
    });
    expect((await init(sc, 'cid', { userPaymentOptionId: debit })).init).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
    });

    // authenticated with one card, paid with another user's UPO or another card: refused, nothing paid
    const { sessionToken, init: i } = await init(sc, 'cid', { userPaymentOptionId: upo });
    const challengeUpo = await upoOf('cid', CHALLENGE);
    const wrong = await pay(sessionToken, 'cid', i.transactionId, { userPaymentOptionId: challengeUpo });
    expect(wrong).toMatchObject({ status: 'ERROR' });
    const notHis = await pay(sessionToken, 'dan', i.transactionId, { userPaymentOptionId: upo });
    expect(notHis).toMatchObject({ status: 'ERROR', errCode: 1011 });
    const ok = await pay(sessionToken, 'cid', i.transactionId, { userPaymentOptionId: upo });
    expect(ok).toMatchObject({ transactionStatus: 'APPROVED', userPaymentOptionId: upo });
  });
});
