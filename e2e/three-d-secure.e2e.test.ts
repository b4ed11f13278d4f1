import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { cardNumbersAtRest } from '../packages/server/test/card-scan.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { decodeB64Json, restCard, restPay, sessionInit, sessionPay } from '../packages/server/test/three-d-flow.js';

/**
 * 3-D Secure 2 challenges completed and failed on Gatehouse's ACS page in real headless Chromium
 * (docs/decisions/0310). The merchant's notificationURL is a small HTTP server recording the cRes.
 */

const CHALLENGE = '2221008123677736';

describe('3-D Secure challenge in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let merchant: Server;
  let notifyUrl: string;
  const received: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    merchant = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += String(c)));
      req.on('end', () => {
        if (req.method === 'POST') {
          const cres = new URLSearchParams(body).get('cres');
          if (cres) received.push(decodeB64Json(cres));
        }
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Merchant</title><h1 id="done">Thank you</h1>');
      });
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    notifyUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/3ds/notify`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    try {
      expect(await cardNumbersAtRest(gw, [CHALLENGE])).toEqual([]);
    } finally {
      await gw?.close();
    }
  });

  /** Opens the ACS page as a merchant page would (POST creq to acsUrl), answers it, waits for the merchant page. */
  async function runChallenge(acsUrl: string, cReq: string, action: 'complete' | 'fail') {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    try {
      // The merchant's page: a form posting the CReq to the ACS, as EMV 3DS browsers do.
      await page.goto(`${gw.url}/acs/method/0`);
      await page.evaluate(
        ([url, creq]) => {
          const f = document.createElement('form');
          f.method = 'post';
          f.action = url!;
          const i = document.createElement('input');
          i.type = 'hidden';
          i.name = 'creq';
          i.value = creq!;
          f.appendChild(i);
          document.body.appendChild(f);
          f.submit();
        },
        [acsUrl, cReq],
      );
      await page.waitForSelector('#code');
      expect(await page.textContent('#amount')).toBe('10.00 EUR');
      expect(await page.textContent('#card')).toBe('222100******7736');
      await page.fill('#code', '123456');
      const before = received.length;
      await Promise.all([
        page.waitForURL(notifyUrl, { timeout: 20_000 }),
        page.click(action === 'complete' ? '#complete' : '#fail'),
      ]);
      await page.waitForSelector('#done');
      expect(received.length).toBe(before + 1);
      expect(errors).toEqual([]); // no CSP violation on the way
      return received[received.length - 1]!;
    } finally {
      await page.close();
    }
  }

  it('session: the cardholder completes the challenge → cRes Y → APPROVED with liability shift', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, notifyUrl);
    expect(r.transactionStatus).toBe('REDIRECT');
    const t = r.paymentOption.card.threeD;
    const cres = await runChallenge(t.acsUrl, t.cReq, 'complete');
    expect(cres).toMatchObject({ messageType: 'CRes', transStatus: 'Y', acsTransID: t.acsTransID });
    const final = await sessionPay(sc, sessionToken, card, r.transactionId, notifyUrl);
    expect(final).toMatchObject({ transactionStatus: 'APPROVED' });
    expect(final.paymentOption.card.threeD).toMatchObject({ result: 'Y', eci: '02', isLiabilityOnIssuer: '1' });
  });

  it('session: the cardholder fails the challenge → cRes N → DECLINED Authentication Failed', async () => {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, notifyUrl);
    const t = r.paymentOption.card.threeD;
    const cres = await runChallenge(t.acsUrl, t.cReq, 'fail');
    expect(cres).toMatchObject({ transStatus: 'N' });
    const final = await sessionPay(sc, sessionToken, card, r.transactionId, notifyUrl);
    expect(final).toMatchObject({ transactionStatus: 'DECLINED', gwErrorReason: 'Authentication Failed' });
    expect(final.paymentOption.card.threeD).toMatchObject({ result: 'N', isLiabilityOnIssuer: '0' });
  });

  it('REST: challenge completed in the browser → approved', async () => {
    const f = await restPay(gw, { paymentOption: restCard(CHALLENGE, {}) });
    const c = await restPay(gw, {
      relatedTransactionId: f.json.transactionId,
      paymentOption: restCard(CHALLENGE, { methodCompletionInd: 'Y', notificationURL: notifyUrl }),
    });
    expect(c.json.result.status).toBe('challenge');
    const cres = await runChallenge(c.json.actionDetails.acsUrl, c.json.actionDetails.cReq, 'complete');
    expect(cres).toMatchObject({ transStatus: 'Y' });
    const p = await restPay(gw, { relatedTransactionId: c.json.transactionId, paymentOption: restCard(CHALLENGE) });
    expect(p.json).toMatchObject({
      result: { status: 'approved' },
      paymentOption: { card: { threeD: { isLiabilityOnIssuer: '1' } } },
    });
  });
});
