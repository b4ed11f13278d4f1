import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';

/**
 * The redirect APM's page under /apm/... in real headless Chromium (docs/decisions/0360): the shopper
 * approves, declines or leaves the payment pending, and lands on the order's successUrl, failureUrl or
 * pendingUrl (a small merchant server here), or on Gatehouse's plain result page when there is none.
 */

describe('APM redirect page in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let merchant: Server;
  let shop: string;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    merchant = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Shop</title><h1 id="landed" data-path="${url.pathname}" data-status="${url.searchParams.get('status')}">Back at the shop</h1>`,
        );
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    shop = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    await gw?.close();
  });

  async function sessionRedirect(withUrls: boolean) {
    const { sessionToken } = await sc.openOrder({
      amount: '10.00',
      currency: 'EUR',
      ...(withUrls
        ? { urlDetails: { successUrl: `${shop}/ok`, failureUrl: `${shop}/failed`, pendingUrl: `${shop}/wait` } }
        : {}),
    });
    const r = (
      await sc.send('payment', {
        sessionToken,
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay', email: 'jane@example.com' } },
      })
    ).json;
    expect(r.transactionStatus).toBe('REDIRECT');
    return { sessionToken, redirectUrl: r.redirectUrl as string, transactionId: r.transactionId as string };
  }

  async function answer(url: string, button: 'approve' | 'decline' | 'pending') {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      // the browser's own favicon request is not the page's
      if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text());
    });
    await page.goto(url);
    expect(await page.locator('#amount').textContent()).toBe('10.00 EUR');
    expect(await page.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.click(`#${button}`);
    await page.waitForSelector('#landed, #result', { timeout: 60_000 });
    return { page, errors };
  }

  it.each([
    ['approve', '/ok', 'APPROVED'],
    ['decline', '/failed', 'DECLINED'],
    ['pending', '/wait', 'PENDING'],
  ] as const)('%s lands on the shop at %s and the status follows', async (button, path, status) => {
    const { sessionToken, redirectUrl } = await sessionRedirect(true);
    const { page, errors } = await answer(redirectUrl, button);
    const landed = page.locator('#landed');
    expect(await landed.getAttribute('data-path')).toBe(path);
    expect(await landed.getAttribute('data-status')).toBe(status);
    expect(errors).toEqual([]);
    await page.close();
    const s = (await sc.send('getPaymentStatus', { sessionToken })).json;
    expect(s.transactionStatus).toBe(status);
  });

  it('without return URLs shows the result page; an operator completes a pending one', async () => {
    const { redirectUrl, transactionId } = await sessionRedirect(false);
    const { page } = await answer(redirectUrl, 'pending');
    expect(await page.locator('#result').getAttribute('data-status')).toBe('PENDING');
    await page.close();
    const done = await gw.request('POST', `/admin/v1/apm-payments/${transactionId}/complete`, {
      headers: apiKey(gw),
      body: { outcome: 'approved' },
    });
    expect(done.json.result.status).toBe('approved');
    const again = await browser.newPage();
    await again.goto(redirectUrl);
    expect(await again.locator('#result').getAttribute('data-status')).toBe('APPROVED');
    await again.close();
  });
});
