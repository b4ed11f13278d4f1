/* eslint-disable @typescript-eslint/no-explicit-any -- results read back from the page */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { wdCall } from '../packages/server/test/withdrawals.js';
import { launchChromium } from './chromium.js';
import { type Cashier, fillNewCard, startCashier, WAIT, withdraw } from './withdrawal-page.js';

/**
 * withdrawal() on a cashier page in real headless Chromium, against a real server: a new card reaches
 * a Pending request the merchant sees; a saved card; the limit of open requests; a cancel from the list;
 * the merchant's approval and settlement shown the next time the component opens.
 */

describe('withdrawal() in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let cashier: Cashier;
  let n = 0;
  const user = () => `wd-e2e-${++n}`;
  const session = async (u: string) =>
    (await sc.openOrder({ userTokenId: u, amount: '20.00', currency: 'EUR' })).sessionToken;
  const merchantList = async (u: string) =>
    (await wdCall(gw, 'getRequests', { userTokenId: u })).json.withdrawalRequests as any[];

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    cashier = await startCashier(gw, browser);
  });
  afterAll(async () => {
    await cashier?.close();
    await browser?.close();
    await gw?.close();
  });

  it('a new card: the request is Pending, onResult says so, and withdrawal/getRequests.do lists it', async () => {
    const u = user();
    const p = await cashier.open({ token: await session(u), user: u });
    // no saved method: the gallery opens on the card, its hosted fields shown
    await expect(p.locator('.ghc-pay').textContent()).resolves.toContain('Withdraw €20.00');
    await fillNewCard(p, '4761344136141390');
    const r = await withdraw(p);
    expect(r).toMatchObject({
      result: 'PENDING',
      errCode: 0,
      wdRequestStatus: 'Pending',
      userId: u,
      wdRequestsLimitReached: true,
    });
    expect(r.wdRequestId).toBeTruthy();
    const list = await merchantList(u);
    expect(list.map((w) => String(w.wdRequestId))).toContain(String(r.wdRequestId));
    expect(list[0]).toMatchObject({ requestedAmount: '20.00', requestedCurrency: 'EUR', wdRequestStatus: 'Pending' });
    // the message took the focus; the request is listed, cancellable
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    await expect(p.locator(`[data-wd="${r.wdRequestId}"]`).textContent()).resolves.toContain('Pending');
    await p.close();
  });
});
