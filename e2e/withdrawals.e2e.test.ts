import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { cardUpo, wdCall } from '../packages/server/test/withdrawals.js';

/**
 * Withdrawal submit and cancel in real headless Chromium: a merchant page on its own origin loads
 * `/sdk/v1/websdk.js` from Gatehouse and calls `websdk({...}).submitWdRequest`, `getWdRequests` and
 * `cancelWdRequest`; the callbacks' results and the server-side state (`withdrawal/getRequests.do`)
 * are asserted.
 */

describe('withdrawals from the Web SDK in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let merchant: Server;
  let merchantUrl: string;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    merchant = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Merchant</title><script src="${gw.url}/sdk/v1/websdk.js"></script><h1>Cash out</h1>`,
        );
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    // another origin than the gateway: localhost instead of 127.0.0.1
    merchantUrl = `http://localhost:${(merchant.address() as AddressInfo).port}/cashout`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    await gw?.close();
  });

  it('submits a request, lists it, cancels it; the merchant sees it Canceled', async () => {
    const user = 'e2e-wd-user';
    const { sessionToken } = await sc.openOrder({ userTokenId: user, amount: '40.00', currency: 'EUR' });
    const upo = await cardUpo(gw, user, '4761344136141390');
    const init = { sessionToken, merchantId: gw.demo.merchantId, merchantSiteId: gw.demo.merchantSiteId, env: 'int' };

    const page = await browser.newPage();
    const clientCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/client/v1/')) clientCalls.push(new URL(r.url()).pathname);
    });
    try {
      await page.goto(merchantUrl);
      await page.waitForFunction(() => typeof (window as unknown as { websdk?: unknown }).websdk === 'function', null, {
        timeout: 30_000,
      });
      expect(new URL(page.url()).origin).not.toBe(new URL(gw.url).origin);

      /** Runs one SDK function in the page and resolves with what its callback received. */
      const callSdk = (method: string, params: Record<string, unknown>) =>
        page.evaluate(
          ([i, m, p]) =>
            new Promise<Record<string, unknown>>((resolve) => {
              const sdk = (
                window as unknown as {
                  websdk: (x: unknown) => Record<string, (p: unknown, cb: (r: unknown) => void) => void>;
                }
              ).websdk(i);
              sdk[m as string]!(p, (r) => resolve(r as Record<string, unknown>));
            }),
          [init, method, params] as const,
        );

      // An invalid input is answered by the SDK itself, without a request.
      const invalid = await callSdk('submitWdRequest', { amount: '15.00', userId: 'cust-7' });
      expect(invalid).toMatchObject({ status: 'ERROR', errCode: 1019, errorDescription: 'upoId is required' });
      expect(clientCalls).toEqual([]);

      const submitted = await callSdk('submitWdRequest', {
        upoId: upo,
        amount: '15.00',
        userId: 'cust-7',
        merchantWDRequestId: 'e2e-wd-1',
        userAccountId: 'acc-7',
      });
      expect(submitted).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        reason: '',
        wdRequestStatus: 'Pending',
        merchantWDRequestId: 'e2e-wd-1',
        userAccountId: 'acc-7',
        userId: 'cust-7',
      });
      const wdRequestId = submitted.wdRequestId as number;
      expect(Number.isInteger(wdRequestId)).toBe(true);

      const listed = await callSdk('getWdRequests', { userTokenId: user });
      expect(listed).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
      expect((listed.withdrawalRequests as unknown[])[0]).toMatchObject({
        wdRequestId,
        wdRequestStatus: 'Pending',
        state: 'Open',
        requestedAmount: '15.00',
        requestedCurrency: 'EUR',
        pmDisplayName: '1390',
      });

      const server1 = (await wdCall(gw, 'getRequests', { userTokenId: user })).json;
      expect(server1.withdrawalRequests[0]).toMatchObject({ wdRequestId, wdRequestStatus: 'Pending' });

      const cancelled = await callSdk('cancelWdRequest', { userTokenId: user, wdRequestId });
      expect(cancelled).toMatchObject({
        status: 'Success',
        errCode: 0,
        wdRequestStatus: 'Canceled',
        wdRequestId,
        merchantWDRequestId: 'e2e-wd-1',
        merchantId: gw.demo.merchantId,
        merchantSiteId: gw.demo.merchantSiteId,
        version: '1.0',
      });

      const server2 = (await wdCall(gw, 'getRequests', { userTokenId: user })).json;
      expect(server2).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
      expect(server2.withdrawalRequests[0]).toMatchObject({
        wdRequestId,
        wdRequestStatus: 'Canceled',
        state: 'Closed',
      });

      // A second cancel is refused, and the user's pending list is empty.
      expect(await callSdk('cancelWdRequest', { userTokenId: user, wdRequestId })).toMatchObject({
        status: 'Error',
        errCode: 1058,
      });
      expect(await callSdk('getWdRequests', { userTokenId: user })).toMatchObject({
        status: 'SUCCESS',
        totalCount: '0',
      });
      expect(clientCalls).toEqual([
        '/client/v1/submitWdRequest',
        '/client/v1/getWdRequests',
        '/client/v1/cancelWdRequest',
        '/client/v1/cancelWdRequest',
        '/client/v1/getWdRequests',
      ]);
    } finally {
      await page.close();
    }
  });
});
