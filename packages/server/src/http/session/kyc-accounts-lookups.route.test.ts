import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';
import { cardUpo } from '../../../test/withdrawals.js';
import { buildWithdrawalRequest } from '@gatehouse/client';
import { createMerchant } from '../../domain/merchants/merchant.service.js';

/**
 * KYC, bank accounts and account capture (server facts 2.9) and the lookups (2.10) through the real
 * server (docs/decisions/0132, 0133): state behind each, checksums, missing fields, another
 * merchant's ids refused.
 */

const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'];
const APM = (paymentMethod: string) => ({ alternativePaymentMethod: { paymentMethod } });

describe.each(dialects())('KYC, accounts and lookups (session API) on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let w: WireClient;
  let sc: SessionClient;
  let other: WireClient;
  let otherSc: SessionClient;
  let seq = 0;
  const uid = () => `kyc-user-${++seq}`;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    w = wireClient(gw);
    sc = sessionClient(gw);
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    const creds = {
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    };
    other = wireClient(gw, { ...gw.demo, ...creds });
    otherSc = sessionClient(gw, creds);
  });
  afterAll(async () => {
    await gw.close();
  });

  const ekyc = (userTokenId: string, as = w, extra: Record<string, unknown> = {}) =>
    as.call('eKYC', S, {
      userTokenId,
      userId: `id-${userTokenId}`,
      clientUniqueId: 'cu-1',
      clientRequestId: `r-${++seq}`,
      userDetails: { firstName: 'Ada', lastName: 'Byron', country: 'GB' },
      ekycUserDetails: {
        userName: 'ada',
        dateOfBirth: '1815-12-10',
        identification: 'X1',
        identificationType: 'passport',
      },
      ...extra,
    });
  const page = async (url: string, method = 'GET') => gw.request(method, new URL(url).pathname);

  describe('eKYC and getDocumentUploadUrl', () => {
    it('eKYC records a Pending check; its sandbox page approves it once', async () => {
      const r = (await ekyc(uid())).json;
      expect(r).toMatchObject({ status: 'SUCCESS', errCode: 0, kycStatus: 'Pending', clientUniqueId: 'cu-1' });
      expect(r.kycId).toMatch(/^\d+$/);
      expect(r.url).toMatch(/\/sandbox\/kyc\/[1-9A-HJ-NP-Za-km-z]+$/);
      const before = await page(r.url);
      expect(before.status).toBe(200);
      expect(before.text).toContain('<strong id="status">Pending</strong>');
      const approved = await page(`${r.url}/approve`, 'POST');
      expect(approved.status).toBe(200);
      expect(approved.text).toContain('<strong id="status">Approved</strong>');
      expect((await page(`${r.url}/decline`, 'POST')).status).toBe(409);
      expect((await page(r.url)).text).toContain('Approved');
      expect((await gw.request('GET', '/sandbox/kyc/unknownkey12345')).status).toBe(404);
    });

    it('getDocumentUploadUrl answers the upload page of a Pending document check; it can be declined', async () => {
      const userTokenId = uid();
      const r = (
        await w.call('getDocumentUploadUrl', S, {
          userTokenId,
          userId: 'u1',
          clientUniqueId: 'cu-2',
          clientRequestId: 'r2',
          userDetails: { firstName: 'Ada' },
          kycUserDetails: { documentType: 'passport' },
          merchantDetails: { customField1: 'x' },
        })
      ).json;
      expect(r).toMatchObject({
        status: 'SUCCESS',
        kycStatus: 'Pending',
        url: expect.stringContaining('/sandbox/kyc/'),
      });
      expect((await page(`${r.url}/decline`, 'POST')).text).toContain('Declined');
    });

    it('a wrong checksum is 1001; a missing ekycUserDetails or kycUserDetails is refused naming it', async () => {
      const body = w.signed(S, {
        userTokenId: 'u',
        userId: 'u',
        clientUniqueId: 'c',
        clientRequestId: 'r',
        userDetails: {},
        ekycUserDetails: {},
      });
      expect((await w.post('eKYC', { ...body, checksum: '0'.repeat(64) })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1001,
      });
      expect((await w.post('getDocumentUploadUrl', { ...body, checksum: '0'.repeat(64) })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1001,
      });
      const m1 = (
        await w.call('eKYC', S, {
          userTokenId: 'u',
          userId: 'u',
          clientUniqueId: 'c',
          clientRequestId: 'r',
          userDetails: {},
        })
      ).json;
      expect(m1).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: expect.stringContaining('[ekycUserDetails] must not be null'),
      });
      const m2 = (
        await w.call('getDocumentUploadUrl', S, {
          userTokenId: 'u',
          userId: 'u',
          clientUniqueId: 'c',
          clientRequestId: 'r',
          userDetails: {},
        })
      ).json;
      expect(m2).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: expect.stringContaining('[kycUserDetails] must not be null'),
      });
    });
  });

  describe('bank accounts and account capture', () => {
    const bankBody = (sessionToken: string, userTokenId: string, extra: Record<string, unknown> = {}) => ({
      sessionToken,
      clientUniqueId: 'cu-b',
      clientRequestId: `rb-${++seq}`,
      paymentOption: APM('apmgw_VIP_Preferred'),
      userId: `id-${userTokenId}`,
      bankAccount: { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' },
      userTokenId,
      ...extra,
    });
    const addBank = (body: object, creds = sc.creds) =>
      gw.request('POST', '/ppp/api/v1/addBankAccount.do', {
        body: buildWithdrawalRequest(creds, body, { now: new Date(gw.clock.now()) }),
      });

    it('addBankAccount enrols the account masked; getAccountDetails reads it; fundAccount adds the order amount', async () => {
      const u = uid();
      const { sessionToken } = await sc.openOrder({ userTokenId: u, amount: '12.00' } as Record<string, unknown>);
      const a = (await addBank(bankBody(sessionToken, u))).json;
      expect(a).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        userId: `id-${u}`,
        paymentMethod: 'apmgw_VIP_Preferred',
        accountStatus: 'Enrolled',
        bankAccount: { bankName: 'First Bank', accountNumber: '****6789', routingNumber: '011000015' },
      });
      expect(JSON.stringify(a)).not.toContain('000123456789');
      const details = {
        sessionToken,
        clientUniqueId: 'cu',
        clientRequestId: 'r',
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
      };
      expect((await w.post('getAccountDetails', details)).json).toMatchObject({
        status: 'SUCCESS',
        accountStatus: 'Enrolled',
        bankAccount: { accountNumber: '****6789' },
      });
      const f = (await w.post('fundAccount', details)).json;
      expect(f).toMatchObject({ status: 'SUCCESS', accountStatus: 'Funded', fundedAmount: '12.00', currency: 'EUR' });
      expect((await w.post('fundAccount', details)).json).toMatchObject({ fundedAmount: '24.00' });
      // an APM without an enrolled account
      expect(
        (await w.post('getAccountDetails', { ...details, paymentOption: APM('apmgw_PlayPlus') })).json,
      ).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: '[userId] has no account enrolled for apmgw_PlayPlus',
      });
      // enrollAccount: no checksum, bankAccount optional
      const e = (
        await w.post('enrollAccount', {
          ...bankBody(sessionToken, u, { paymentOption: APM('apmgw_PlayPlus') }),
          bankAccount: undefined,
        })
      ).json;
      expect(e).toMatchObject({
        status: 'SUCCESS',
        accountStatus: 'Enrolled',
        paymentMethod: 'apmgw_PlayPlus',
        bankAccount: {},
      });
      expect((await w.post('fundAccount', { ...details, paymentOption: APM('apmgw_PlayPlus') })).json).toMatchObject({
        fundedAmount: '12.00',
      });
    });

    it('addBankAccount: a wrong checksum is 1001, a missing bankAccount names it; the no-checksum calls need a sessionToken', async () => {
      const u = uid();
      const { sessionToken } = await sc.openOrder({ userTokenId: u } as Record<string, unknown>);
      const signed = buildWithdrawalRequest(sc.creds, bankBody(sessionToken, u), { now: new Date(gw.clock.now()) });
      expect(
        (await gw.request('POST', '/ppp/api/v1/addBankAccount.do', { body: { ...signed, checksum: 'a'.repeat(64) } }))
          .json,
      ).toMatchObject({ status: 'ERROR', errCode: 1001 });
      const { bankAccount: _, ...without } = bankBody(sessionToken, u);
      expect((await addBank(without)).json).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: expect.stringContaining('[bankAccount] must not be null'),
      });
      for (const m of [
        'enrollAccount',
        'fundAccount',
        'getAccountDetails',
        'accountCapture',
        'getMcpRates',
        'getDocumentUrl',
      ]) {
        expect((await w.post(m, { clientRequestId: 'r' })).json).toMatchObject({
          status: 'ERROR',
          reason: expect.stringContaining('[sessionToken] must not be null'),
        });
      }
      expect(
        (await w.post('getAccountDetails', { sessionToken, clientUniqueId: 'c', clientRequestId: 'r', userId: 'x' }))
          .json,
      ).toMatchObject({
        status: 'ERROR',
        reason: expect.stringContaining('[paymentOption] must not be null'),
      });
    });

    it("another merchant cannot reach the account, nor use the merchant's session", async () => {
      const u = uid();
      const { sessionToken } = await sc.openOrder({ userTokenId: u } as Record<string, unknown>);
      await addBank(bankBody(sessionToken, u));
      const theirs = await otherSc.openOrder({ userTokenId: u } as Record<string, unknown>);
      const details = {
        clientUniqueId: 'cu',
        clientRequestId: 'r',
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
      };
      expect(
        (await other.post('getAccountDetails', { sessionToken: theirs.sessionToken, ...details })).json,
      ).toMatchObject({ status: 'ERROR', errCode: 1019 });
      expect((await other.post('fundAccount', { sessionToken: theirs.sessionToken, ...details })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
      });
      // the demo's session signed by the other merchant: expired for it (1069); the account unchanged
      expect(
        (await addBank(bankBody(sessionToken, u, { bankAccount: { accountNumber: '999999999' } }), otherSc.creds)).json,
      ).toMatchObject({ status: 'ERROR', errCode: 1069 });
      // merchant ids that are not the session's
      expect(
        (
          await other.post('getAccountDetails', {
            sessionToken,
            merchantId: other.signed([], {}).merchantId,
            ...details,
          })
        ).json,
      ).toMatchObject({ status: 'ERROR', errCode: 1013 });
      expect((await w.post('getAccountDetails', { sessionToken, ...details })).json).toMatchObject({
        accountStatus: 'Enrolled',
        bankAccount: { accountNumber: '****6789' },
      });
    });

    it('accountCapture answers the capture page for a payout-capable APM; a deposit-only one is 1068', async () => {
      const u = uid();
      const { sessionToken } = await sc.openOrder({ userTokenId: u } as Record<string, unknown>);
      const body = {
        sessionToken,
        userTokenId: u,
        paymentMethod: 'apmgw_BankPayout',
        currencyCode: 'EUR',
        countryCode: 'DE',
        amount: '10.00',
        languageCode: 'en',
      };
      const r = (await w.post('accountCapture', body)).json;
      expect(r).toMatchObject({
        status: 'SUCCESS',
        userTokenId: u,
        redirectUrl: expect.stringContaining('/hosted/v1/account-capture?ref='),
      });
      expect((await gw.request('GET', new URL(r.redirectUrl).pathname + new URL(r.redirectUrl).search)).status).toBe(
        200,
      );
      expect((await w.post('accountCapture', { ...body, paymentMethod: 'apmgw_DirectDebit' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1068,
      });
      const { userTokenId: _, ...missing } = body;
      expect((await w.post('accountCapture', missing)).json).toMatchObject({
        status: 'ERROR',
        reason: expect.stringContaining('[userTokenId] must not be null'),
      });
    });
  });

  describe('lookups', () => {
    it('getMerchantPaymentMethods lists the catalogue for a live session, filtered; checksum [S]; sessionToken required', async () => {
      const { sessionToken } = await sc.openOrder();
      const all = (await w.call('getMerchantPaymentMethods', S, { sessionToken, clientRequestId: 'r1' })).json;
      expect(all.status).toBe('SUCCESS');
      expect(all.paymentMethods.length).toBeGreaterThan(1);
      const gbp = (
        await w.call('getMerchantPaymentMethods', S, {
          sessionToken,
          clientRequestId: 'r1',
          currencyCode: 'GBP',
          countryCode: 'GB',
          type: 'WITHDRAWAL',
        })
      ).json;
      expect(gbp.paymentMethods.map((m: any) => m.paymentMethod)).toContain('apmgw_BankPayout');
      const body = w.signed(S, { sessionToken, clientRequestId: 'r1' });
      expect((await w.post('getMerchantPaymentMethods', { ...body, checksum: '0'.repeat(64) })).json).toMatchObject({
        errCode: 1001,
      });
      expect((await w.call('getMerchantPaymentMethods', S, { clientRequestId: 'r1' })).json).toMatchObject({
        errCode: 1019,
        reason: expect.stringContaining('[sessionToken] must not be null'),
      });
      // another merchant's session is expired for this caller
      expect(
        (await other.call('getMerchantPaymentMethods', S, { sessionToken, clientRequestId: 'r1' })).json,
      ).toMatchObject({ errCode: 1069 });
    });

    it("getMcpRates answers today's rates from fromCurrency with the markup", async () => {
      const { sessionToken } = await sc.openOrder();
      const r = (await w.post('getMcpRates', { sessionToken, fromCurrency: 'EUR' })).json;
      expect(r).toMatchObject({ status: 'SUCCESS', fromCurrency: 'EUR' });
      const usd = r.rates.find((x: any) => x.toCurrency === 'USD');
      expect(usd.rate).toMatch(/^\d+\.\d{6}$/);
      expect(r.rates.some((x: any) => x.toCurrency === 'EUR')).toBe(false);
      expect(
        (await w.post('getMcpRates', { sessionToken, fromCurrency: 'EUR', toCurrency: 'GBP' })).json.rates,
      ).toHaveLength(1);
      expect((await w.post('getMcpRates', { sessionToken, fromCurrency: 'XQZ' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1041,
      });
      expect((await w.post('getMcpRates', { sessionToken })).json).toMatchObject({
        status: 'ERROR',
        reason: expect.stringContaining('[fromCurrency] must not be null'),
      });
    });

    it("getPayoutStatus finds the payout by its clientRequestId; another merchant's is 1019", async () => {
      const u = uid();
      const upo = await cardUpo(gw, u, '4761344136141390');
      const clientRequestId = `po-${u}`;
      const p = (
        await sc.send('payout', {
          userTokenId: u,
          clientRequestId,
          amount: '7.50',
          currency: 'EUR',
          userPaymentOption: { userPaymentOptionId: upo },
        })
      ).json;
      expect(p.transactionStatus).toBe('APPROVED');
      const s = (await w.call('getPayoutStatus', S, { clientRequestId })).json;
      expect(s).toMatchObject({
        status: 'SUCCESS',
        transactionId: p.transactionId,
        transactionType: 'Payout',
        transactionStatus: 'APPROVED',
        amount: '7.50',
        currency: 'EUR',
        gwErrorCode: 0,
      });
      expect((await other.call('getPayoutStatus', S, { clientRequestId })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: '[clientRequestId] names no payout of this site',
      });
      expect(
        (await w.post('getPayoutStatus', { ...w.signed(S, { clientRequestId }), checksum: '0'.repeat(64) })).json,
      ).toMatchObject({ errCode: 1001 });
      expect((await w.call('getPayoutStatus', S, {})).json).toMatchObject({
        errCode: 1019,
        reason: expect.stringContaining('[clientRequestId] must not be null'),
      });
    });

    it('getDocumentUrl answers a page the sandbox serves; an unknown APM is 1068, an unknown documentType 1019', async () => {
      const { sessionToken } = await sc.openOrder();
      const body = {
        sessionToken,
        clientUniqueId: 'cu',
        clientRequestId: 'r',
        paymentOption: APM('apmgw_RedirectPay'),
        documentType: 'PrivacyPolicy',
      };
      const r = (await w.post('getDocumentUrl', body)).json;
      expect(r).toMatchObject({
        status: 'SUCCESS',
        url: expect.stringContaining('/sandbox/documents/apmgw_RedirectPay/PrivacyPolicy'),
      });
      expect(r.documentUrl).toBe(r.url);
      const served = await gw.request('GET', new URL(r.url).pathname);
      expect(served.status).toBe(200);
      expect(served.text).toContain('Privacy policy');
      expect((await w.post('getDocumentUrl', { ...body, paymentOption: APM('apmgw_Nope') })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1068,
      });
      expect((await w.post('getDocumentUrl', { ...body, documentType: 'Novel' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        reason: expect.stringContaining('[documentType]'),
      });
      expect((await gw.request('GET', '/sandbox/documents/apmgw_Nope/FAQ')).status).toBe(404);
    });
  });
});
