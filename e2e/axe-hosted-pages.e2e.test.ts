import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { sessionInit, sessionPay } from '../packages/server/test/three-d-flow.js';
import { axeScan } from './axe-scan.js';
import { WAIT } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The pages Gatehouse renders on the server (docs/decisions/0450) in real headless Chromium: the sandbox
 * ACS's 3-D Secure challenge and its answers, the simulated APM provider's page and its result, the
 * completion page and the payout account capture. Each is axe-core clean (WCAG 2.2 A and AA and the
 * best practices: they are pages of their own), usable with the keyboard alone, without horizontal
 * scrolling at 320 px, and keeps its controls' edges and focus ring in forced colours (High Contrast).
 */

const CHALLENGE = '2221008123677736';
const NOTIFY = 'https://merchant.example/3ds';

describe('hosted pages: accessible, keyboard, responsive, High Contrast', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  async function acsUrl(): Promise<string> {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY, {
      challengePreference: 'Challenge',
    });
    return r.paymentOption.card.threeD.acsUrl as string;
  }
  async function apmUrl(): Promise<string> {
    const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `axe-apm-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay', email: 'jane@example.com' } },
      billingAddress: { country: 'DE', zip: '10115' },
    });
    return r.json.redirectUrl as string;
  }
  async function page(url: string, o: { width?: number; javaScript?: boolean; locale?: string } = {}): Promise<Page> {
    const ctx = await browser.newContext({
      viewport: { width: o.width ?? 1280, height: 800 },
      javaScriptEnabled: o.javaScript ?? true,
      ...(o.locale ? { locale: o.locale } : {}),
    });
    const p = await ctx.newPage();
    await p.goto(url);
    return p;
  }
  const close = (p: Page) => p.context().close();
  const noHorizontalScroll = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  const focusedId = (p: Page) => p.evaluate(() => document.activeElement?.id ?? '');

  describe('the 3-D Secure challenge page', () => {
    for (const [lang, width] of [
      ['en', 1280],
      ['de', 390],
      ['he', 768],
      ['ru', 320],
    ] as const) {
      it(`${lang} at ${width} px: axe-clean, no horizontal scroll`, async () => {
        const p = await page(`${await acsUrl()}?lang=${lang}`, { width });
        expect(await p.getAttribute('html', 'lang')).toBe(lang);
        expect(await axeScan(p, { bestPractices: true })).toEqual([]);
        expect(await noHorizontalScroll(p)).toBe(true);
        await close(p);
      });
    }

    it("the browser's language when the page is opened without one (a REST redirectUrl)", async () => {
      const p = await page(await acsUrl(), { locale: 'fr-FR' });
      expect(await p.getAttribute('html', 'lang')).toBe('fr');
      expect(await p.locator('h1').innerText()).toBe('Vérifiez votre paiement');
      await close(p);
    });

    it('keyboard only: the code field has the focus, Tab reaches Submit, Enter answers', async () => {
      const p = await page(await acsUrl());
      expect(await focusedId(p)).toBe('code');
      await p.keyboard.type('123456');
      await p.keyboard.press('Tab');
      expect(await focusedId(p)).toBe('complete');
      // the focus ring is drawn
      expect(await p.locator('#complete').evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe('none');
      await p.keyboard.press('Tab');
      expect(await focusedId(p)).toBe('fail');
      const answered = p.waitForRequest((r) => r.url() === NOTIFY, WAIT);
      await p.keyboard.press('Shift+Tab');
      await p.keyboard.press('Enter');
      await answered;
      await close(p);
    });

    it('the answer page (its auto-post to the merchant held) and the closed page are axe-clean', async () => {
      const url = await acsUrl();
      const p = await page(url);
      // the merchant's notificationURL answers 204 No Content: the browser stays on the answer page
      await p.context().route(NOTIFY, (route) => route.fulfill({ status: 204 }));
      await p.locator('#complete').click();
      await p.locator('[role=status] h1').waitFor(WAIT);
      expect(await p.locator('h1').innerText()).toBe('Authentication completed');
      expect(await axeScan(p, { bestPractices: true }), 'answer').toEqual([]);
      const again = await page(url);
      expect(await again.locator('h1').innerText()).toBe('This authentication is closed');
      expect(await axeScan(again, { bestPractices: true }), 'closed').toEqual([]);
      await close(again);
      await close(p);
    });

    it('High Contrast (forced colours): both buttons keep a visible edge and the focus ring', async () => {
      const p = await page(await acsUrl());
      await p.emulateMedia({ forcedColors: 'active' });
      for (const id of ['complete', 'fail']) {
        const edge = await p.locator(`#${id}`).evaluate((e) => {
          const s = getComputedStyle(e);
          return { width: parseFloat(s.borderTopWidth), style: s.borderTopStyle };
        });
        expect(edge.width, id).toBeGreaterThanOrEqual(1);
        expect(edge.style, id).toBe('solid');
      }
      await p.keyboard.press('Tab');
      const ring = await p.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await close(p);
    });
  });

  describe('the simulated APM provider page', () => {
    for (const [lang, width] of [
      ['en', 1280],
      ['pl', 390],
      ['he', 320],
    ] as const) {
      it(`${lang} at ${width} px: axe-clean, no horizontal scroll`, async () => {
        const p = await page(`${await apmUrl()}?lang=${lang}`, { width });
        expect(await p.getAttribute('html', 'lang')).toBe(lang);
        expect(await axeScan(p, { bestPractices: true })).toEqual([]);
        expect(await noHorizontalScroll(p)).toBe(true);
        await close(p);
      });
    }

    it('keyboard only: Tab reaches Approve first; Enter answers; the result page is axe-clean and in the language', async () => {
      const p = await page(`${await apmUrl()}?lang=it`);
      await p.keyboard.press('Tab');
      expect(await focusedId(p)).toBe('approve');
      await p.keyboard.press('Tab');
      expect(await focusedId(p)).toBe('decline');
      await p.keyboard.press('Shift+Tab');
      await Promise.all([p.waitForURL(/\/apm\/redirect\//, WAIT), p.keyboard.press('Enter')]);
      await p.locator('#result').waitFor(WAIT);
      expect(await p.locator('#result').getAttribute('data-status')).toBe('APPROVED');
      expect(await p.locator('#result').innerText()).toBe('Pagamento approvato');
      expect(await axeScan(p, { bestPractices: true })).toEqual([]);
      await close(p);
    });

    it('High Contrast (forced colours): the three buttons keep a visible edge', async () => {
      const p = await page(await apmUrl());
      await p.emulateMedia({ forcedColors: 'active' });
      for (const id of ['approve', 'decline', 'pending']) {
        const width = await p.locator(`#${id}`).evaluate((e) => parseFloat(getComputedStyle(e).borderTopWidth));
        expect(width, id).toBeGreaterThanOrEqual(1);
      }
      await close(p);
    });
  });

  it('the 3-D Secure completion page is axe-clean, in the language it is given', async () => {
    const p = await page(`${gw.url}/hosted/v1/three-d/complete?lang=es`);
    expect(await p.getAttribute('html', 'lang')).toBe('es');
    expect(await axeScan(p, { bestPractices: true })).toEqual([]);
    await close(p);
  });

  it('account capture: the form and its error are axe-clean; the error is announced and named by the fields', async () => {
    const { sessionToken } = await sc.openOrder({ userTokenId: 'axe-capture' });
    const r = await gw.request('POST', '/client/v1/accountCapture', {
      body: {
        sessionToken,
        userTokenId: 'axe-capture',
        paymentMethod: 'apmgw_BankPayout',
        currencyCode: 'EUR',
        countryCode: 'DE',
        languageCode: 'de',
      },
    });
    const p = await page(r.json.redirectUrl as string, { width: 390 });
    expect(await p.getAttribute('html', 'lang')).toBe('de');
    expect(await axeScan(p, { bestPractices: true }), 'form').toEqual([]);
    await p.locator('#save').click();
    await p.locator('#error[role=alert]').waitFor(WAIT);
    expect(await p.locator('input').first().getAttribute('aria-describedby')).toBe('error');
    expect(await axeScan(p, { bestPractices: true }), 'error').toEqual([]);
    await close(p);
  });
});
