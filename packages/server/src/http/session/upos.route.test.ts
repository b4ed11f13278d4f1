import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { createSite } from '../../domain/merchants/merchant.service.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const noCvv = (number: string) => {
  const { CVV: _cvv, ...card } = wireCard(number);
  return card;
};
const USED = ['4761344136141390', '5555555555554444', '4000128449498204', '4000000000000127'];

describe.each(dialects())('UPOs: savePM, getUserUPOs, deleteUPO, paying with a UPO on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, USED)).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const pay = async (
    userTokenId: string,
    paymentOption: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => {
    const { sessionToken } = await sc.openOrder({ sessionCardDeclineLimit: '5' } as Record<string, unknown>);
    return (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: `p-${++seq}`,
        userTokenId,
        amount: '10.00',
        currency: 'EUR',
        paymentOption,
        ...extra,
      })
    ).json;
  };
  const list = async (userTokenId: string) =>
    (await sc.send('getUserUPOs', { userTokenId, clientRequestId: `l-${++seq}` })).json;

  it('an approved payment with savePM stores the card once; getUserUPOs lists it masked', async () => {
    const r = await pay('alice', { card: wireCard('4761344136141390') }, { savePM: true });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', userTokenId: 'alice' });
    expect(r.userPaymentOptionId).toMatch(/^\d{1,20}$/);
    const again = await pay('alice', { card: wireCard('4761344136141390') }, { savePM: 'true' });
    expect(again.userPaymentOptionId).toBe(r.userPaymentOptionId);
    // a decline stores nothing (savePM false with a userTokenId still stores: upo-save.route.test.ts)
    expect(
      (await pay('alice', { card: wireCard('4000128449498204') }, { savePM: true })).userPaymentOptionId,
    ).toBeUndefined();
    const l = await list('alice');
    expect(l).toMatchObject({ status: 'SUCCESS', userTokenId: 'alice' });
    expect(l.paymentMethods).toEqual([
      {
        userPaymentOptionId: r.userPaymentOptionId,
        paymentMethodName: 'cc_card',
        upoName: '476134******1390',
        upoRegistrationDate: '20260310',
        upoStatus: 'enabled',
        expiryDate: '203012',
        upoData: {
          ccCardNumber: '476134******1390',
          bin: '476134',
          last4Digits: '1390',
          ccExpMonth: '12',
          ccExpYear: '2030',
          cardHolderName: 'John Smith',
          brand: 'Visa',
          cardType: 'Debit',
        },
      },
    ]);
    expect((await list('bob')).paymentMethods).toEqual([]);
  });

  it('pays with a UPO with a CVV (cvv2Code M) or without (P); the CVV-mismatch card declines only with a CVV', async () => {
    const saved = await pay('carol', { card: noCvv('4000000000000127') }, { savePM: true });
    expect(saved.transactionStatus).toBe('APPROVED');
    const id = saved.userPaymentOptionId as string;
    const without = await pay('carol', { userPaymentOptionId: id });
    expect(without).toMatchObject({ transactionStatus: 'APPROVED', cvv2Code: 'P', userPaymentOptionId: id });
    expect(without.paymentOption.card).toMatchObject({ last4Digits: '0127', ccExpMonth: '12', ccExpYear: '30' });
    const withCvv = await pay('carol', { userPaymentOptionId: id, card: { CVV: '217' } });
    expect(withCvv).toMatchObject({ transactionStatus: 'DECLINED', cvv2Code: 'N' });
    const d = await pay('dave', { card: wireCard('5555555555554444') }, { savePM: '1' });
    expect(await pay('dave', { userPaymentOptionId: d.userPaymentOptionId, card: { CVV: '217' } })).toMatchObject({
      transactionStatus: 'APPROVED',
      cvv2Code: 'M',
    });
  });

  it("refuses another user's or another site's UPO with 1011, and a deleted one", async () => {
    const r = await pay('erin', { card: wireCard('5555555555554444') }, { savePM: true });
    const id = r.userPaymentOptionId as string;
    expect(await pay('frank', { userPaymentOptionId: id })).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(await pay('erin', { userPaymentOptionId: '999999' })).toMatchObject({ status: 'ERROR', errCode: 1011 });

    const other = await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'Other shop' });
    const foreign = sessionClient(gw, {
      merchantId: gw.demo.merchantId,
      merchantSiteId: other.site.id,
      merchantSecretKey: other.merchantSecretKey.expose(),
    });
    const del = await foreign.send('deleteUPO', { userTokenId: 'erin', userPaymentOptionId: id, clientRequestId: 'x' });
    expect(del.json).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(
      (await foreign.send('getUserUPOs', { userTokenId: 'erin', clientRequestId: 'y' })).json.paymentMethods,
    ).toEqual([]);
    const { sessionToken } = await foreign.openOrder();
    const fp = await foreign.send('payment', {
      sessionToken,
      userTokenId: 'erin',
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { userPaymentOptionId: id },
    });
    expect(fp.json).toMatchObject({ status: 'ERROR', errCode: 1011 });

    const ok = await sc.send('deleteUPO', { userTokenId: 'erin', userPaymentOptionId: id, clientRequestId: 'z' });
    expect(ok.json).toMatchObject({ status: 'SUCCESS', errCode: 0 });
    expect((await list('erin')).paymentMethods).toEqual([]);
    expect((await sc.send('deleteUPO', { userTokenId: 'erin', userPaymentOptionId: id })).json).toMatchObject({
      errCode: 1011,
    });
    expect(await pay('erin', { userPaymentOptionId: id })).toMatchObject({ status: 'ERROR', errCode: 1011 });
  });
});
