import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * Session answers as the public clients read them, and the values they send that the real gateway
 * accepts (docs/decisions/0151-0154, docs/gateway-facts.md): bodies as a client sends them, asserting
 * what it reads. One client takes a transaction's message as gwErrorReason, else a non-empty reason,
 * else transactionStatus.
 */
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;
const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'] as const;
const VISA_DEBIT = '4761344136141390';
const DECLINE = '4000128449498204';
const PARTIAL = '4000000000009995';
const CHALLENGE = '2221008123677736';
const messageOf = (j: Record<string, unknown>) =>
  (j.gwErrorReason as string) || (j.reason ? (j.reason as string) : null) || j.transactionStatus;

describe.each(dialects())('session answers as clients read them on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let w: WireClient;
  let seq = 0;
  const call = (method: string, fields: Record<string, unknown>, order: readonly string[] = A) =>
    w.call(method, order, { clientRequestId: `cr-${++seq}`, currency: 'USD', ...fields }).then((r) => r.json);
  const token = async () => (await call('getSessionToken', {}, S)).sessionToken as string;
  const pay = async (fields: Record<string, unknown>) =>
    call('payment', {
      sessionToken: await token(),
      clientUniqueId: `cu-${++seq}`,
      amount: '5.00',
      transactionType: 'Sale',
      ...fields,
    });

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 26, 10, 0, 0) });
    w = wireClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [VISA_DEBIT, DECLINE, PARTIAL, CHALLENGE])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('an approval has no gwErrorReason key, reads as APPROVED, and has paymentOption.userPaymentOptionId empty', async () => {
    const r = await pay({ paymentOption: { card: wireCard(VISA_DEBIT) } });
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      transactionStatus: 'APPROVED',
      gwErrorCode: 0,
      gwExtendedErrorCode: 0,
    });
    expect(r).not.toHaveProperty('gwErrorReason');
    expect(messageOf(r)).toBe('APPROVED');
    expect(r.paymentOption.userPaymentOptionId).toBe('');
  });

  it('a decline keeps its gwErrorReason, and the message reads it', async () => {
    const r = await pay({ paymentOption: { card: wireCard(DECLINE) } });
    expect(r).toMatchObject({ transactionStatus: 'DECLINED', gwErrorCode: -1, gwErrorReason: 'Decline' });
    expect(messageOf(r)).toBe('Decline');
  });

  it('isPartialApproval (a number, as one client sends it) always answers partialApproval, also approved in full', async () => {
    const full = await pay({
      amount: '0.55',
      transactionType: 'Auth',
      isPartialApproval: 1,
      paymentOption: { card: wireCard(VISA_DEBIT) },
    });
    expect(full.transactionStatus).toBe('APPROVED');
    expect(full.partialApproval).toMatchObject({ requestedAmount: '0.55', processedAmount: '0.55' });
    const half = await pay({
      amount: '10.00',
      transactionType: 'Auth',
      isPartialApproval: '1',
      paymentOption: { card: wireCard(PARTIAL) },
    });
    expect(half.partialApproval).toMatchObject({ requestedAmount: '10.00', processedAmount: '5.00' });
    const declined = await pay({ amount: '2.00', isPartialApproval: 1, paymentOption: { card: wireCard(DECLINE) } });
    expect(declined.partialApproval).toMatchObject({ requestedAmount: '2.00', processedAmount: '0.00' });
    const without = await pay({ amount: '0.55', paymentOption: { card: wireCard(VISA_DEBIT) } });
    expect(without).not.toHaveProperty('partialApproval');
    const off = await pay({ amount: '0.55', isPartialApproval: '0', paymentOption: { card: wireCard(VISA_DEBIT) } });
    expect(off).not.toHaveProperty('partialApproval');
  });

  it('initPayment answers v2supported "false" with empty method data for a card not enrolled, "true" for an enrolled one', async () => {
    const plain = await call('initPayment', {
      sessionToken: await token(),
      clientUniqueId: 'i-1',
      amount: '5.00',
      paymentOption: { card: wireCard(VISA_DEBIT) },
    });
    expect(plain.status).toBe('SUCCESS');
    expect(plain.paymentOption.card.threeD).toEqual({
      methodUrl: '',
      methodPayload: '',
      version: '',
      v2supported: 'false',
      serverTransId: '',
      directoryServerId: '',
      directoryServerPublicKey: '',
    });
    expect(plain.paymentOption.userPaymentOptionId).toBe('');
    // the InitAuth3D of a card not enrolled is paid by a plain payment after it
    const paid = await pay({
      relatedTransactionId: plain.transactionId,
      sessionToken: plain.sessionToken,
      paymentOption: { card: wireCard(VISA_DEBIT) },
    });
    expect(paid.transactionStatus).toBe('APPROVED');
    const enrolled = await call('initPayment', {
      sessionToken: await token(),
      clientUniqueId: 'i-2',
      amount: '1.51',
      paymentOption: { card: { ...wireCard(CHALLENGE), cardHolderName: 'CL-BRW2' } },
    });
    expect(enrolled.paymentOption.card.threeD).toMatchObject({ v2supported: 'true' });
    expect(enrolled.paymentOption.card.threeD.methodUrl).toMatch(/\/acs\/method\//);
  });

  it('getSessionToken of a wrong site answers no token and a reason containing "Invalid merchant site id"', async () => {
    const r = await w.call('getSessionToken', S, { clientRequestId: 'bad-site', merchantSiteId: '999999999' });
    expect(r.json.sessionToken ?? '').toBe('');
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1022 });
    expect(r.json.reason).toContain('Invalid merchant site id');
  });

  it('a first stored-credential payment with authenticationOnlyType ADDCARD and an amount is approved', async () => {
    const r = await pay({
      amount: '100.00',
      authenticationOnlyType: 'ADDCARD',
      userTokenId: 'cit-user',
      paymentOption: { card: { ...wireCard(VISA_DEBIT), storedCredentials: { storedCredentialsMode: '0' } } },
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', amount: '100.00' });
    expect(r.paymentOption.userPaymentOptionId).toMatch(/^\d+$/);
  });

  it('cvvNotUsed longer than 5 characters is refused in the gateway\'s words; "true" pays without a CVV', async () => {
    const bad = await pay({ cvvNotUsed: 'invalid', paymentOption: { card: wireCard(VISA_DEBIT) } });
    expect(bad).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(bad.reason).toContain('cvvNotUsed size must be between 0 and 5');
    const inCard = await pay({ paymentOption: { card: { ...wireCard(VISA_DEBIT), cvvNotUsed: 'sometimes' } } });
    expect(inCard.reason).toContain('cvvNotUsed size must be between 0 and 5');
    const { CVV: _cvv, ...noCvv } = wireCard(VISA_DEBIT);
    const ok = await pay({ cvvNotUsed: 'true', paymentOption: { card: { ...noCvv, CVV: '' } } });
    expect(ok).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    const empty = await pay({ paymentOption: { card: { ...noCvv, CVV: '' } } });
    expect(empty).toMatchObject({ status: 'ERROR' });
    expect(empty.reason).toContain('cardData.CVV is invalid');
  });

  it('a network-token wallet card (externalToken, no holder name, no CVV) is approved; its cryptogram is required', async () => {
    const { cardHolderName: _h, CVV: _c, ...token } = wireCard(VISA_DEBIT);
    const externalToken = {
      externalTokenProvider: 'ApplePay',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eciProvider: '07',
    };
    const r = await pay({ paymentOption: { card: { ...token, brand: 'visa', externalToken } } });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(r).not.toHaveProperty('gwErrorReason');
    const google = await pay({
      paymentOption: {
        card: { ...token, externalToken: { ...externalToken, externalTokenProvider: 'GooglePay', eciProvider: '05' } },
      },
    });
    expect(google.transactionStatus).toBe('APPROVED');
    const { cryptogram: _x, ...noCryptogram } = externalToken;
    const missing = await pay({ paymentOption: { card: { ...token, externalToken: noCryptogram } } });
    expect(missing).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(missing.reason).toContain('externalToken.cryptogram');
  });

  it('dynamic3D with the related Auth a client sends pays and records the link; an unknown related id stays 1271', async () => {
    const auth = await pay({ transactionType: 'Auth', paymentOption: { card: wireCard(VISA_DEBIT) } });
    expect(auth.transactionStatus).toBe('APPROVED');
    const d = await call('dynamic3D', {
      sessionToken: await token(),
      clientUniqueId: 'd3d-1',
      amount: '5.00',
      isDynamic3D: 1,
      relatedTransactionId: auth.transactionId,
      cardData: wireCard(VISA_DEBIT),
    });
    expect(d).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect((await gw.rt.deps.storage.read.payments.find(d.transactionId))?.relatedTransactionId).toBe(
      auth.transactionId,
    );
    const unknown = await call('dynamic3D', {
      sessionToken: await token(),
      clientUniqueId: 'd3d-2',
      amount: '5.00',
      isDynamic3D: 1,
      relatedTransactionId: '123',
      cardData: wireCard(VISA_DEBIT),
    });
    expect(unknown).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      transactionStatus: 'ERROR',
      gwErrorCode: -1100,
      gwExtendedErrorCode: 1271,
    });
  });

  it("dynamic3D cannot link another merchant's Auth: 1271", async () => {
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    const other = wireClient(gw, {
      ...gw.demo,
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
    const t = (await other.call('getSessionToken', S, { clientRequestId: 'o-1' })).json.sessionToken;
    const theirs = (
      await other.call('payment', A, {
        sessionToken: t,
        clientRequestId: 'o-2',
        clientUniqueId: 'o',
        amount: '5.00',
        currency: 'USD',
        transactionType: 'Auth',
        paymentOption: { card: wireCard(VISA_DEBIT) },
      })
    ).json;
    expect(theirs.transactionStatus).toBe('APPROVED');
    const d = await call('dynamic3D', {
      sessionToken: await token(),
      clientUniqueId: 'd3d-3',
      amount: '5.00',
      isDynamic3D: 1,
      relatedTransactionId: theirs.transactionId,
      cardData: wireCard(VISA_DEBIT),
    });
    expect(d).toMatchObject({ transactionStatus: 'ERROR', gwExtendedErrorCode: 1271 });
  });
});
