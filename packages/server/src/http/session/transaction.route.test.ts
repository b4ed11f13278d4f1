import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { cardUpo } from '../../../test/withdrawals.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { configureSite } from '../../domain/sessions/site-settings.service.js';
import { credentialCommands } from '../../cli/credentials.commands.js';

/**
 * settleTransaction, refundTransaction and voidTransaction as the real gateway's clients send them
 * (docs/decisions/0370): string amounts, checksums over the members present, a void without amount
 * and currency, a sessionToken on a void and none on settle or refund; and refunds without
 * relatedTransactionId to a card or a UPO (docs/decisions/0371).
 */

const T0 = Date.UTC(2026, 5, 2, 10, 0);
const CARDS = ['4761344136141390', '5555555555554444', '4000128449498204', '375510288656924'];

describe.each(dialects())('settle, refund and void as clients send them on %s', (dialect: DialectName) => {
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
      expect(await cardNumbersAtRest(gw, CARDS)).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  /** A signed payment of a fresh session, as a client sends it: `transactionType` Auth or Sale. */
  const pay = async (transactionType: 'Auth' | 'Sale', amount = '9.00', number = '4761344136141390') => {
    const sessionToken = (await sc.send('getSessionToken', { clientRequestId: `t-${++seq}` })).json.sessionToken;
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `p-${++seq}`,
      clientUniqueId: `order-${seq}`,
      amount,
      currency: 'USD',
      transactionType,
      paymentOption: { card: wireCard(number) },
      billingAddress: { country: 'US', zip: '10001', email: 'ada@example.com' },
    });
    expect(r.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    return r.json as { transactionId: string; authCode: string; sessionToken: string };
  };
  const call = (
    method: 'settleTransaction' | 'refundTransaction' | 'voidTransaction',
    fields: Record<string, unknown>,
  ) => sc.send(method, { clientRequestId: `o-${++seq}`, clientUniqueId: `cu-${seq}`, ...fields }).then((x) => x.json);

  describe('voidTransaction', () => {
    it('without amount and currency voids the whole Auth (a sessionToken beside it is accepted)', async () => {
      const auth = await pay('Auth');
      const token = (await sc.send('getSessionToken', { clientRequestId: `t-${++seq}` })).json.sessionToken;
      const v = await call('voidTransaction', { relatedTransactionId: auth.transactionId, sessionToken: token });
      expect(v).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Void',
        amount: '9.00',
        currency: 'USD',
        clientUniqueId: expect.stringMatching(/^cu-/),
      });
      const row = await gw.rt.deps.storage.read.payments.find(auth.transactionId);
      expect(row?.voidedBy).toBe(v.transactionId);
      // voided: nothing is left to settle
      const s = await call('settleTransaction', {
        amount: '1.00',
        currency: 'USD',
        relatedTransactionId: auth.transactionId,
      });
      expect(s).toMatchObject({ status: 'ERROR', errCode: 1058 });
      expect(s.reason).toContain('voided Auth');
    });

    it("with its currency and no amount voids the whole Sale; P's form (amount, authCode, descriptor, comment, notificationUrl) voids it too", async () => {
      const a = await pay('Sale');
      expect(await call('voidTransaction', { currency: 'USD', relatedTransactionId: a.transactionId })).toMatchObject({
        transactionStatus: 'APPROVED',
        amount: '9.00',
      });
      const b = await pay('Sale', '1.51');
      const p = await call('voidTransaction', {
        amount: '1.51',
        currency: 'USD',
        relatedTransactionId: b.transactionId,
        authCode: b.authCode,
        descriptorMerchantName: 'Gatehouse shop',
        descriptorMerchantPhone: '+4420000000',
        comment: 'customer changed their mind',
        urlDetails: { notificationUrl: 'http://127.0.0.1:9/void-dmn' },
      });
      expect(p).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Void',
        amount: '1.51',
      });
    });

    it.each([
      [{ amount: '9.00' }, 1041, '[currency] must not be null'],
      [{ amount: '4.00', currency: 'USD' }, 1058, 'a void must be for the whole amount'],
      [{ currency: 'EUR' }, 1058, 'the currency must be USD'],
      [{ amount: 'ten', currency: 'USD' }, 1040, '[amount] must be a decimal number'],
    ])('refuses %j with errCode %i', async (fields, errCode, reason) => {
      const auth = await pay('Auth');
      const r = await call('voidTransaction', { relatedTransactionId: auth.transactionId, ...fields });
      expect(r).toMatchObject({ status: 'ERROR', errCode });
      expect(r.reason).toContain(reason);
    });

    it('an unknown relatedTransactionId is status ERROR, reason Invalid relatedTransactionId', async () => {
      expect(await call('voidTransaction', { relatedTransactionId: '123' })).toMatchObject({
        status: 'ERROR',
        reason: 'Invalid relatedTransactionId',
      });
    });
  });

  describe('settleTransaction and refundTransaction', () => {
    it('settle half of an Auth, then refund it, without a sessionToken: each echoes clientUniqueId', async () => {
      const auth = await pay('Auth', '10.00');
      const s = await call('settleTransaction', {
        clientUniqueId: 'settle-ref',
        amount: '5',
        currency: 'USD',
        relatedTransactionId: auth.transactionId,
        authCode: auth.authCode,
      });
      expect(s).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Settle',
        amount: '5.00',
        clientUniqueId: 'settle-ref',
      });
      const r = await call('refundTransaction', {
        clientUniqueId: 'refund-ref',
        amount: '5.00',
        currency: 'USD',
        relatedTransactionId: s.transactionId,
      });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Refund',
        clientUniqueId: 'refund-ref',
      });
    });

    it('a Sale is refunded in full; its amount then no more', async () => {
      const sale = await pay('Sale', '7.00');
      expect(
        await call('refundTransaction', { amount: '7.00', currency: 'USD', relatedTransactionId: sale.transactionId }),
      ).toMatchObject({ transactionStatus: 'APPROVED' });
      expect(
        await call('refundTransaction', { amount: '0.01', currency: 'USD', relatedTransactionId: sale.transactionId }),
      ).toMatchObject({ status: 'ERROR', errCode: 1058 });
    });

    it('settle and refund still need an amount (1040) and a relatedTransactionId', async () => {
      const auth = await pay('Auth');
      expect(
        await call('settleTransaction', { currency: 'USD', relatedTransactionId: auth.transactionId }),
      ).toMatchObject({ status: 'ERROR', errCode: 1040 });
      expect(await call('refundTransaction', { amount: '1.00', currency: 'USD' })).toMatchObject({
        status: 'ERROR',
        reason: '[relatedTransactionId] must not be null',
      });
    });
  });

  describe('refundTransaction without relatedTransactionId', () => {
    const refund = (fields: Record<string, unknown>) =>
      call('refundTransaction', { amount: '2.00', currency: 'USD', userTokenId: 'refundee', ...fields });

    it('credits a card: a Credit transaction, APPROVED, its own DMN; the card is never stored in clear', async () => {
      const r = await refund({ clientUniqueId: 'credit-1', paymentOption: { card: wireCard('4761344136141390') } });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        transactionStatus: 'APPROVED',
        transactionType: 'Credit',
        amount: '2.00',
        currency: 'USD',
        clientUniqueId: 'credit-1',
        gwErrorCode: 0,
      });
      expect(r.transactionId).toMatch(/^\d{1,20}$/);
      expect(r.paymentOption.card).toMatchObject({ bin: '476134', last4Digits: '1390' });
      expect(JSON.stringify(r)).not.toContain('4761344136141390');
      const tx = await gw.rt.deps.storage.read.payments.find(r.transactionId);
      expect(tx).toMatchObject({
        type: 'Credit',
        status: 'approved',
        amount: 200,
        relatedTransactionId: null,
        userTokenId: 'refundee',
      });
      const dmn = await listDeliveries(gw.rt.deps, { transactionId: r.transactionId, limit: 5 });
      expect(dmn).toHaveLength(1);
      expect(Object.fromEntries(new URLSearchParams(dmn[0]!.payload))).toMatchObject({
        Status: 'APPROVED',
        transactionType: 'Credit',
        totalAmount: '2.00',
        currency: 'USD',
        merchant_unique_id: 'credit-1',
        user_token_id: 'refundee',
      });
    });

    it('credits a stored card of the user, named by userPaymentOptionId (a number too)', async () => {
      const upo = await cardUpo(gw, 'refundee', '5555555555554444');
      const r = await refund({ amount: '1.00', paymentOption: { userPaymentOptionId: upo } });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Credit',
        userPaymentOptionId: upo,
      });
      const n = await refund({ amount: '1.50', paymentOption: { userPaymentOptionId: Number(upo) } });
      expect(n).toMatchObject({ transactionStatus: 'APPROVED', userPaymentOptionId: upo });
      const dmn = await listDeliveries(gw.rt.deps, { transactionId: r.transactionId, limit: 5 });
      expect(new URLSearchParams(dmn[0]!.payload).get('userPaymentOptionId')).toBe(upo);
    });

    it('4000128449498204 declines: DECLINED, External Error in Processing', async () => {
      const r = await refund({ paymentOption: { card: wireCard('4000128449498204') } });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'DECLINED',
        gwErrorCode: -1,
        gwErrorReason: 'External Error in Processing',
        transactionType: 'Credit',
      });
    });

    it('a UPO of another user or another site is 1011 and moves nothing', async () => {
      const theirs = await cardUpo(gw, 'someone-else', '4761344136141390');
      const r = await refund({ paymentOption: { userPaymentOptionId: theirs } });
      expect(r).toMatchObject({
        status: 'ERROR',
        errCode: 1011,
        reason: '[paymentOption.userPaymentOptionId] is not a payment option of this user',
      });
      const { merchant, site, merchantSecretKey } = await createMerchant(gw.rt.deps, { name: 'Other refunds' });
      const other = sessionClient(gw, {
        merchantId: merchant.id,
        merchantSiteId: site.id,
        merchantSecretKey: merchantSecretKey.expose(),
      });
      const mine = await cardUpo(gw, 'refundee', '4761344136141390');
      const cross = await other.send('refundTransaction', {
        clientRequestId: `x-${++seq}`,
        amount: '1.00',
        currency: 'USD',
        userTokenId: 'refundee',
        paymentOption: { userPaymentOptionId: mine },
      });
      expect(cross.json).toMatchObject({ status: 'ERROR', errCode: 1011 });
      const rows = await gw.rt.store.db
        .selectFrom('transactions')
        .select('id')
        .where('site_id', '=', site.id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it("never more than the site allows: 1000 units by default, the site's own limit, 0 refuses all", async () => {
      const card = { card: wireCard('4761344136141390') };
      expect(await refund({ amount: '1000.00', paymentOption: card })).toMatchObject({ transactionStatus: 'APPROVED' });
      const over = await refund({ amount: '1000.01', paymentOption: card });
      expect(over).toMatchObject({ status: 'ERROR', errCode: 1058 });
      expect(over.reason).toContain("exceeds this site's limit of 1000.00 USD");
      const { merchant, site, merchantSecretKey } = await createMerchant(gw.rt.deps, { name: 'Small refunds' });
      const small = sessionClient(gw, {
        merchantId: merchant.id,
        merchantSiteId: site.id,
        merchantSecretKey: merchantSecretKey.expose(),
      });
      const send = (amount: string, currency = 'USD') =>
        small
          .send('refundTransaction', {
            clientRequestId: `s-${++seq}`,
            amount,
            currency,
            userTokenId: 'u',
            paymentOption: card,
          })
          .then((x) => x.json);
      await configureSite(gw.rt.deps, site.id, { unreferencedRefundLimit: 5 });
      expect(await send('5.00')).toMatchObject({ transactionStatus: 'APPROVED' });
      expect(await send('5.01')).toMatchObject({ status: 'ERROR', errCode: 1058 });
      expect(await send('5', 'JPY')).toMatchObject({ transactionStatus: 'APPROVED' });
      expect((await send('6', 'JPY')).reason).toContain('limit of 5 JPY');
      await configureSite(gw.rt.deps, site.id, { unreferencedRefundLimit: 0 });
      const none = await send('0.01');
      expect(none).toMatchObject({ status: 'ERROR', errCode: 1058 });
      expect(none.reason).toContain('does not allow refunds without a related transaction');
    });

    it('the limit is set with `gatehouse sites configure --unreferenced-refund-limit N`', async () => {
      const cmd = credentialCommands.find((c) => c.spec.name === 'sites configure')!;
      const { site } = await createMerchant(gw.rt.deps, { name: 'Cli refunds' });
      const shown = await cmd.run(gw.rt, { site: site.id }, []);
      expect(shown.text).toContain('unreferenced refund limit  1000');
      const set = await cmd.run(gw.rt, { site: site.id, 'unreferenced-refund-limit': '7' }, []);
      expect(set.json).toEqual({ merchantSiteId: site.id, uniqueClientRequestId: false, unreferencedRefundLimit: 7 });
      expect(set.text).toContain('unreferenced refund limit  7');
      await expect(cmd.run(gw.rt, { site: site.id, 'unreferenced-refund-limit': '-1' }, [])).rejects.toThrow(
        /whole number/,
      );
      expect(await gw.rt.deps.storage.read.sessions.siteSettings(site.id)).toEqual({
        uniqueClientRequestId: false,
        unreferencedRefundLimit: 7,
      });
    });

    it('the same signed body again answers the first answer and credits once', async () => {
      const body = sc.signed('refundTransaction', {
        clientRequestId: `same-${++seq}`,
        amount: '3.00',
        currency: 'USD',
        userTokenId: 'refundee',
        paymentOption: { card: wireCard('375510288656924') },
      });
      const first = await sc.call('refundTransaction', body);
      expect(first.json).toMatchObject({ transactionStatus: 'APPROVED' });
      const again = await sc.call('refundTransaction', body);
      expect(again.json.transactionId).toBe(first.json.transactionId);
      const other = await sc.call('refundTransaction', {
        ...body,
        paymentOption: { card: wireCard('5555555555554444') },
      });
      expect(other.json.transactionId).not.toBe(first.json.transactionId);
    });

    it('a Credit is final: it cannot be voided or refunded', async () => {
      const r = await refund({ paymentOption: { card: wireCard('4761344136141390') } });
      expect(await call('voidTransaction', { relatedTransactionId: r.transactionId })).toMatchObject({
        status: 'ERROR',
        errCode: 1058,
      });
      expect(
        await call('refundTransaction', { amount: '1.00', currency: 'USD', relatedTransactionId: r.transactionId }),
      ).toMatchObject({ status: 'ERROR', errCode: 1058 });
    });

    it.each([
      [
        { userTokenId: undefined, paymentOption: { card: wireCard('4761344136141390') } },
        1010,
        '[userTokenId] must not be null',
      ],
      [{ paymentOption: {} }, 1060, '[paymentOption.card] must not be null'],
      [
        { paymentOption: { card: { ...wireCard('4761344136141390'), cardHolderName: undefined } } },
        1004,
        '[paymentOption.card.cardHolderName] must not be null',
      ],
      [{ paymentOption: { card: wireCard('4761344136141391') } }, 1004, 'paymentOption.card.cardNumber'],
      [
        { paymentOption: { card: wireCard('4761344136141390', { expirationYear: '2020' }) } },
        1029,
        'paymentOption.card.expirationYear',
      ],
      [
        { paymentOption: { card: wireCard('4761344136141390'), userPaymentOptionId: '1' } },
        1060,
        '[paymentOption] must have either card or userPaymentOptionId',
      ],
      [
        { relatedTransactionId: '123', paymentOption: { userPaymentOptionId: '1' } },
        1060,
        'must not be sent with relatedTransactionId',
      ],
      [
        { amount: '0.00', paymentOption: { card: wireCard('4761344136141390') } },
        1040,
        '[amount] must be greater than 0',
      ],
    ])('refuses %j with errCode %i', async (fields, errCode, reason) => {
      const r = await refund(fields);
      expect(r).toMatchObject({ status: 'ERROR', errCode });
      expect(r.reason).toContain(reason);
    });
  });
});
