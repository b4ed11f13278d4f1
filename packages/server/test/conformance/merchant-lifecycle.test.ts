import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteNotificationUrl } from '../../src/domain/notifications/notification.service.js';
import { Relay, relayOptionsOf } from '../../src/delivery/relay.js';
import type { ManualClock } from '../../src/lib/clock.js';
import { type DialectName, dialects } from '../dialects.js';
import { apiKey, type Gateway, startGateway } from '../harness.js';
import { verifyDmn } from '../notify-verify.js';
import { notificationKey, type Received, type Receiver, startReceiver } from '../receiver.js';
import { sdkClient, type SdkClient } from './sdk-client.js';

/**
 * The conformance test (ADR 0146): one merchant's whole lifecycle driven only through session calls, each
 * step put on the wire the way one public server SDK does (test/conformance/sdk-client.ts, written
 * from the spec alone), DMNs captured by a real HTTP receiver and their checksums verified.
 */

const T0 = Date.UTC(2026, 5, 1, 9, 15, 30);
const DAY = 24 * 3600 * 1000;
const CHALLENGE = '2221008123677736';
const USER = 'lifecycle-user-1';
const NOTIFY_3DS = 'https://merchant.example/3ds/notify';

describe.each(dialects())('merchant lifecycle through the session API on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  let php: SdkClient;
  let node: SdkClient;
  let ruby: SdkClient;
  const clock = () => gw.clock as ManualClock;
  /** what the steps share */
  const s: Record<string, any> = {};
  /** the DMNs each step caused, verified, in step order */
  const byStep: Array<{ step: string; dmns: Array<Record<string, string>> }> = [];
  let seen = 0;

  /**
   * Delivers every notification due and answers the DMNs that arrived since the last call, each one's
   * checksum verified independently, sorted by PPP_TransactionID then Status (a relay sends a batch
   * concurrently, so arrival order within a step is not defined).
   */
  const dmnsOf = async (step: string) => {
    // bounded: a tick delivers everything due; a second finds nothing unless a delivery failed
    for (let i = 0; i < 3 && (await relay.tick()).attempted > 0; i++);
    const fresh: Received[] = rx.received.slice(seen);
    seen = rx.received.length;
    const dmns = fresh
      .map((r) => verifyDmn(gw.demo.merchantSecretKey, r))
      .sort((a, b) => `${a.PPP_TransactionID}${a.Status}`.localeCompare(`${b.PPP_TransactionID}${b.Status}`));
    for (const f of dmns) expect(JSON.stringify(f)).not.toContain(CHALLENGE);
    byStep.push({ step, dmns });
    return dmns;
  };
  /** a DMN's shape in the expectations: transactionType, Status, totalAmount */
  const brief = (f: Record<string, string>) => `${f.transactionType} ${f.Status} ${f.totalAmount}`;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    rx = await startReceiver({ clock: gw.clock });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${rx.url}/dmn`);
    // ticked by the test after each step: every DMN due is delivered before the next step starts
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, relayOptionsOf(gw.rt.config));
    php = sdkClient(gw, 'php');
    node = sdkClient(gw, 'node');
    ruby = sdkClient(gw, 'ruby');
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  /** the answer of a call whose HTTP status is 200, with errCode exactly 0 as the Node SDK requires */
  const ok = async (c: SdkClient, method: string, fields: Record<string, unknown>) => {
    const r = await c.call(method, fields);
    expect(r.status, `${c.style} ${method}: ${r.text}`).toBe(200);
    expect(r.json, `${c.style} ${method}: ${r.text}`).toMatchObject({ status: 'SUCCESS', errCode: 0 });
    return r.json;
  };

  it('1. session token, user, user details', async () => {
    const t = await ok(ruby, 'getSessionToken', { clientRequestId: '6f1e1f2a-4b8a-4c1e-9a3e-0d4b7f0c1a01' });
    expect(t.sessionToken).toMatch(/\S/);
    expect(t).toMatchObject({ version: '1.0', merchantId: gw.demo.merchantId, merchantSiteId: gw.demo.merchantSiteId });

    const u = await ok(php, 'createUser', {
      userTokenId: USER,
      clientRequestId: 'cu-1',
      firstName: 'Ada',
      lastName: 'Byron',
      address: '12 St James Square',
      city: 'London',
      zip: 'SW1Y4JH',
      countryCode: 'GB',
      locale: 'en_UK',
      email: 'ada@example.com',
    });
    expect(u.userId).toBeDefined();
    const d = await ok(node, 'getUserDetails', {
      userTokenId: USER,
      clientRequestId: 'a4d8c0de-1c1a-11ef-9262-0242ac120002',
    });
    expect(d.userDetails).toMatchObject({ firstName: 'Ada', lastName: 'Byron', address: '12 St James Square' });
    expect(await dmnsOf('1')).toEqual([]);
  });

  it('2. a 3-D Secure challenge card stored as a UPO, listed by getUserUPOs', async () => {
    const c = await ok(php, 'addUPOCreditCard', {
      userTokenId: USER,
      clientRequestId: 'upo-1',
      ccCardNumber: CHALLENGE,
      ccExpMonth: '12',
      ccExpYear: '2030',
      ccNameOnCard: 'CL-BRW2',
      billingAddress: {
        firstName: 'Ada',
        lastName: 'Byron',
        address: '12 St James Square',
        zip: 'SW1Y4JH',
        city: 'London',
        countryCode: 'GB',
        email: 'ada@example.com',
      },
    });
    expect(c).toMatchObject({
      userPaymentOptionId: expect.stringMatching(/^\d+$/),
      bin: '222100',
      last4Digits: '7736',
    });
    expect(JSON.stringify(c)).not.toContain(CHALLENGE);
    s.upo = c.userPaymentOptionId;
    const l = await ok(node, 'getUserUPOs', {
      userTokenId: USER,
      clientRequestId: 'b1c2d3e4-1c1a-11ef-9262-0242ac120002',
    });
    expect(l.paymentMethods.map((m: any) => m.userPaymentOptionId)).toEqual([s.upo]);
    expect(l.paymentMethods[0]).toMatchObject({ upoStatus: 'enabled' });
    expect(await dmnsOf('2')).toEqual([]);
  });

  it('3. openOrder → initPayment → payment → the ACS challenge → payment: an approved Auth of the stored card', async () => {
    const o = await ok(node, 'openOrder', {
      clientRequestId: 'c0ffee00-1c1a-11ef-9262-0242ac120002',
      clientUniqueId: 'order-1',
      userTokenId: USER,
      amount: '10.00',
      currency: 'EUR',
      transactionType: 'Auth',
    });
    expect(o.orderId).toMatch(/^\d+$/);
    s.sessionToken = o.sessionToken;
    s.orderId = o.orderId;
    ruby.sessionToken = o.sessionToken;

    // the stored card, with its CVV, from initPayment to the payment after the challenge (docs/decisions/0149)
    const card = { CVV: '217' };
    const init = await ok(ruby, 'initPayment', {
      sessionToken: s.sessionToken,
      clientRequestId: '7d1e1f2a-4b8a-4c1e-9a3e-0d4b7f0c1a02',
      clientUniqueId: 'order-1',
      userTokenId: USER,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { userPaymentOptionId: s.upo, card },
    });
    expect(init).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionType: 'InitAuth3D',
      transactionId: expect.stringMatching(/^\d+$/),
    });
    expect(init.paymentOption.card.threeD).toMatchObject({ v2supported: 'true' });

    const pay = (relatedTransactionId: string, clientRequestId: string) =>
      ok(php, 'payment', {
        sessionToken: s.sessionToken,
        clientRequestId,
        clientUniqueId: 'order-1',
        userTokenId: USER,
        amount: '10.00',
        currency: 'EUR',
        transactionType: 'Auth',
        relatedTransactionId,
        paymentOption: {
          userPaymentOptionId: s.upo,
          card: {
            ...card,
            threeD: {
              methodCompletionInd: 'Y',
              version: init.paymentOption.card.threeD.version,
              notificationURL: NOTIFY_3DS,
              platformType: '02',
              v2AdditionalParams: { challengePreference: '01', challengeWindowSize: '05' },
              browserDetails: {
                acceptHeader: 'text/html',
                ip: '192.0.2.10',
                javaEnabled: 'true',
                language: 'en',
                colorDepth: '48',
                screenHeight: '800',
                screenWidth: '1280',
                timeZone: '0',
                userAgent: 'conformance',
              },
            },
          },
        },
        billingAddress: {
          firstName: 'Ada',
          lastName: 'Byron',
          email: 'ada@example.com',
          country: 'GB',
          zip: 'SW1Y4JH',
        },
        deviceDetails: { ipAddress: '192.0.2.10' },
      });
    const challenge = await pay(init.transactionId, 'pay-1');
    expect(challenge).toMatchObject({ transactionStatus: 'REDIRECT', transactionType: 'Auth3D', orderId: s.orderId });
    const threeD = challenge.paymentOption.card.threeD;
    expect(threeD.acsUrl).toMatch(/\/acs\/challenge\//);
    expect(JSON.parse(Buffer.from(threeD.cReq, 'base64url').toString('utf8'))).toMatchObject({
      messageType: 'CReq',
      acsTransID: threeD.acsTransID,
    });

    // the cardholder's part, as the browser would post it: the simulated ACS page's "complete" button
    const acs = await fetch(threeD.acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'complete', code: '123456' }).toString(),
    });
    const cres = /name="cres" value="([^"]+)"/.exec(await acs.text())?.[1];
    expect(JSON.parse(Buffer.from(cres!, 'base64url').toString('utf8'))).toMatchObject({
      messageType: 'CRes',
      transStatus: 'Y',
    });

    const paid = await pay(challenge.transactionId, 'pay-2');
    expect(paid).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionType: 'Auth',
      orderId: s.orderId,
      clientUniqueId: 'order-1',
      gwErrorCode: 0,
      authCode: expect.stringMatching(/\S/),
      transactionId: expect.stringMatching(/^\d+$/),
    });
    expect(paid.paymentOption.card).toMatchObject({ ccCardNumber: '2****7736', last4Digits: '7736' });
    expect(paid.paymentOption.userPaymentOptionId).toBe(s.upo);
    expect(paid.paymentOption.card.threeD).toMatchObject({ result: 'Y', eci: '02', isLiabilityOnIssuer: '1' });
    s.auth = paid;

    // P sends getPaymentStatus with the session token, merchant ids and timeStamp, no checksum
    const st = await ok(php, 'getPaymentStatus', { sessionToken: s.sessionToken });
    expect(st).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionType: 'Auth',
      transactionId: paid.transactionId,
    });

    // one DMN: the Auth (the InitAuth3D and the challenge's REDIRECT send none)
    const dmns = await dmnsOf('3');
    expect(dmns.map(brief)).toEqual(['Auth APPROVED 10.00']);
    expect(dmns[0]).toMatchObject({
      ppp_status: 'OK',
      PPP_TransactionID: paid.transactionId,
      TransactionID: paid.transactionId,
      clientUniqueId: 'order-1',
      user_token_id: USER,
      currency: 'EUR',
      last4Digits: '7736',
      AuthCode: paid.authCode,
    });
  });

  it('4. settle part of the Auth, refund part of the settled amount; a refund above what remains moves nothing', async () => {
    const settle = await ok(ruby, 'settleTransaction', {
      clientRequestId: '8e1e1f2a-4b8a-4c1e-9a3e-0d4b7f0c1a03',
      clientUniqueId: 'order-1-settle',
      amount: '6.00',
      currency: 'EUR',
      relatedTransactionId: s.auth.transactionId,
      authCode: s.auth.authCode,
    });
    expect(settle).toMatchObject({
      transactionStatus: 'APPROVED',
      clientUniqueId: 'order-1-settle',
      transactionId: expect.stringMatching(/^\d+$/),
    });
    s.settle = settle;

    const refund = await ok(php, 'refundTransaction', {
      clientRequestId: 'ref-1',
      clientUniqueId: 'order-1-refund',
      amount: '4.00',
      currency: 'EUR',
      relatedTransactionId: settle.transactionId,
      comment: 'partial refund',
      urlDetails: { notificationUrl: `${rx.url}/dmn` },
    });
    expect(refund).toMatchObject({ transactionStatus: 'APPROVED', transactionId: expect.stringMatching(/^\d+$/) });
    s.refund = refund;

    // 2.00 of the settled 6.00 remain: 3.00 is more
    const over = await node.call('refundTransaction', {
      clientRequestId: '0f0e0d0c-1c1a-11ef-9262-0242ac120002',
      clientUniqueId: 'order-1-refund-2',
      amount: '3.00',
      currency: 'EUR',
      relatedTransactionId: settle.transactionId,
    });
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(over.json.reason).toContain('2.00 EUR');
    // nothing moved: exactly the 2.00 left can still be refunded
    const rest = await ok(node, 'refundTransaction', {
      clientRequestId: '1a2b3c4d-1c1a-11ef-9262-0242ac120002',
      clientUniqueId: 'order-1-refund-3',
      amount: '2.00',
      currency: 'EUR',
      relatedTransactionId: settle.transactionId,
    });
    expect(rest).toMatchObject({ transactionStatus: 'APPROVED' });

    // the settle and the two refunds, each related to what it acts on; the refused refund sends none
    const dmns = await dmnsOf('4');
    expect(dmns.map(brief)).toEqual(['Settle APPROVED 6.00', 'Refund APPROVED 4.00', 'Refund APPROVED 2.00']);
    expect(dmns.map((f) => [f.TransactionID, f.relatedTransactionId])).toEqual([
      [settle.transactionId, s.auth.transactionId],
      [refund.transactionId, settle.transactionId],
      [rest.transactionId, settle.transactionId],
    ]);
  });

  it('5. a monthly plan, a subscription of the UPO, the due charges run twice as the clock moves a month', async () => {
    const plan = await ok(php, 'createPlan', {
      name: 'Lifecycle monthly',
      initialAmount: '4.00',
      recurringAmount: '4.00',
      currency: 'EUR',
      planStatus: 'ACTIVE',
      startAfter: { day: '0', month: '0', year: '0' },
      recurringPeriod: { day: '0', month: '1', year: '0' },
      endAfter: { day: '0', month: '0', year: '1' },
    });
    expect(plan.planId).toBeDefined();
    s.planId = plan.planId;
    const sub = await ok(php, 'createSubscription', {
      userTokenId: USER,
      planId: plan.planId,
      userPaymentOptionId: s.upo,
      endAfter: { day: '0', month: '0', year: '1' },
    });
    expect(sub).toMatchObject({ subscriptionId: expect.anything(), subscriptionStatus: 'ACTIVE' });
    s.subscriptionId = sub.subscriptionId;

    const runDue = async () => {
      const r = await gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', { headers: apiKey(gw), body: {} });
      expect(r.status, r.text).toBe(200);
      return r.json;
    };
    const list = async () =>
      (await ok(node, 'getSubscriptionsList', { userTokenId: USER, subscriptionIds: [String(s.subscriptionId)] }))
        .subscriptions;

    expect(await runDue()).toMatchObject({ attempted: 1, approved: 1, declined: 0, failed: 0 });
    const first = (await list())[0];
    expect(first).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      planId: String(s.planId),
      userPaymentOptionId: String(s.upo),
      startDate: new Date(T0).toISOString(),
      nextChargeDate: new Date(Date.UTC(2026, 6, 1, 9, 15, 30)).toISOString(),
    });
    const charge0 = await dmnsOf('5: cycle 0');
    expect(charge0.map(brief)).toEqual(['Sale APPROVED 4.00']);

    // a month (and a day) later: the next cycle is due
    clock().advance(31 * DAY);
    expect(await runDue()).toMatchObject({ attempted: 1, approved: 1, declined: 0, failed: 0 });
    // run again at the same instant: nothing is charged twice
    expect(await runDue()).toMatchObject({ attempted: 0 });
    const second = (await list())[0];
    expect(second).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      nextChargeDate: new Date(Date.UTC(2026, 7, 1, 9, 15, 30)).toISOString(),
    });
    const charge1 = await dmnsOf('5: cycle 1');
    expect(charge1.map(brief)).toEqual(['Sale APPROVED 4.00']);
    // two charges: two Sales of the user's card, one per cycle, each its own transaction
    for (const [i, f] of [charge0[0]!, charge1[0]!].entries()) {
      expect(f).toMatchObject({
        user_token_id: USER,
        last4Digits: '7736',
        clientUniqueId: `subscription-${s.subscriptionId}-${i}`,
      });
    }
    expect(charge0[0]!.TransactionID).not.toBe(charge1[0]!.TransactionID);
  });

  it('6. a withdrawal request, its order placed and settled: request Approved, order Settled', async () => {
    // P builds the withdrawal address as {endpoint}/v1/../withdrawal/<method>.do: sent literally here
    const submitted = await ok(php, 'submitRequest', {
      userTokenId: USER,
      userPMId: s.upo,
      amount: '5.00',
      currency: 'EUR',
      merchantWDRequestId: 'mwd-1',
      merchantUniqueId: 'mu-1',
    });
    expect(submitted).toMatchObject({ wdRequestStatus: 'Pending' });
    s.wdRequestId = submitted.wdRequestId;
    const pending = await ok(php, 'getRequests', {});
    expect(pending).toMatchObject({ totalCount: '1' });
    expect(pending.withdrawalRequests[0]).toMatchObject({
      wdRequestId: s.wdRequestId,
      wdRequestStatus: 'Pending',
      userTokenId: USER,
      userPMId: String(s.upo),
      requestedAmount: '5.00',
      requestedCurrency: 'EUR',
      merchantWDRequestId: 'mwd-1',
    });
    const submittedDmns = await dmnsOf('6: submitRequest');
    expect(submittedDmns.map(brief)).toEqual(['Withdrawal Pending 5.00']);

    const placed = await ok(php, 'placeWithdrawalOrder', {
      wdRequestId: s.wdRequestId,
      merchantWDRequestId: 'mwd-1',
      userPMId: s.upo,
      amount: '5.00',
      currency: 'EUR',
      settlementType: 0,
    });
    expect(placed).toMatchObject({
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
      wdOrderId: expect.anything(),
    });
    s.wdOrderId = placed.wdOrderId;
    const placedDmns = await dmnsOf('6: placeWithdrawalOrder');
    expect(placedDmns.map((f) => [brief(f), f.wdOrderId ?? ''])).toEqual([
      ['Withdrawal Approved 5.00', String(s.wdOrderId)], // the order's
      ['Withdrawal InProgress 5.00', ''], // the request's
    ]);

    const settled = await ok(php, 'settleWithdrawalOrder', { wdOrderId: s.wdOrderId });
    // decision 0130: the settled orders cover the amount, so the request is Approved (Closed)
    expect(settled).toMatchObject({
      wdOrderId: s.wdOrderId,
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      approvedAmount: '5.00',
      transactionStatus: 'APPROVED',
      transactionId: expect.stringMatching(/^\d+$/),
    });
    const after = await ok(php, 'getRequests', {});
    expect(after.withdrawalRequests[0]).toMatchObject({
      wdRequestStatus: 'Approved',
      state: 'Closed',
      approvedAmount: '5.00',
      wdRequestOrderCount: '1',
    });
    const orders = await ok(php, 'getOrders', { merchantUniqueId: 'mu-1' });
    expect(orders).toMatchObject({ totalCount: '1' });
    expect(orders.withdrawalOrders[0]).toMatchObject({
      wdOrderId: s.wdOrderId,
      wdOrderStatus: 'Settled',
      amount: '5.00',
      transactionId: settled.transactionId,
    });

    // the payout, the order Settled and the request Approved
    const settledDmns = await dmnsOf('6: settleWithdrawalOrder');
    const payout = settledDmns.find((f) => f.transactionType === 'Payout');
    expect(payout).toMatchObject({
      Status: 'APPROVED',
      totalAmount: '5.00',
      TransactionID: settled.transactionId,
      user_token_id: USER,
    });
    const wd = settledDmns.filter((f) => f.transactionType !== 'Payout');
    expect(wd.map((f) => [f.Status, f.wdOrderId ?? '', f.TransactionID])).toEqual(
      expect.arrayContaining([
        ['Settled', String(s.wdOrderId), settled.transactionId],
        ['Approved', '', settled.transactionId],
      ]),
    );
    expect(wd).toHaveLength(2);
  });

  it('7. the whole list of DMNs: what the steps imply, in step order, each once', async () => {
    expect(byStep.map((x) => [x.step, x.dmns.map(brief)])).toEqual([
      ['1', []],
      ['2', []],
      ['3', ['Auth APPROVED 10.00']],
      ['4', ['Settle APPROVED 6.00', 'Refund APPROVED 4.00', 'Refund APPROVED 2.00']],
      ['5: cycle 0', ['Sale APPROVED 4.00']],
      ['5: cycle 1', ['Sale APPROVED 4.00']],
      ['6: submitRequest', ['Withdrawal Pending 5.00']],
      ['6: placeWithdrawalOrder', ['Withdrawal Approved 5.00', 'Withdrawal InProgress 5.00']],
      [
        '6: settleWithdrawalOrder',
        expect.arrayContaining(['Payout APPROVED 5.00', 'Withdrawal Settled 5.00', 'Withdrawal Approved 5.00']),
      ],
    ]);
    // at least once: a receiver de-duplicates by PPP_TransactionID + Status (docs/notifications.md); a
    // withdrawal order's DMN has its own PPP_TransactionID, never a wdRequestId (docs/decisions/0507)
    const keys = rx.received.map(notificationKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(12);
    // every DMN went to the site's notification URL (the refund's urlDetails named the same one)
    expect(new Set(rx.received.map((r) => r.url))).toEqual(new Set(['/dmn']));
  });
});
