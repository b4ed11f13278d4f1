import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { cardUpo } from '../packages/server/test/withdrawals.js';
import { eventsNamed, fillValidCard, pay, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The checkout() options that change what the shopper may pay with or sees, verified in real headless
 * Chromium: blockCards and cardWhitelist (brand marks and attribute rules), strictCardBlocking,
 * strictDcc, cardLogo, env and userId, the loading state (skeletons, pay disabled until the card
 * frames are ready), localised field errors, and a pending withdrawal cancelled (wdRequestCanceled).
 */

const APPROVED = '4761344136141390';
/** a Visa credit card (the issuer data say so) */
const VISA_CREDIT = '4000027891380961';
/** a JCB card issued in Japan: a JPY conversion, but JCB is not a full DCC brand */
const JCB_JPY = '3530111333300000';
const GBP_CARD = '4000008260000000';

describe('checkout() options in the browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    gw = await startGateway();
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
  const open = async (opts: Record<string, unknown>) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    return { sessionToken, p: await shop.open({ token: sessionToken, opts: { ...cardOnly, ...opts } }) };
  };
  const marks = (p: Page) =>
    p.locator('.ghc-logos > li[data-brand]').evaluateAll((els) => els.map((e) => e.getAttribute('data-brand')));
  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;

  it('brand marks list only what blockCards and cardWhitelist leave; an attribute rule keeps the brand but refuses its cards', async () => {
    let { p } = await open({ blockCards: [['visa'], ['amex']] });
    expect(await marks(p)).not.toContain('visa');
    expect(await marks(p)).not.toContain('amex');
    expect(await marks(p)).toContain('mastercard');
    await p.close();
    ({ p } = await open({ cardWhitelist: [['mastercard'], ['maestro']] }));
    expect(await marks(p)).toEqual(['mastercard', 'maestro']);
    await p.close();
    // an attribute rule (Visa credit cards): Visa is still shown, a Visa credit card is refused unpaid
    const blocked = await open({ blockCards: [['visa', 'credit']] });
    const sessionToken = blocked.sessionToken;
    p = blocked.p;
    expect(await marks(p)).toContain('visa');
    await fillValidCard(p, VISA_CREDIT);
    expect(await pay(p)).toMatchObject({ result: 'ERROR', errCode: 1004 });
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
    await p.close();
  });

  it('strictCardBlocking: when the card cannot be recognised the payment is refused; without it the payment goes on', async () => {
    for (const strict of [true, false]) {
      const { p, sessionToken } = await open({ blockCards: [['prepaid']], strictCardBlocking: strict });
      // the card-recognition lookup fails (the frames ask the gateway for the issuer data)
      await p.route('**/client/v1/getCardDetails', (route) => route.abort());
      await fillValidCard(p, APPROVED);
      const result = await pay(p);
      if (strict) {
        expect(result).toMatchObject({ result: 'ERROR', errCode: 1004 });
        expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
      } else {
        expect(result).toMatchObject({ result: 'APPROVED' });
      }
      await p.close();
    }
  });

  it('strictDcc: a card whose issuer does not fully support conversion gets no offer; a full-support card does', async () => {
    // without strictDcc the JCB card gets a JPY offer
    const loose = await open({ useDCC: 'enable' });
    await fillValidCard(loose.p, JCB_JPY);
    await loose.p.locator('[data-ghc-dcc=JPY]').waitFor(WAIT);
    await loose.p.close();
    // with strictDcc a full-support card (a UK Visa) still gets its offer, the JCB card none
    const { p } = await open({ useDCC: 'enable', strictDcc: true });
    await fillValidCard(p, GBP_CARD);
    await p.locator('[data-ghc-dcc=GBP]').waitFor(WAIT);
    await fillValidCard(p, JCB_JPY);
    await p.waitForFunction(() => !document.querySelector('[data-ghc-dcc]'), null, WAIT);
    const offers = (await eventsNamed(p, 'event')).filter((e) => e.type === 'dccOffered').map((e) => e.currency);
    expect(offers).toEqual(['GBP']);
    await p.close();
  });

  it('cardLogo: the brand mark on the right by default, on the left when asked, sized, or hidden with false', async () => {
    const box = async (p: Page, sel: string) => (await p.locator(sel).boundingBox())!;
    let { p } = await open({});
    expect((await box(p, '.ghc-brand')).x).toBeGreaterThan((await box(p, '[data-ghc-frame=ccNumber]')).x);
    await p.close();
    ({ p } = await open({ cardLogo: { cardLogoPosition: 'left', backgroundSize: '14px' } }));
    expect((await box(p, '.ghc-brand')).x).toBeLessThan((await box(p, '[data-ghc-frame=ccNumber]')).x);
    expect(await p.locator('.ghc-brand').evaluate((e) => getComputedStyle(e).fontSize)).toBe('14px');
    await p.close();
    ({ p } = await open({ cardLogo: false }));
    expect(await p.locator('.ghc-brand').count()).toBe(0);
    await p.close();
  });

  it('env (prod or int) renders and pays the same; an unknown env or a missing or too long userId is refused before anything renders', async () => {
    for (const env of ['prod', 'int']) {
      const { p } = await open({ env });
      await fillValidCard(p, APPROVED);
      expect(await pay(p)).toMatchObject({ result: 'APPROVED' });
      await p.close();
    }
    for (const opts of [{ env: 'test' }, { userId: null }, { userId: 'u'.repeat(21) }]) {
      const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
      const p = await shop.browserPage();
      await p.goto(
        `${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts: { ...cardOnly, ...opts } }))}`,
      );
      await waitEvent(p, 'result');
      expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'ERROR', errCode: 1019 });
      expect(await p.locator('#co iframe, #co button').count()).toBe(0);
      await p.close();
    }
  });

  it('loading: each card slot is a skeleton and the pay button disabled until its frame is ready; then onReady', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.browserPage();
    // hold the card frames' page until the test lets it through
    const held: Array<() => Promise<void>> = [];
    // (the card frames, not the hidden warm-up frame checkout() adds at once: docs/decisions/0452)
    const fieldsPage = (url: URL) => url.pathname === '/hosted/v1/fields' && !url.searchParams.has('warm');
    await p.route(fieldsPage, (route) => void held.push(() => route.continue()));
    // not waiting for the page's load event: frames added before it (held here) would hold it too
    await p.goto(
      `${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts: { ...cardOnly, selectPM: 'cc_card' } }))}`,
      { waitUntil: 'domcontentloaded' },
    );
    await p.locator('[data-ghc-frame=ccNumber]').waitFor(WAIT);
    await p.waitForFunction(() => document.querySelectorAll('[data-ghc-frame] iframe').length === 3, null, WAIT);
    const slots = p.locator('[data-ghc-frame]');
    for (const slot of await slots.all()) {
      expect(await slot.getAttribute('aria-busy')).toBe('true');
      expect(await slot.evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('gradient');
    }
    expect(await p.locator('.ghc-pay').isDisabled()).toBe(true);
    expect(await eventsNamed(p, 'ready')).toEqual([]);
    for (const go of held) await go();
    await p.unroute(fieldsPage);
    await waitEvent(p, 'ready');
    for (const slot of await slots.all()) {
      expect(await slot.getAttribute('aria-busy')).toBeNull();
      expect(await slot.getAttribute('data-ready')).toBe('');
    }
    expect(await p.locator('.ghc-pay').isDisabled()).toBe(false);
    await p.close();
  });

  it('field errors and "MM/YY" in the shopper\'s language (Polish); ru, pl and pt name the methods in theirs', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { savePM: 'false', selectPM: 'cc_card', locale: 'pl' } });
    const exp = p.frameLocator('[data-ghc-frame=ccExpiration] iframe').locator('input');
    expect(await exp.getAttribute('placeholder')).toBe('MM/RR');
    await p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input').fill('4761 3441', WAIT);
    await exp.fill('13/30', WAIT);
    await p.evaluate(() => (window as any).checkout.submitPayment());
    await expect.poll(() => p.locator('#ghc-slot-ccNumber-err').innerText()).toBe('Numer karty jest niepełny');
    expect(await p.locator('#ghc-slot-ccExpiration-err').innerText()).toBe('Wpisz datę ważności w formacie MM/RR');
    expect(await p.locator('#ghc-slot-ccCvc-err').innerText()).toBe('To pole jest wymagane');
    expect(await p.locator('[data-method=apmgw_BankTransfer]').innerText()).toBe('Przelew bankowy');
    await p.close();
    for (const [locale, name] of [
      ['ru', 'Банковский перевод'],
      ['pt', 'Transferência bancária'],
    ] as const) {
      const o = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
      const q = await shop.open({ token: o.sessionToken, opts: { savePM: 'false', locale } });
      expect(await q.locator('[data-method=apmgw_BankTransfer]').innerText()).toBe(name);
      expect(await q.locator('[data-method=cc_card]').innerText()).not.toContain('card');
      await q.close();
    }
  });

  it("userTokenId: the shopper's pending withdrawal is listed; cancelling it fires wdRequestCanceled and the server agrees", async () => {
    const user = 'co-wd';
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR', userTokenId: user });
    const upoId = await cardUpo(gw, user, APPROVED);
    const submitted = await gw.request('POST', '/client/v1/submitWdRequest', {
      body: { sessionToken, upoId, amount: '12.00', userId: 'u-1' },
    });
    const wdRequestId = String(submitted.json.wdRequestId);
    const p = await shop.browserPage();
    // the shop page records the callbacks it names; wdRequestCanceled is added to its checkout() call here
    await p.addInitScript(() => {
      let real: unknown;
      Object.defineProperty(window, 'checkout', {
        configurable: true,
        get: () => real,
        set: (fn: (params: Record<string, unknown>) => unknown) => {
          const record = (x: unknown) => (window as any).events.push(['wdRequestCanceled', x]);
          real = Object.assign((params: Record<string, unknown>) => fn({ ...params, wdRequestCanceled: record }), fn);
        },
      });
    });
    await p.goto(
      `${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts: { ...cardOnly, userTokenId: user } }))}`,
    );
    await waitEvent(p, 'ready');
    const row = p.locator(`[data-wd="${wdRequestId}"]`);
    expect(await row.innerText()).toContain('€12.00');
    await p.getByRole('button', { name: 'Cancel the withdrawal of €12.00' }).click();
    await waitEvent(p, 'wdRequestCanceled');
    expect(await eventsNamed(p, 'wdRequestCanceled')).toEqual([
      { wdRequestId, wdRequestStatus: 'Canceled', amount: '12.00', currency: 'EUR' },
    ]);
    expect(await row.count()).toBe(0);
    expect(await p.locator('.ghc-status').innerText()).toContain('The withdrawal of €12.00 was cancelled.');
    expect(await p.evaluate(() => document.activeElement?.classList.contains('ghc-status'))).toBe(true);
    const listed = await gw.request('POST', '/client/v1/getWdRequests', { body: { sessionToken, userTokenId: user } });
    expect(listed.json.withdrawalRequests ?? []).toEqual([]);
    await p.close();
  });
});
