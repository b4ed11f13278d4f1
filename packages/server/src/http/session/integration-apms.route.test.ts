import { buildWithdrawalRequest } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';
import { CATALOGUE_CHECKSUM_FIELDS as CF } from '../../security/catalogue-checksum.js';

/**
 * The APM names real integrations send (docs/decisions/0372), through the real server: a bank-account
 * payment (apmgw_ACH) as one client sends it ends PENDING and an operator completes it; a PayPal-style
 * redirect; accountCapture, addBankAccount, enrollAccount, fundAccount and getAccountDetails with the
 * methods the server facts name; a method outside the catalogue is 1068.
 */

const APM = (paymentMethod: string) => ({ alternativePaymentMethod: { paymentMethod } });

describe.each(dialects())('APMs of real integrations on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let w: WireClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    sc = sessionClient(gw);
    w = wireClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const token = async () =>
    (await sc.send('getSessionToken', { clientRequestId: `t-${++seq}` })).json.sessionToken as string;
  /** payment.do as one client sends it: a fresh session token, billing in GB, USD, string amount. */
  const pay = async (alternativePaymentMethod: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
    (
      await sc.send('payment', {
        sessionToken: await token(),
        clientRequestId: `p-${++seq}`,
        clientUniqueId: `order-${seq}`,
        amount: '5.00',
        currency: 'USD',
        transactionType: 'Auth',
        userTokenId: `ach-user-${seq}`,
        billingAddress: { country: 'GB', email: 'ada@example.com' },
        deviceDetails: { ipAddress: '127.0.0.1' },
        paymentOption: { alternativePaymentMethod },
        ...fields,
      })
    ).json;
  const complete = (transactionId: string, outcome: string) =>
    gw.request('POST', `/admin/v1/apm-payments/${transactionId}/complete`, {
      headers: { 'x-api-key': gw.demo.apiKey },
      body: { outcome },
    });

  describe('apmgw_ACH', () => {
    const ach = { paymentMethod: 'apmgw_ACH', AccountNumber: '111111111', RoutingNumber: '999999992', SECCode: 'WEB' };

    it('a bank-account payment ends PENDING, the account masked; an operator completes it later', async () => {
      const r = await pay(ach);
      expect(r).toMatchObject({ status: 'SUCCESS', errCode: 0, transactionStatus: 'PENDING', transactionType: 'Auth' });
      expect(r.paymentOption.alternativePaymentMethod).toMatchObject({
        paymentMethod: 'apmgw_ACH',
        AccountNumber: '*****1111',
        RoutingNumber: '999999992',
      });
      expect(JSON.stringify(r)).not.toContain('111111111');
      const tx = await gw.rt.deps.storage.read.payments.find(r.transactionId);
      expect(tx).toMatchObject({
        status: 'pending',
        awaiting: 'operator',
        apm: { method: 'apmgw_ACH', flow: 'async' },
      });
      const done = await complete(r.transactionId, 'approved');
      expect(done.status).toBe(200);
      expect(await gw.rt.deps.storage.read.payments.find(r.transactionId)).toMatchObject({ status: 'approved' });
    });

    it.each([
      [{ RoutingNumber: '999999993' }, 1019, 'RoutingNumber'],
      [{ AccountNumber: undefined }, 1019, '[paymentOption.alternativePaymentMethod.AccountNumber] must not be null'],
      [{ SECCode: 'XYZ' }, 1019, 'SECCode'],
    ])('refuses %j (%i)', async (change, errCode, reason) => {
      const r = await pay({ ...ach, ...change });
      expect(r).toMatchObject({ status: 'ERROR', errCode });
      expect(r.reason).toContain(reason);
    });

    it('only in USD', async () => {
      expect(await pay(ach, { currency: 'EUR' })).toMatchObject({ status: 'ERROR', errCode: 1070 });
    });
  });

  it('apmgw_expresscheckout answers REDIRECT with its page, through payment and paymentAPM', async () => {
    const r = await pay(
      { paymentMethod: 'apmgw_expresscheckout', email: 'ada@example.com' },
      { transactionType: 'Sale' },
    );
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
    expect(r.redirectUrl ?? r.paymentOption?.redirectUrl).toMatch(/\/apm\/redirect\/\d+-/);
    const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
    const apm = await w.call('paymentAPM', CF.paymentAPM, {
      sessionToken,
      clientRequestId: `papm-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentMethod: 'apmgw_expresscheckout',
      userAccountDetails: { email: 'ada@example.com' },
      urlDetails: { successUrl: 'https://merchant.example/ok' },
    });
    expect(apm.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
  });

  it('apmgw_PlayPlus is paid at once, by a payer in the US only', async () => {
    const play = { paymentMethod: 'apmgw_PlayPlus', email: 'player@example.com' };
    const us = { billingAddress: { country: 'US', email: 'ada@example.com' } };
    expect(await pay(play, us)).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(await pay(play)).toMatchObject({
      status: 'ERROR',
      errCode: 1068,
      reason: expect.stringContaining('not enabled for country GB'),
    });
  });

  describe('the session methods of KYC and account capture', () => {
    const bank = { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' };

    it('accountCapture with apmgw_PayRetailers_Payouts stores the account; a payout then pays it', async () => {
      const u = `pr-user-${++seq}`;
      const { sessionToken } = await sc.openOrder({ userTokenId: u, amount: '50.00', currency: 'BRL' } as Record<
        string,
        unknown
      >);
      const r = (
        await w.post('accountCapture', {
          sessionToken,
          userTokenId: u,
          paymentMethod: 'apmgw_PayRetailers_Payouts',
          currencyCode: 'BRL',
          countryCode: 'BR',
          amount: '50.00',
          languageCode: 'es',
        })
      ).json;
      expect(r).toMatchObject({
        status: 'SUCCESS',
        userTokenId: u,
        redirectUrl: expect.stringContaining('/hosted/v1/account-capture?ref='),
      });
      const page = await fetch(r.redirectUrl);
      expect(await page.text()).toContain('name="account_number"');
      const saved = await fetch(r.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          account_holder_name: 'Ana Souza',
          document_number: '12345678909',
          account_number: '0012345678',
        }).toString(),
        redirect: 'manual',
      });
      expect(saved.status, await saved.clone().text()).toBeLessThan(400);
      const upos = (await sc.send('getUserUPOs', { userTokenId: u, clientRequestId: `l-${++seq}` })).json;
      const upo = upos.paymentMethods.find(
        (m: { paymentMethodName: string }) => m.paymentMethodName === 'apmgw_PayRetailers_Payouts',
      );
      expect(upo).toBeDefined();
      expect(JSON.stringify(upos)).not.toContain('0012345678');
      const p = (
        await sc.send('payout', {
          userTokenId: u,
          clientRequestId: `po-${++seq}`,
          amount: '20.00',
          currency: 'BRL',
          userPaymentOption: { userPaymentOptionId: String(upo.userPaymentOptionId) },
        })
      ).json;
      expect(p).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        paymentMethod: 'apmgw_PayRetailers_Payouts',
      });
    });

    it('addBankAccount and enrollAccount with apmgw_VIP_Preferred, fundAccount with apmgw_PlayPlus, getAccountDetails reads them', async () => {
      const u = `vip-user-${++seq}`;
      const { sessionToken } = await sc.openOrder({ userTokenId: u, amount: '25.00', currency: 'USD' } as Record<
        string,
        unknown
      >);
      const base = {
        sessionToken,
        clientUniqueId: 'cu',
        clientRequestId: `rb-${++seq}`,
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
      };
      const added = await gw.request('POST', '/ppp/api/v1/addBankAccount.do', {
        body: buildWithdrawalRequest(
          sc.creds,
          { ...base, bankAccount: bank, userTokenId: u },
          { now: new Date(gw.clock.now()) },
        ),
      });
      expect(added.json).toMatchObject({
        status: 'SUCCESS',
        paymentMethod: 'apmgw_VIP_Preferred',
        accountStatus: 'Enrolled',
        bankAccount: { accountNumber: '****6789' },
      });
      expect((await w.post('getAccountDetails', base)).json).toMatchObject({
        status: 'SUCCESS',
        paymentMethod: 'apmgw_VIP_Preferred',
        accountStatus: 'Enrolled',
      });
      const play = { ...base, paymentOption: APM('apmgw_PlayPlus') };
      expect((await w.post('enrollAccount', { ...play, userTokenId: u })).json).toMatchObject({
        status: 'SUCCESS',
        paymentMethod: 'apmgw_PlayPlus',
        accountStatus: 'Enrolled',
      });
      expect((await w.post('fundAccount', play)).json).toMatchObject({
        status: 'SUCCESS',
        accountStatus: 'Funded',
        fundedAmount: '25.00',
        currency: 'USD',
      });
      expect((await w.post('getAccountDetails', play)).json).toMatchObject({ accountStatus: 'Funded' });
    });

    it('a method outside the catalogue is 1068 on each of them', async () => {
      const u = `nope-user-${++seq}`;
      const { sessionToken } = await sc.openOrder({ userTokenId: u } as Record<string, unknown>);
      const base = {
        sessionToken,
        clientUniqueId: 'cu',
        clientRequestId: `rn-${++seq}`,
        paymentOption: APM('apmgw_Nope'),
        userId: `id-${u}`,
      };
      for (const m of ['enrollAccount', 'fundAccount', 'getAccountDetails']) {
        expect((await w.post(m, { ...base, userTokenId: u })).json, m).toMatchObject({
          status: 'ERROR',
          errCode: 1068,
          reason: '[paymentOption.alternativePaymentMethod.paymentMethod] apmgw_Nope is not an enabled payment method',
        });
      }
      const added = await gw.request('POST', '/ppp/api/v1/addBankAccount.do', {
        body: buildWithdrawalRequest(
          sc.creds,
          { ...base, bankAccount: bank, userTokenId: u },
          { now: new Date(gw.clock.now()) },
        ),
      });
      expect(added.json).toMatchObject({ status: 'ERROR', errCode: 1068 });
    });
  });
});
