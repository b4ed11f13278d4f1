import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../packages/server/test/harness.js';
import { cardUpo, wdCall } from '../packages/server/test/withdrawals.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, signIn } from './dashboard-page.js';

/**
 * Withdrawals in the control panel, in real headless Chromium: a shopper's request made through the
 * session API, approved in part and settled from the panel, its states seen in the panel and through
 * the session API; an APM payment completed; axe on the page and its dialogs; and in production mode
 * the APM section says completing is the operator's instead of offering it.
 */

/** A Pending withdrawal request of `amount` EUR through the session API's submitRequest: its wdRequestId. */
async function shopperRequest(gw: Gateway, user: string, amount: string): Promise<string> {
  const upo = await cardUpo(gw, user, '4761344136141390');
  const r = await wdCall(gw, 'submitRequest', { userTokenId: user, userPMId: upo, amount, currency: 'EUR' });
  if (r.json?.status !== 'SUCCESS') throw new Error(`submitRequest failed: ${r.text}`);
  return String(r.json.wdRequestId);
}

/** A pending bank transfer (an APM waiting for the provider) through the REST API: its transactionId. */
async function pendingApm(gw: Gateway): Promise<string> {
  const r = await gw.request('POST', '/payment-api/payments', {
    headers: apiKey(gw),
    body: {
      processingEntityId: gw.demo.processingEntityId,
      transactionType: 'Sale',
      amount: 12,
      currency: 'EUR',
      billingAddress: { country: 'DE' },
      paymentOption: { alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } } },
    },
  });
  if (r.json?.result?.status !== 'pending') throw new Error(`the APM payment is not pending: ${r.text}`);
  return String(r.json.transactionId);
}

describe('control panel withdrawals', () => {
  let gw: Gateway;
  let browser: Browser;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('approves a request in part, settles the order and shows the states; completes an APM payment', async () => {
    const id = await shopperRequest(gw, 'e2e-shopper', '40.00');
    const apm = await pendingApm(gw);
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/withdrawals');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
    const row = page.locator(`tr[data-wd="${id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-wd-status')).toBe('Pending');
    expect(await row.innerText()).toContain('e2e-shopper');
    await page.locator(`tr[data-apm="${apm}"]`).waitFor();
    expect(await axeScan(page, { bestPractices: true }), 'withdrawals').toEqual([]);

    // approve 15.00 of the 40.00
    await row.getByRole('button', { name: `Approve request ${id}` }).click();
    const approve = page.getByRole('dialog', { name: new RegExp(`Approve withdrawal request ${id}`) });
    const amount = approve.getByLabel('Amount to approve (EUR)');
    expect(await amount.inputValue()).toBe('40.00');
    expect(await axeScan(page, { bestPractices: true }), 'approve dialog').toEqual([]);
    await amount.fill('15.00');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await page.locator(`tr[data-wd="${id}"][data-wd-status="InProgress"]`).waitFor();
    const order = row.locator('li[data-order-status="Approved"]');
    await order.waitFor();
    const orderId = await order.getAttribute('data-order');
    await expect.poll(() => page.locator('[data-dash-announcer]').innerText()).toContain(`order ${orderId}`);

    // settle that order: the payout
    await order.getByRole('button', { name: `Settle order ${orderId}` }).click();
    const settle = page.getByRole('dialog', { name: new RegExp(`Pay out order ${orderId}`) });
    expect(await axeScan(page, { bestPractices: true }), 'settle dialog').toEqual([]);
    await settle.getByRole('button', { name: 'Settle' }).click();
    await settle.waitFor({ state: 'detached' });
    await row.locator(`li[data-order="${orderId}"][data-order-status="Settled"]`).waitFor();
    expect(await row.getAttribute('data-wd-status')).toBe('InProgress');
    // the session API sees the same: the request InProgress, its order Settled
    const seen = await wdCall(gw, 'getRequests', { wdRequestId: Number(id) });
    expect(seen.json.withdrawalRequests[0]).toMatchObject({ wdRequestStatus: 'InProgress' });

    // the rest is still to approve: the dialog offers 25.00
    await row.getByRole('button', { name: `Approve request ${id}` }).click();
    const again = page.getByRole('dialog', { name: new RegExp(`Approve withdrawal request ${id}`) });
    expect(await again.getByLabel('Amount to approve (EUR)').inputValue()).toBe('25.00');
    await again.getByRole('button', { name: 'Cancel' }).click();

    // the APM payment waiting for the provider
    const apmRow = page.locator(`tr[data-apm="${apm}"]`);
    await apmRow.getByRole('button', { name: `Approve payment ${apm}` }).click();
    const complete = page.getByRole('dialog', { name: new RegExp(`Approve APM payment ${apm}`) });
    await complete.getByRole('button', { name: 'Approve' }).click();
    await apmRow.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-dash-announcer]').innerText()).toContain(`APM payment ${apm}`);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('control panel withdrawals at a tablet width, dark', () => {
  let gw: Gateway;
  let browser: Browser;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('has no axe violation and is no wider than the window, with a dialog open too', async () => {
    const id = await shopperRequest(gw, 'e2e-tablet', '9.99');
    await pendingApm(gw);
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/withdrawals', {
      width: 768,
      colorScheme: 'dark',
    });
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.locator(`tr[data-wd="${id}"]`).waitFor();
    await page.locator('tr[data-apm]').first().waitFor();
    const scan = async (what: string) => {
      expect(await axeScan(page, { bestPractices: true }), what).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${what}: wider than the window`).toBeLessThanOrEqual(0);
    };
    await scan('withdrawals');
    await page.getByRole('button', { name: `Decline request ${id}` }).click();
    await page.getByRole('dialog', { name: new RegExp(`Decline withdrawal request ${id}`) }).waitFor();
    await scan('decline dialog');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('control panel APM payments in production mode', () => {
  let gw: Gateway;
  let browser: Browser;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('says completing is the operator’s and offers no button', async () => {
    const apm = await pendingApm(gw);
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/withdrawals');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    const row = page.locator(`tr[data-apm="${apm}"]`);
    await row.waitFor();
    expect(await page.locator('[data-apm-operator-only]').innerText()).toContain('only the operator');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
