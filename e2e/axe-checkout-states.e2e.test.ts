import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { axeScan } from './axe-scan.js';
import { fillCard, fillValidCard, hold, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * axe-core (WCAG 2.2 A and AA, every impact) on every state of the hosted checkout, in each of its four
 * themes, in real headless Chromium: the page and its card frames, and the issuer's page inside the
 * 3-D Secure dialog. A state that waits on the network (loading, paying) is held there by intercepting
 * the request until the scan is done. The merchant page is the browser suites' (checkout-page.ts).
 */

const THEMES = ['tiles', 'accordion', 'horizontal', 'cashier'] as const;
const APPROVED = '4761344136141390';
const DECLINED = '4000000000000002';
const EXPIRED = '4000000000000069';
const CHALLENGE = '2221008123677736';
const GBP_CARD = '4000008260000000';
const USER = 'axe-states';

describe('axe-core on every checkout state, in every theme', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    shop = await startShop(gw, browser);
    // a stored card, for the saved-methods states
    const { sessionToken } = await sc.openOrder({ userTokenId: USER });
    await gw.request('POST', '/client/v1/addCardUpo', {
      body: {
        sessionToken,
        card: {
          cardNumber: '5555555555554444',
          cardHolderName: 'Jane Doe',
          expirationMonth: '09',
          expirationYear: '2031',
        },
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await gw?.close();
  });

  /** A page of its own context (so that routes stay its own), not yet waiting for onReady. */
  async function openShop(opts: Record<string, unknown>, user?: string) {
    const { sessionToken } = await sc.openOrder({
      amount: '15.00',
      currency: 'EUR',
      ...(user ? { userTokenId: user } : {}),
    });
    const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const p = await ctx.newPage();
    const go = () =>
      // not waiting for the load event: a card frame added before it, and held, would hold it too
      p.goto(`${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts }))}`, {
        waitUntil: 'domcontentloaded',
      });
    const ready = () => p.waitForFunction(() => (window as any).events.some((e: any) => e[0] === 'ready'), null, WAIT);
    return { ctx, p, go, ready };
  }
  const cardOnly = { pmWhitelist: ['cc_card'], savePM: 'false' };
  const pay = (p: Page) => p.locator('#co .ghc-pay').click();

  for (const theme of THEMES) {
    describe(`theme ${theme}`, () => {
      it('loading, ready, field errors after a failed submit, paying, and a decline that may be retried', async () => {
        const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme });
        const frames = await hold(ctx, /\/hosted\/v1\/fields\?(?!warm=)/, { first: true });
        await go();
        await frames.arrived;
        await p.locator('#co .ghc').waitFor(WAIT);
        expect(await axeScan(p), 'loading').toEqual([]);
        frames.release();
        await ready();
        await p.locator('[data-ghc-frame=ccNumber] iframe').waitFor(WAIT);
        expect(await axeScan(p), 'ready').toEqual([]);
        // a failed submit: the fields in error, the summary
        await p.evaluate(() => (window as any).checkout.submitPayment());
        await p.locator('#co .ghc-status').waitFor(WAIT);
        expect(await axeScan(p), 'field errors').toEqual([]);
        // paying: the payment call held
        await fillValidCard(p, DECLINED);
        const payment = await hold(ctx, /\/client\/v1\/createPayment$/, { first: true });
        await pay(p);
        await payment.arrived;
        expect(await axeScan(p), 'paying').toEqual([]);
        payment.release();
        await waitEvent(p, 'result');
        await p.locator('#co [data-ghc-recovery]').waitFor(WAIT);
        expect(await axeScan(p), 'declined, may be retried').toEqual([]);
        await ctx.close();
      });

      it('a decline that would repeat (expired card)', async () => {
        const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme });
        await go();
        await ready();
        await fillValidCard(p, EXPIRED);
        await pay(p);
        await waitEvent(p, 'result');
        await p.locator('#co [data-ghc-recovery]').waitFor(WAIT);
        expect(await axeScan(p)).toEqual([]);
        await ctx.close();
      });

      it('the 3-D Secure dialog open, with the issuer page in it', async () => {
        const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme });
        await go();
        await ready();
        await fillValidCard(p, CHALLENGE);
        await pay(p);
        await p.frameLocator('[data-gatehouse-challenge] iframe').locator('#code').waitFor(WAIT);
        expect(await axeScan(p)).toEqual([]);
        await ctx.close();
      });

      it('approved', async () => {
        const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme });
        await go();
        await ready();
        await fillValidCard(p, APPROVED);
        await pay(p);
        await waitEvent(p, 'result');
        await p.locator('#co [data-ghc-result=approved]').waitFor(WAIT);
        expect(await axeScan(p)).toEqual([]);
        await ctx.close();
      });

      it('pending (a bank transfer), with what happens next', async () => {
        const { ctx, p, go, ready } = await openShop({
          theme,
          pmWhitelist: ['apmgw_BankTransfer'],
          email: 'jane@example.com',
          savePM: 'false',
          selectPM: 'first',
        });
        await go();
        await ready();
        await pay(p);
        await waitEvent(p, 'result');
        await p.locator('#co [data-ghc-result=pending]').waitFor(WAIT);
        expect(await axeScan(p)).toEqual([]);
        await ctx.close();
      });

      it('saved cards, and the confirmation before deleting one', async () => {
        const { ctx, p, go, ready } = await openShop({ theme, savePM: 'true' }, USER);
        await go();
        await ready();
        await p.locator('#co [data-upo]').first().waitFor(WAIT);
        expect(await axeScan(p), 'saved cards').toEqual([]);
        await p.locator('#co .ghc-del').first().click();
        await p.locator('#co [role=dialog]').waitFor(WAIT);
        expect(await axeScan(p), 'confirm delete').toEqual([]);
        await ctx.close();
      });

      it('a currency conversion (DCC) offered', async () => {
        const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme, useDCC: 'enable' });
        await go();
        await ready();
        await fillCard(p, GBP_CARD);
        await p.locator('#co [data-ghc-dcc]').waitFor(WAIT);
        expect(await axeScan(p)).toEqual([]);
        await ctx.close();
      });
    });
  }

  it('High Contrast (forced colours): the pay button keeps a visible edge in every theme', async () => {
    for (const theme of THEMES) {
      const { ctx, p, go, ready } = await openShop({ ...cardOnly, theme });
      await p.emulateMedia({ forcedColors: 'active' });
      await go();
      await ready();
      const edge = await p.locator('#co .ghc-pay').evaluate((e) => {
        const s = getComputedStyle(e);
        return { width: parseFloat(s.borderTopWidth), style: s.borderTopStyle };
      });
      expect(edge.width, theme).toBeGreaterThanOrEqual(1);
      expect(edge.style, theme).toBe('solid');
      await ctx.close();
    }
  });
});
