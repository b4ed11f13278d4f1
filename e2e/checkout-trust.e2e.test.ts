import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../packages/server/src/lib/clock.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { eventsNamed, fillValidCard, pay, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * What the shopper sees is what is charged (docs/decisions/0420, 0421), in real headless Chromium:
 * an amount or currency the session's order does not charge is refused before anything renders, a dead
 * session says so at once, an accepted DCC offer is what the headline and the pay button show, and a
 * final or pending result locks the form.
 */

const APPROVED = '4761344136141390';
const DECLINED = '4000000000000002';
const GBP_CARD = '4000008260000000';

describe('a checkout the shopper can trust', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    // a manual clock, so that a session can be idle-expired without waiting
    gw = await startGateway({ clockStart: Date.parse('2026-03-02T09:00:00Z') });
    sc = sessionClient(gw);
    browser = await launchChromium();
    shop = await startShop(gw, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await gw?.close();
  });

  const cardOnly = { pmWhitelist: ['cc_card'], savePM: 'false' };
  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;

  /** Opens the shop without waiting for onReady (a refused checkout never fires it), until onResult. */
  async function openRefused(token: string, opts: Record<string, unknown>): Promise<Page> {
    const p = await shop.browserPage();
    await p.goto(`${shop.url}#${encodeURIComponent(JSON.stringify({ token, opts }))}`);
    await waitEvent(p, 'result');
    return p;
  }
  const formShown = (p: Page) => p.locator('#co iframe, #co button, #co input').count();

  it.each([
    ['another amount on an order without openAmount', { amount: '9.99' }, 1040],
    ['another currency', { currency: 'USD' }, 1041],
  ])('%s: an onResult error in the SDK shape, nothing rendered, no onReady', async (_why, opts, errCode) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await openRefused(sessionToken, { ...cardOnly, ...opts });
    const [result] = await eventsNamed(p, 'result');
    expect(result).toMatchObject({ result: 'ERROR', status: 'ERROR', errCode, errorDescription: expect.any(String) });
    expect(await formShown(p)).toBe(0);
    expect(await eventsNamed(p, 'ready')).toEqual([]);
    // nothing to pay with: the methods answer that there is no checkout
    expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
    await p.close();
  });

  it('an unknown and an expired session: an error at once, no form, no onReady', async () => {
    const p = await openRefused('00000000-0000-0000-0000-000000000000', cardOnly);
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'ERROR', errCode: 1069 });
    expect(await formShown(p)).toBe(0);
    // nor is the hidden warm-up frame of the card fields left behind (docs/decisions/0452)
    expect(await p.locator('iframe[src*="warm=1"]').count()).toBe(0);
    expect(await eventsNamed(p, 'ready')).toEqual([]);
    await p.close();
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    (gw.clock as ManualClock).advance(16 * 60 * 1000);
    const q = await openRefused(sessionToken, cardOnly);
    expect((await eventsNamed(q, 'result'))[0]).toMatchObject({ result: 'ERROR', errCode: 1069 });
    expect(await formShown(q)).toBe(0);
    await q.close();
  });

  it("an amount within the order's openAmount is shown and is what is charged", async () => {
    const { sessionToken } = await sc.openOrder({
      amount: '15.00',
      currency: 'EUR',
      openAmount: { min: '5', max: '50' },
    });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, amount: '9.99' } });
    // ready: the warm-up frame that started the card fields' process is gone (docs/decisions/0452)
    expect(await p.locator('iframe[src*="warm=1"]').count()).toBe(0);
    expect(await p.locator('.ghc-pay').innerText()).toContain('9.99');
    await fillValidCard(p, APPROVED);
    expect(await pay(p)).toMatchObject({ result: 'APPROVED' });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      amount: '9.99',
      currency: 'EUR',
    });
    await p.close();
  });

  it('DCC accepted: the headline and the pay button show the charged amount and the rate; that is charged', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, useDCC: 'enable' } });
    await fillValidCard(p, GBP_CARD);
    const offer = p.locator('[data-ghc-dcc=GBP] input[type=checkbox]');
    await offer.waitFor(WAIT);
    expect(await p.locator('.ghc-pay').innerText()).toContain('€15.00');
    await offer.check();
    const charged = (await p.locator('.ghc-amount').getAttribute('data-ghc-amount'))!;
    const [amount, currency] = charged.split(' ');
    expect(currency).toBe('GBP');
    const pound = `£${amount}`;
    expect(await p.locator('.ghc-amount').innerText()).toContain(pound);
    expect(await p.locator('.ghc-pay').innerText()).toContain(pound);
    expect(await p.locator('[data-ghc-dcc-rate]').innerText()).toMatch(/€15\.00.*1 EUR = [\d.]+ GBP/);
    expect(await pay(p)).toMatchObject({ result: 'APPROVED', currency: 'GBP', amount });
    expect(await status(sessionToken)).toMatchObject({ amount, currency: 'GBP' });
    await p.close();
  });

  it('APPROVED locks the form: no card field left, a second submitPayment is refused, focus on the result', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: cardOnly });
    await fillValidCard(p, APPROVED);
    await p.locator('.ghc-pay').click();
    await waitEvent(p, 'result');
    expect(await p.locator('#co iframe').count()).toBe(0);
    expect(await p.locator('.ghc-pay').count()).toBe(0);
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-ghc-result'))).toBe('approved');
    expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
    expect(await eventsNamed(p, 'result')).toHaveLength(1);
    // onPaymentEvent reports the payment once, not once from the SDK and once from the form
    const types = (await eventsNamed(p, 'event')).map((e) => e.type);
    expect(types.filter((t) => t === 'paymentStarted')).toHaveLength(1);
    expect(types.filter((t) => t === 'paymentResult')).toHaveLength(1);
    await p.close();
  });

  it('a pending bank transfer locks the form and says what happens next; a second payment is impossible', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({
      token: sessionToken,
      opts: { pmWhitelist: ['apmgw_BankTransfer'], email: 'jane@example.com', savePM: 'false', country: 'DE' },
    });
    await p.locator('.ghc-pay').click();
    await waitEvent(p, 'result');
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'PENDING' });
    expect(await p.locator('.ghc-pay').count()).toBe(0);
    expect(await p.locator('[data-ghc-result=pending] .ghc-next').innerText()).toMatch(/transfer/i);
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-ghc-result'))).toBe('pending');
    expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
    expect(await eventsNamed(p, 'result')).toHaveLength(1);
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
    await p.close();
  });

  it('a decline that would repeat (expired card) offers no "Try again"; an ordinary decline does', async () => {
    for (const [card, retry] of [
      ['4000000000000069', 0],
      [DECLINED, 1],
    ] as const) {
      const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
      const p = await shop.open({ token: sessionToken, opts: cardOnly });
      await fillValidCard(p, card);
      await p.locator('.ghc-pay').click();
      await waitEvent(p, 'result');
      await p.locator('[data-ghc-recovery]').waitFor(WAIT);
      expect(await p.locator('[data-recovery=retry]').count()).toBe(retry);
      expect(await p.locator('[data-recovery=differentCard]').count()).toBe(1);
      await p.close();
    }
  });

  it('an APM form left incomplete does not talk about card details', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { pmWhitelist: ['apmgw_BankTransfer'], savePM: 'false' } });
    await p.locator('.ghc-pay').click();
    await p.locator('.ghc-status.ghc-bad').waitFor(WAIT);
    const text = await p.locator('.ghc-status').innerText();
    expect(text).not.toMatch(/card/i);
    expect(text).toMatch(/check the highlighted fields/i);
    // the summary names the field, and takes the shopper to it
    await p.locator('[data-gh-error-summary] button').first().click();
    expect(await p.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');
    await p.close();
  });

  it('after a decline the focus is on the message, not on <body>', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, disableDeclineRecovery: true } });
    await fillValidCard(p, DECLINED);
    await p.locator('.ghc-pay').click();
    await waitEvent(p, 'result');
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    expect(await p.evaluate(() => document.activeElement?.textContent)).toMatch(/declined/i);
    await p.close();
  });
});
