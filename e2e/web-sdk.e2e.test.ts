import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../packages/server/test/card-scan.js';
import { startRelay } from '../packages/server/src/delivery/relay.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';

/**
 * The Web SDK in real headless Chromium: a merchant page on http://localhost:<port> (its own origin)
 * loads /sdk/v1/websdk.js from the gateway on http://127.0.0.1:<port>, mounts hosted card fields and
 * pays. Each test asserts the callback's result and the server-side status (getPaymentStatus).
 */

const APPROVED = '4761344136141390';
const DECLINED = '4000128449498204';
const CHALLENGE = '2221008123677736';
const UPO_CARD = '5555555555554444';
const TOKEN_CARD = '6011111111111117';
const PRIVATE_CARD = '4000027891380961';
const WAIT = { timeout: 30_000 };

describe('Web SDK with hosted card fields in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let merchant: Server;
  let merchantUrl: string;

  /** The merchant's page: the SDK from the gateway, one card field (or three split fields). */
  const merchantPage = (gateway: string, q: URLSearchParams) => {
    const split = q.get('layout') === 'split';
    return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1>Shop</h1>
${split ? '<div id="num"></div><div id="exp"></div><div id="cvc"></div>' : '<div id="card"></div>'}
<pre id="out"></pre>
<script src="${gateway}/sdk/v1/websdk.js"></script>
<script>
  window.results = [];
  window.sdk = ServiceSdk(Object.assign({ sessionToken: ${JSON.stringify(q.get('token'))}, merchantId: ${JSON.stringify(q.get('mid'))}, merchantSiteId: ${JSON.stringify(q.get('sid'))}, env: 'int' }, ${q.get('opts') ?? '{}'}));
  const fields = sdk.fields({ style: { base: { color: '#123456' } } });
  ${
    split
      ? `window.card = fields.create('ccNumber'); card.attach('#num'); fields.create('ccExpiration').attach('#exp'); fields.create('ccCvc').attach('#cvc');`
      : `window.card = fields.create('card', {}); card.attach('#card');`
  }
  window.readyCount = 0;
  card.on('ready', () => { window.readyCount++; });
  window.lastChange = null;
  card.on('change', (s) => { window.lastChange = s; });
  window.pay = (extra) => new Promise((resolve) => {
    sdk.createPayment(Object.assign({ sessionToken: ${JSON.stringify(q.get('token'))}, paymentOption: card, cardHolderName: 'John Smith',
      billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'US', zip: '10001' } }, extra || {}),
      (res) => { window.results.push(res); document.getElementById('out').textContent = JSON.stringify(res); resolve(res); });
  });
</script></body></html>`;
  };

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    merchant = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      if (u.pathname === '/return') {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><title>Back at the shop</title><h1 id="back">${u.searchParams.get('transactionId') ?? ''}</h1>`,
          );
        return;
      }
      const q = u.searchParams;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(merchantPage(gw.url, q));
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    // localhost, not 127.0.0.1: the merchant page is another origin than the gateway
    merchantUrl = `http://localhost:${(merchant.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    try {
      expect(await cardNumbersAtRest(gw, [APPROVED, DECLINED, CHALLENGE, UPO_CARD, TOKEN_CARD, PRIVATE_CARD])).toEqual(
        [],
      );
    } finally {
      await gw?.close();
    }
  });

  async function openShop(
    sessionToken: string,
    layout: 'card' | 'split' = 'card',
    before?: (page: Page) => void,
    opts: Record<string, unknown> = {},
  ): Promise<Page> {
    const page = await browser.newPage();
    before?.(page);
    const q = new URLSearchParams({
      token: sessionToken,
      mid: gw.demo.merchantId,
      sid: gw.demo.merchantSiteId,
      layout,
      opts: JSON.stringify(opts),
    });
    await page.goto(`${merchantUrl}?${q}`);
    await page.waitForFunction(() => (window as any).readyCount > 0, null, WAIT);
    return page;
  }

  async function fillCard(page: Page, number: string, exp = '12/30', cvc = '217') {
    const frame = page.frameLocator('#card iframe');
    await frame.locator('input[autocomplete="cc-number"]').fill(number, WAIT);
    await frame.locator('input[autocomplete="cc-exp"]').fill(exp, WAIT);
    await frame.locator('input[autocomplete="cc-csc"]').fill(cvc, WAIT);
    await page.waitForFunction(() => (window as any).lastChange?.complete === true, null, WAIT);
  }

  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const pay = (page: Page, extra: Record<string, unknown> = {}) =>
    page.evaluate((e) => (window as any).pay(e), extra) as Promise<Record<string, any>>;

  it('approved: the callback gets APPROVED and the server agrees', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00' });
    const page = await openShop(sessionToken);
    expect(await page.evaluate(() => document.querySelector('#card')!.className)).toContain('sfc-empty');
    await fillCard(page, APPROVED);
    expect(await page.evaluate(() => document.querySelector('#card')!.className)).toContain('sfc-complete');
    expect(await page.evaluate(() => (window as any).lastChange.brand)).toBe('visa');
    const result = await pay(page);
    expect(result).toMatchObject({
      result: 'APPROVED',
      errCode: 0,
      transactionStatus: 'APPROVED',
      last4Digits: '1390',
      ccCardNumber: '476134******1390',
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
      amount: '15.00',
    });
    await page.close();
  });

  it('declined, with split fields (number, expiry and CVV in three frames)', async () => {
    const { sessionToken } = await sc.openOrder();
    const page = await openShop(sessionToken, 'split');
    await page.frameLocator('#num iframe').locator('input[autocomplete="cc-number"]').fill(DECLINED, WAIT);
    await page.frameLocator('#exp iframe').locator('input[autocomplete="cc-exp"]').fill('11/29', WAIT);
    await page.frameLocator('#cvc iframe').locator('input[autocomplete="cc-csc"]').fill('123', WAIT);
    const result = await pay(page);
    expect(result).toMatchObject({
      result: 'DECLINED',
      errCode: 0,
      errorDescription: 'Decline',
      transactionStatus: 'DECLINED',
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'DECLINED',
      transactionId: result.transactionId,
    });
    await page.close();
  });

  it('blockCards, blockPasteCard, cvvIcon and the 16-digit limit act in the field; a blocked card is refused without a payment', async () => {
    const { sessionToken } = await sc.openOrder();
    const page = await openShop(sessionToken, 'card', undefined, {
      blockCards: [['amex'], ['visa', 'credit']],
      blockPasteCard: true,
      cvvIcon: { tooltipPosition: 'bottom' },
    });
    const frame = page.frameLocator('#card iframe');
    const number = frame.locator('input[autocomplete="cc-number"]');
    // cvvIcon: the icon beside the CVV input, tooltip below
    await frame.locator('#gh-cvv-icon.gh-tip-bottom').waitFor(WAIT);
    await number.fill('375510288656924', WAIT);
    await page.waitForFunction(() => (window as any).lastChange?.invalid === true, null, WAIT);
    expect(await page.evaluate(() => (window as any).lastChange.error)).toBe('American Express cards are not accepted');
    expect(await page.evaluate(() => document.querySelector('#card')!.className)).toContain('sfc-invalid');
    // Paste is refused in the number input.
    await number.fill('', WAIT);
    const pasted = await number.evaluate((input: HTMLInputElement) => {
      const data = new DataTransfer();
      data.setData('text/plain', '4761344136141390');
      return input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, cancelable: true, bubbles: true }));
    });
    expect(pasted).toBe(false);
    // PRIVATE_CARD (4000027891380961) is a Visa credit card: blocked by the issuer data looked up at payment time.
    await fillCard(page, PRIVATE_CARD);
    const paid = await pay(page);
    expect(paid).toMatchObject({ result: 'ERROR', errCode: 1004, errorDescription: 'This card is not accepted' });
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
    // 16 digits at most without support19Digits
    await number.fill('4000 0000 0000 0000 006', WAIT);
    expect((await number.inputValue()).replace(/\s/g, '')).toHaveLength(16);
    await page.close();
  });

  it('invalid input answers an error without calling the gateway', async () => {
    const { sessionToken } = await sc.openOrder();
    const page = await openShop(sessionToken);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/client/v1/')) calls.push(r.url());
    });
    const result = await page.evaluate(() =>
      (window as any).sdk.createPayment({
        sessionToken: 'x',
        paymentOption: (window as any).card,
        billingAddress: { country: 'US' },
      }),
    );
    expect(result).toMatchObject({
      result: 'ERROR',
      errCode: 1019,
      errorDescription: 'billingAddress.email is required',
    });
    const empty = await pay(page);
    expect(empty).toMatchObject({ result: 'ERROR', errCode: 1004 });
    expect(calls).toEqual([]);
    await page.close();
  });

  for (const [name, action, outcome] of [
    ['completed', '#complete', 'APPROVED'],
    ['failed', '#fail', 'DECLINED'],
  ] as const) {
    it(`3-D Secure challenge ${name} in the modal`, async () => {
      const { sessionToken } = await sc.openOrder();
      const page = await openShop(sessionToken);
      await fillCard(page, CHALLENGE);
      const paying = pay(page);
      const acs = page.frameLocator('[data-gatehouse-challenge] iframe');
      await acs.locator('#code').fill('123456', WAIT);
      await acs.locator(action).click(WAIT);
      const result = await paying;
      expect(result).toMatchObject({ result: outcome, transactionStatus: outcome });
      if (outcome === 'APPROVED')
        expect(result).toMatchObject({ isLiabilityOnIssuer: '1', eci: expect.any(String), cavv: expect.any(String) });
      await page.waitForFunction(() => !document.querySelector('[data-gatehouse-challenge]'), null, WAIT);
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: outcome,
        transactionId: result.transactionId,
      });
      await page.close();
    });
  }

  it('UPO: addCardUpo from the fields, getUserUPOs, then a payment with the stored card', async () => {
    const { sessionToken } = await sc.openOrder({ userTokenId: 'e2e-user-1' });
    const page = await openShop(sessionToken);
    await fillCard(page, UPO_CARD);
    const added = await page.evaluate(() =>
      (window as any).sdk.addCardUpo({ useFields: true, billingAddress: { firstName: 'John', lastName: 'Smith' } }),
    );
    expect(added).toMatchObject({
      result: 'ADDED',
      userPaymentOptionId: expect.stringMatching(/^\d+$/),
      last4Digits: '4444',
    });
    const upos = await page.evaluate(() => new Promise((resolve) => (window as any).sdk.getUserUPOs(resolve)));
    expect((upos as any).paymentMethods).toEqual([
      expect.objectContaining({ userPaymentOptionId: added.userPaymentOptionId }),
    ]);
    const result = (await page.evaluate(
      ([token, upo]) =>
        (window as any).sdk.createPayment({
          sessionToken: token,
          paymentOption: { userPaymentOptionId: upo, CVV: '217' },
        }),
      [sessionToken, added.userPaymentOptionId],
    )) as Record<string, any>;
    expect(result).toMatchObject({
      result: 'APPROVED',
      userPaymentOptionId: added.userPaymentOptionId,
      last4Digits: '4444',
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
    });
    await page.close();
  });

  it('getToken in the browser, then the merchant server pays with payment.do', async () => {
    const { sessionToken } = await sc.openOrder();
    const page = await openShop(sessionToken);
    await fillCard(page, TOKEN_CARD);
    const token = (await page.evaluate(
      (t) => (window as any).sdk.getToken((window as any).card, { sessionToken: t, cardHolderName: 'John Smith' }),
      sessionToken,
    )) as Record<string, any>;
    expect(token).toMatchObject({ ccTempToken: expect.stringMatching(/^[0-9a-f-]{36}$/), last4Digits: '1117' });
    const paid = (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: 'e2e-token',
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { card: { ccTempToken: token.ccTempToken } },
      })
    ).json;
    expect(paid).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: paid.transactionId,
    });
    await page.close();
  });

  it('APM in a popup: the shopper approves on the APM page; the callback gets APPROVED', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '20.00' });
    const page = await openShop(sessionToken);
    const popupOpened = page.waitForEvent('popup', WAIT);
    const paying = page.evaluate(
      (t) =>
        (window as any).sdk.createPayment({
          sessionToken: t,
          paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay' } },
          apmWindowType: 'popup',
          billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
        }),
      sessionToken,
    ) as Promise<Record<string, any>>;
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded', WAIT);
    expect(popup.url()).toContain(`${gw.url}/apm/redirect/`);
    await popup.locator('button[value="approve"]').click(WAIT);
    const result = await paying;
    expect(result).toMatchObject({
      result: 'APPROVED',
      transactionStatus: 'APPROVED',
      paymentMethod: 'apmgw_RedirectPay',
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
      amount: '20.00',
    });
    await page.close();
  });

  it('APM with apmWindowType redirect: the page goes to the APM page and comes back to the merchant', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '20.00' });
    const page = await openShop(sessionToken);
    const back = `${merchantUrl}return`;
    const answer = (await page.evaluate(
      ([t, url]) =>
        (window as any).sdk.createPayment({
          sessionToken: t,
          paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay' } },
          apmWindowType: 'redirect',
          urlDetails: { successUrl: url, failureUrl: url, pendingUrl: url },
          billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
        }),
      [sessionToken, back],
    )) as Record<string, any>;
    expect(answer).toMatchObject({ result: 'PENDING', redirectUrl: expect.stringContaining('/apm/redirect/') });
    await page.waitForURL(/\/apm\/redirect\//, WAIT);
    await page.locator('button[value="approve"]').click(WAIT);
    await page.waitForURL(/\/return/, WAIT);
    expect(await page.locator('#back').textContent()).toBe(answer.transactionId);
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: answer.transactionId,
    });
    await page.close();
  });

  it('the demo shop at /demo pays and shows the result, the server-side status and the DMN it received', async () => {
    const relay = startRelay(gw.rt);
    const page = await browser.newPage();
    try {
      await page.goto(`${gw.url}/demo`);
      const frame = page.frameLocator('#card iframe');
      await frame.locator('input[autocomplete="cc-number"]').fill(APPROVED, WAIT);
      await frame.locator('input[autocomplete="cc-exp"]').fill('12/30', WAIT);
      await frame.locator('input[autocomplete="cc-csc"]').fill('217', WAIT);
      await page.click('#pay');
      await page.waitForFunction(
        () => document.getElementById('result')!.textContent!.includes('"result"'),
        null,
        WAIT,
      );
      const result = JSON.parse((await page.textContent('#result'))!);
      expect(result).toMatchObject({ result: 'APPROVED', transactionStatus: 'APPROVED' });
      await page.waitForFunction(() => document.getElementById('dmn')!.textContent!.includes('checksumValid'), null, {
        timeout: 60_000,
      });
      const dmn = JSON.parse((await page.textContent('#dmn'))!);
      expect(dmn[0]).toMatchObject({
        checksumValid: true,
        fields: { Status: 'APPROVED', TransactionID: result.transactionId, totalAmount: '15.00', currency: 'EUR' },
      });
      expect(JSON.parse((await page.textContent('#status'))!)).toMatchObject({
        transactionStatus: 'APPROVED',
        transactionId: result.transactionId,
      });
    } finally {
      await page.close();
      await relay.stop();
    }
  });

  it('the merchant page cannot read the card number, and never sends it', async () => {
    const { sessionToken } = await sc.openOrder();
    const merchantOrigin = new URL(merchantUrl).origin;
    const seen: Array<{ origin: string; url: string; body: string }> = [];
    const page = await openShop(sessionToken, 'card', (p) =>
      p.on('request', (r) => {
        let origin = '';
        try {
          origin = new URL(r.frame().url()).origin;
        } catch {
          origin = 'unknown';
        }
        seen.push({ origin, url: r.url(), body: r.postData() ?? '' });
      }),
    );
    await fillCard(page, PRIVATE_CARD);
    // The merchant page's own calls to the gateway (and its details lookup through the fields) carry no number.
    expect(await page.evaluate(() => (window as any).sdk.getApms({ currencyCode: 'EUR' }))).toMatchObject({
      paymentMethods: expect.any(Array),
    });
    expect(await page.evaluate(() => (window as any).sdk.getCardDetails({ useFields: true }))).toMatchObject({
      brand: 'Visa',
      last4Digits: '0961',
    });
    // A merchant script trying every way into the field frame.
    const attempts = await page.evaluate(() => {
      const frame = document.querySelector('#card iframe') as HTMLIFrameElement;
      const out: Record<string, unknown> = { contentDocument: frame.contentDocument };
      try {
        out.viaWindow = (frame.contentWindow as any).document.querySelector('input').value;
      } catch (e) {
        out.viaWindow = `blocked: ${(e as Error).name}`;
      }
      try {
        out.viaFrames = (window.frames[0] as any).document.body.innerHTML;
      } catch (e) {
        out.viaFrames = `blocked: ${(e as Error).name}`;
      }
      out.page = document.documentElement.outerHTML;
      return out;
    });
    expect(attempts.contentDocument).toBeNull();
    expect(attempts.viaWindow).toBe('blocked: SecurityError');
    expect(attempts.viaFrames).toBe('blocked: SecurityError');
    expect(String(attempts.page)).not.toContain(PRIVATE_CARD);
    const result = await pay(page);
    expect(result.result).toBe('APPROVED');
    expect(JSON.stringify(result)).not.toContain(PRIVATE_CARD);
    const fromMerchant = seen.filter((s) => s.origin === merchantOrigin);
    expect(fromMerchant.length).toBeGreaterThan(0);
    for (const s of fromMerchant) expect(`${s.url} ${s.body}`).not.toContain(PRIVATE_CARD);
    // The number went to the gateway only, from the gateway's own frame.
    const carrying = seen.filter((s) => s.body.includes(PRIVATE_CARD));
    expect(carrying.length).toBeGreaterThan(0);
    for (const s of carrying) {
      expect(s.origin).toBe(new URL(gw.url).origin);
      expect(s.url.startsWith(`${gw.url}/client/v1/`)).toBe(true);
    }
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
    await page.close();
  });
});
