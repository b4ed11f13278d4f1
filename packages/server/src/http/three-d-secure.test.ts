import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../test/dialects.js';
import { type Gateway, startGateway } from '../../test/harness.js';
import { cardNumbersAtRest } from '../../test/card-scan.js';
import { type SessionClient, sessionClient } from '../../test/session-client.js';
import {
  decodeB64Json,
  expectMethodData,
  restCard,
  restPay,
  sessionInit,
  sessionPay,
} from '../../test/three-d-flow.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const NOTIFY = 'https://merchant.example/3ds/notify';
const FRICTIONLESS = '4000020951595032';
const CHALLENGE = '2221008123677736';
const CHALLENGE_DECLINE = '4000008400001629';

/** Completes or fails a challenge on the ACS page with plain form posts (the browser test is in /e2e). */
async function answerAcs(gw: Gateway, acsUrl: string, action: 'complete' | 'fail') {
  const res = await fetch(acsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, code: '123456' }).toString(),
  });
  const html = await res.text();
  const cres = /name="cres" value="([^"]+)"/.exec(html)?.[1];
  return {
    status: res.status,
    html,
    csp: res.headers.get('content-security-policy'),
    cres: cres && decodeB64Json(cres),
  };
}

describe.each(dialects())('3-D Secure 2 on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [FRICTIONLESS, CHALLENGE, CHALLENGE_DECLINE])).toEqual([]);
      expect(gw.rawLog()).not.toContain(CHALLENGE);
    } finally {
      await gw.close();
    }
  });

  it('session: initPayment answers the method URL data; a frictionless card is paid on payment.do', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, FRICTIONLESS);
    expect(init).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'InitAuth3D' });
    expectMethodData(init.paymentOption.card.threeD, gw);
    const method = await fetch(init.paymentOption.card.threeD.methodUrl);
    expect(method.status).toBe(200);
    expect(method.headers.get('content-security-policy')).toContain("default-src 'none'");

    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY);
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'Sale' });
    expect(r.paymentOption.card.threeD).toMatchObject({
      result: 'Y',
      eci: '05',
      cavv: expect.stringMatching(/^[A-Za-z0-9+/=]{28}$/),
      dsTransID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isLiabilityOnIssuer: '1',
    });
  });

  it('session: a challenge card is REDIRECTed to the ACS; completed → approved with liability shift', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY, {
      challengePreference: 'Challenge',
      challengeWindowSize: '05',
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT', transactionType: 'Sale3D' });
    const t = r.paymentOption.card.threeD;
    expect(t.acsUrl).toMatch(new RegExp(`^${gw.url}/acs/challenge/\\d+-[0-9a-f-]{36}$`));
    expect(decodeB64Json(t.cReq)).toMatchObject({
      messageType: 'CReq',
      messageVersion: '2.2.0',
      acsTransID: t.acsTransID,
    });

    // the final payment before the challenge is answered is refused
    const early = await sessionPay(sc, sessionToken, card, r.transactionId, NOTIFY);
    expect(early.status).toBe('ERROR');

    const page = await fetch(t.acsUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('10.00 EUR');
    expect(html).toContain('222100******7736');
    expect(html).not.toContain(CHALLENGE);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'nonce-/);

    const acs = await answerAcs(gw, t.acsUrl, 'complete');
    expect(acs.status).toBe(200);
    expect(acs.cres).toMatchObject({ messageType: 'CRes', transStatus: 'Y', acsTransID: t.acsTransID });
    expect(acs.html).toContain(`action="${NOTIFY}"`);
    expect(acs.csp).toContain("form-action 'self' https://merchant.example");
    expect((await answerAcs(gw, t.acsUrl, 'fail')).status).toBe(410); // answered once

    const final = await sessionPay(sc, sessionToken, card, r.transactionId, NOTIFY);
    expect(final).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'Sale' });
    expect(final.paymentOption.card.threeD).toMatchObject({
      result: 'Y',
      eci: '02',
      isLiabilityOnIssuer: '1',
      dsTransID: t.dsTransID,
    });
    // one challenge pays once
    const again = await sessionPay(sc, sessionToken, card, r.transactionId, NOTIFY);
    expect(again.status).toBe('ERROR');
  });

  it('session: a failed challenge → DECLINED Authentication Failed; CL-BRW1 forces a challenge', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, '4761344136141390', 'CL-BRW1');
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY);
    expect(r.transactionStatus).toBe('REDIRECT');
    const acs = await answerAcs(gw, r.paymentOption.card.threeD.acsUrl, 'fail');
    expect(acs.cres).toMatchObject({ transStatus: 'N' });
    const final = await sessionPay(sc, sessionToken, card, r.transactionId, NOTIFY);
    expect(final).toMatchObject({ transactionStatus: 'DECLINED', gwErrorReason: 'Authentication Failed' });
    expect(final.paymentOption.card.threeD).toMatchObject({ result: 'N', eci: '07', isLiabilityOnIssuer: '0' });
  });

  it('session: challenge-then-decline declines even when the challenge is completed', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE_DECLINE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY);
    const acs = await answerAcs(gw, r.paymentOption.card.threeD.acsUrl, 'complete');
    expect(acs.cres).toMatchObject({ transStatus: 'N' });
    const final = await sessionPay(sc, sessionToken, card, r.transactionId, NOTIFY);
    expect(final).toMatchObject({ transactionStatus: 'DECLINED' });
    expect(final.paymentOption.card.threeD).toMatchObject({ result: 'N', isLiabilityOnIssuer: '0' });
  });

  it('session: another card than the authenticated one is refused', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, FRICTIONLESS);
    const r = await sessionPay(
      sc,
      sessionToken,
      { ...card, cardNumber: '4761344136141390' },
      init.transactionId,
      NOTIFY,
    );
    expect(r.status).toBe('ERROR');
  });

  it("session: initPayment may authenticate another amount than the order's; the payment must carry it", async () => {
    const { sessionToken } = await sc.openOrder({ amount: '20.00', currency: 'EUR' });
    const card = {
      cardNumber: CHALLENGE,
      cardHolderName: 'CL-BRW2',
      expirationMonth: '12',
      expirationYear: '2030',
      CVV: '217',
    };
    const init = (
      await sc.send('initPayment', {
        sessionToken,
        clientRequestId: 'amt-1',
        amount: '1.51',
        currency: 'EUR',
        paymentOption: { card },
      })
    ).json;
    expect(init).toMatchObject({ status: 'SUCCESS', amount: '1.51' });
    const wrong = (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: 'amt-2',
        amount: '20.00',
        currency: 'EUR',
        relatedTransactionId: init.transactionId,
        paymentOption: { card: { ...card, threeD: { notificationURL: NOTIFY } } },
      })
    ).json;
    expect(wrong).toMatchObject({ status: 'ERROR', errCode: 1040 });
    const usd = (
      await sc.send('initPayment', {
        sessionToken,
        clientRequestId: 'amt-3',
        amount: '1.51',
        currency: 'USD',
        paymentOption: { card },
      })
    ).json;
    expect(usd).toMatchObject({ status: 'ERROR', errCode: 1041 });
  });

  it('REST: fingerprint then a frictionless payment', async () => {
    const f = await restPay(gw, { paymentOption: restCard(FRICTIONLESS, { methodNotificationURL: NOTIFY }) });
    expect(f.status).toBe(200);
    expect(f.json).toMatchObject({ transactionType: 'InitAuth3D', result: { status: 'fingerprint' } });
    expectMethodData(f.json.paymentOption.card.threeD, gw);
    expect(f.json.actionDetails.methodUrl).toBe(f.json.paymentOption.card.threeD.methodUrl);

    const p = await restPay(gw, {
      relatedTransactionId: f.json.transactionId,
      paymentOption: restCard(FRICTIONLESS, { methodCompletionInd: 'Y', notificationURL: NOTIFY, platformType: '02' }),
    });
    expect(p.json).toMatchObject({ transactionType: 'Sale', result: { status: 'approved' } });
    expect(p.json.paymentOption.card.threeD).toMatchObject({ result: 'Y', eci: '05', isLiabilityOnIssuer: '1' });
  });

  it('REST: fingerprint → challenge → completed → approved; failed → declined', async () => {
    for (const action of ['complete', 'fail'] as const) {
      const f = await restPay(gw, { paymentOption: restCard(CHALLENGE, {}) });
      const c = await restPay(gw, {
        relatedTransactionId: f.json.transactionId,
        paymentOption: restCard(CHALLENGE, {
          methodCompletionInd: 'Y',
          notificationURL: NOTIFY,
          exemptionReason: 'LowValueTransaction',
        }),
      });
      expect(c.status).toBe(200);
      expect(c.json).toMatchObject({ transactionType: 'Sale3D', result: { status: 'challenge' } });
      expect(c.json.redirectUrl).toBe(c.json.actionDetails.acsUrl);
      expect(decodeB64Json(c.json.actionDetails.cReq)).toMatchObject({ messageType: 'CReq' });
      await answerAcs(gw, c.json.redirectUrl, action);
      const p = await restPay(gw, { relatedTransactionId: c.json.transactionId, paymentOption: restCard(CHALLENGE) });
      if (action === 'complete') {
        expect(p.json).toMatchObject({ transactionType: 'Sale', result: { status: 'approved' } });
        expect(p.json.paymentOption.card.threeD).toMatchObject({ result: 'Y', eci: '02', isLiabilityOnIssuer: '1' });
      } else {
        expect(p.json).toMatchObject({ result: { status: 'declined', errors: { reason: 'Authentication Failed' } } });
      }
    }
  });

  it('ACS: an unknown or tampered reference is 404', async () => {
    expect((await fetch(`${gw.url}/acs/challenge/1-00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    expect((await fetch(`${gw.url}/acs/challenge/nope`)).status).toBe(404);
  });
});
