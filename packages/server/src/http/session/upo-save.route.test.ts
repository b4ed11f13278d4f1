import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { sessionPay } from '../../../test/three-d-flow.js';

/**
 * Payments with userTokenId and zero-amount Auths (docs/gateway-facts.md, docs/decisions/0148): an approved card
 * paid with a userTokenId is stored as its UPO unless savePM says no; the answer carries the id.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const VISA = '4761344136141390';
const MC = '5555555555554444';
const DECLINE = '4000128449498204';
const FRICTIONLESS = '4000020951595032';
const CHALLENGE = '2221008123677736';

describe.each(dialects())('a card paid with userTokenId becomes its UPO on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [VISA, MC, DECLINE, FRICTIONLESS, CHALLENGE])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const pay = async (fields: Record<string, unknown>, order: Record<string, unknown> = {}) => {
    const { sessionToken } = await sc.openOrder(order);
    return (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: `p-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        ...fields,
      })
    ).json;
  };
  const upos = async (userTokenId: string) =>
    (await sc.send('getUserUPOs', { userTokenId, clientRequestId: `l-${++seq}` })).json.paymentMethods.map(
      (m: any) => m.userPaymentOptionId,
    );

  it('stores the approved card once and answers paymentOption.userPaymentOptionId; the same card again: the same id', async () => {
    const r = await pay({ userTokenId: 'gil', paymentOption: { card: wireCard(VISA) } });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', userTokenId: 'gil' });
    const id = r.paymentOption.userPaymentOptionId;
    expect(id).toMatch(/^\d+$/);
    expect(r.userPaymentOptionId).toBe(id);
    expect(r.paymentOption.card).toMatchObject({ last4Digits: '1390' });
    const again = await pay({ userTokenId: 'gil', paymentOption: { card: wireCard(VISA) } });
    expect(again.paymentOption.userPaymentOptionId).toBe(id);
    expect(await upos('gil')).toEqual([id]);
    // the id pays later
    const later = await pay({ userTokenId: 'gil', paymentOption: { userPaymentOptionId: id } });
    expect(later).toMatchObject({ transactionStatus: 'APPROVED', paymentOption: { userPaymentOptionId: id } });
    expect(await upos('gil')).toEqual([id]);
  });

  it('savePM false, "false" or 0 with userTokenId still stores the card and answers its id, as the real gateway does; a decline or no userTokenId answers the key empty', async () => {
    const ids = new Set<string>();
    for (const savePM of [false, 'false', 0]) {
      const r = await pay({ userTokenId: 'hal', savePM, paymentOption: { card: wireCard(MC) } });
      expect(r.transactionStatus).toBe('APPROVED');
      expect(r.paymentOption.userPaymentOptionId).toMatch(/^\d+$/);
      expect(r.userPaymentOptionId).toBe(r.paymentOption.userPaymentOptionId);
      ids.add(r.paymentOption.userPaymentOptionId);
    }
    // the same card of the same user is one UPO (docs/decisions/0148, amended)
    expect(ids.size).toBe(1);
    const d = await pay({ userTokenId: 'hal', paymentOption: { card: wireCard(DECLINE) } });
    expect(d.transactionStatus).toBe('DECLINED');
    expect(d.paymentOption.userPaymentOptionId).toBe('');
    expect(await upos('hal')).toEqual([...ids]);
    const anon = await pay({ paymentOption: { card: wireCard(MC) } });
    expect(anon.transactionStatus).toBe('APPROVED');
    expect(anon.paymentOption.userPaymentOptionId).toBe('');
    expect(anon).not.toHaveProperty('userPaymentOptionId');
  });

  it("the session's userTokenId (openOrder) counts as sent", async () => {
    const r = await pay({ paymentOption: { card: wireCard(MC) } }, { userTokenId: 'ivy' });
    expect(r).toMatchObject({ transactionStatus: 'APPROVED', userTokenId: 'ivy' });
    expect(await upos('ivy')).toEqual([r.paymentOption.userPaymentOptionId]);
  });

  it('a zero-amount Auth with userTokenId is approved and answers the stored card', async () => {
    const r = await pay(
      { userTokenId: 'jo', amount: '0.00', transactionType: 'Auth', paymentOption: { card: wireCard(VISA) } },
      { amount: '0.00', transactionType: 'Auth' },
    );
    expect(r).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionType: 'Auth',
      amount: '0.00',
    });
    expect(r.paymentOption.userPaymentOptionId).toMatch(/^\d+$/);
    expect(await upos('jo')).toEqual([r.paymentOption.userPaymentOptionId]);
  });

  it("initPayment's card is stored when its 3-D Secure payment ends approved", async () => {
    const { sessionToken } = await sc.openOrder({ userTokenId: 'kit' });
    const card = wireCard(FRICTIONLESS);
    const init = (
      await sc.send('initPayment', {
        sessionToken,
        clientRequestId: `i-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { card },
      })
    ).json;
    expect(init).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'InitAuth3D' });
    expect(await upos('kit')).toEqual([]);
    const paid = await sessionPay(sc, sessionToken, card, init.transactionId, 'https://merchant.example/3ds');
    expect(paid).toMatchObject({ transactionStatus: 'APPROVED', userTokenId: 'kit' });
    expect(await upos('kit')).toEqual([paid.paymentOption.userPaymentOptionId]);
  });
});
