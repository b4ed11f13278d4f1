import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { cardUpo, wdCall } from '../packages/server/test/withdrawals.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { type Cashier, eventsNamed, fillNewCard, startCashier, WAIT, waitEvent, withdraw } from './withdrawal-page.js';

/**
 * withdrawal()'s standards in real headless Chromium: bad parameters answered before anything renders
 * or downloads; axe-core clean in every state and theme; Hebrew right to left with amounts and card
 * numbers left to right; usable at 320 px; the focus managed after a submit; the bundle compressed.
 */

const THEMES = ['horizontal', 'tiles', 'accordion', 'cashier'] as const;
const CARD = '4761344136141390';
const VISA_CREDIT = '4000027891380961';

/** Holds the page's requests matching `pattern` until released (to scan the state they leave). */
async function hold(p: Page, pattern: RegExp) {
  let release!: () => void;
  let arrived!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const came = new Promise<void>((r) => (arrived = r));
  await p.route(pattern, async (route) => {
    arrived();
    await gate;
    await route.continue();
  });
  return { arrived: came, release };
}

describe('withdrawal() standards in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let cashier: Cashier;
  let n = 0;
  const user = () => `wd-ui-${++n}`;
  const session = async (u: string) =>
    (await sc.openOrder({ userTokenId: u, amount: '20.00', currency: 'EUR' })).sessionToken;
  /** The cashier page, not waiting for onReady. */
  const raw = async (cfg: Record<string, unknown>, width = 800) => {
    const p = await browser.newPage({ viewport: { width, height: 900 } });
    const bundles: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/sdk/v1/withdrawal')) bundles.push(r.url());
    });
    const go = () => p.goto(`${cashier.url}#${encodeURIComponent(JSON.stringify(cfg))}`);
    return { p, go, bundles };
  };

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

  it.each([
    [
      { amountSuggestions: ['1', '2', '3', '4'], openAmount: { min: 1, max: 10 } },
      'amountSuggestions must have at most 3 amounts',
    ],
    [{ pmWhitelist: ['cc_card'], pmBlacklist: ['apmgw_x'] }, 'pmWhitelist and pmBlacklist cannot both be given'],
    [{ blockCards: [['visa']], cardWhiteList: [['visa']] }, 'blockCards and cardWhiteList cannot both be given'],
    [{ currency: 'euro' }, 'currency must be an ISO 4217 code'],
    [{ renderTo: '#nowhere' }, 'renderTo must be the selector of an element on the page'],
    [{ sessionToken: '' }, 'sessionToken is required'],
  ])(
    'a bad parameter answers the SDK error to onResult and returns it; nothing renders or downloads: %j',
    async (opts, reason) => {
      const u = user();
      const { p, go, bundles } = await raw({ token: 'tok-0b1f6a3c', user: u, opts });
      await go();
      await waitEvent(p, 'result');
      const [r] = await eventsNamed(p, 'result');
      expect(r).toEqual({
        result: 'ERROR',
        status: 'ERROR',
        errCode: expect.any(Number),
        reason,
        errorDescription: reason,
      });
      expect(await p.evaluate(() => (window as any).returned)).toEqual(r);
      expect(await p.locator('#wd').innerHTML()).toBe('');
      expect(bundles).toEqual([]);
      await p.close();
    },
  );

  for (const theme of THEMES) {
    it(`theme ${theme}: axe-clean loading, ready, with errors, sending, and after the request`, async () => {
      const u = user();
      const { p, go } = await raw({ token: await session(u), user: u, opts: { theme } });
      const data = await hold(p, /\/client\/v1\/getApms$/);
      await go();
      await data.arrived;
      await p.locator('#wd .ghw').waitFor(WAIT);
      expect(await axeScan(p), 'loading').toEqual([]);
      data.release();
      await waitEvent(p, 'ready');
      await p.locator('[data-ghc-frame=ccNumber] iframe').waitFor(WAIT);
      expect(await axeScan(p), 'ready').toEqual([]);
      // a press with nothing typed: the problems listed, the focus on the first; nothing sent
      await p.locator('.ghc-pay').click();
      await p.locator('.gh-error-summary').waitFor(WAIT);
      expect(await p.evaluate(() => document.activeElement?.classList.contains('gh-error-summary-item'))).toBe(true);
      expect(await eventsNamed(p, 'result')).toEqual([]);
      expect(await axeScan(p), 'errors').toEqual([]);
      await fillNewCard(p, CARD);
      const sending = await hold(p, /\/client\/v1\/submitWdRequest$/);
      await p.locator('.ghc-pay').click();
      await sending.arrived;
      expect(await p.locator('.ghc-pay').getAttribute('aria-disabled')).toBe('true');
      expect(await axeScan(p), 'sending').toEqual([]);
      sending.release();
      await waitEvent(p, 'result');
      await p.locator('[data-ghc-result=pending]').waitFor(WAIT);
      expect(await axeScan(p), 'pending').toEqual([]);
      await p.close();
    });
  }

  it('axe-clean with saved methods, at the limit, after an error, and with an expired session', async () => {
    const u = user();
    await cardUpo(gw, u, CARD);
    const saved = await cashier.open({
      token: await session(u),
      user: u,
      opts: { openAmount: { min: 5, max: 50 }, amountSuggestions: ['10', '20'] },
    });
    expect(await axeScan(saved), 'saved methods, open amount').toEqual([]);
    // an amount out of range: the error under the input
    await saved.locator('#ghw-amount').fill('500');
    await saved.locator('#ghw-amount').press('Tab');
    await expect(saved.locator('#ghw-amount-err').textContent()).resolves.toContain('Enter an amount from');
    expect(await axeScan(saved), 'amount error').toEqual([]);
    await saved.close();

    const upo = await cardUpo(gw, u, CARD);
    await wdCall(gw, 'submitRequest', { userTokenId: u, userPMId: upo, amount: '5.00', currency: 'EUR' });
    const limit = await cashier.open({ token: await session(u), user: u });
    await limit.locator('#ghw-limit').waitFor(WAIT);
    expect(await axeScan(limit), 'limit reached').toEqual([]);
    await limit.close();

    // a card the rules refuse (a Visa credit card): an ERROR result, no request, the form kept, the message focused
    const v = user();
    const blocked = await cashier.open({
      token: await session(v),
      user: v,
      opts: { blockCards: [['visa', 'credit']] },
    });
    await fillNewCard(blocked, VISA_CREDIT);
    const r = await withdraw(blocked);
    expect(r).toMatchObject({ result: 'ERROR', errCode: 1004, userId: v, wdRequestsLimitReached: false });
    expect((await wdCall(gw, 'getRequests', { userTokenId: v })).json.withdrawalRequests).toEqual([]);
    expect(await blocked.locator('[data-ghc-frame=ccNumber] iframe').count()).toBe(1);
    await blocked.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    expect(await axeScan(blocked), 'error').toEqual([]);
    await blocked.close();

    const expired = await cashier.open({ token: '0b1f6a3c-7f7e-4a56-9d57-3d7f0c1e2a44', user: v });
    await expired.getByRole('dialog', { name: 'Session expired' }).waitFor(WAIT);
    expect(await expired.locator('.ghc-pay').isDisabled()).toBe(true);
    expect(await axeScan(expired), 'expired').toEqual([]);
    await expired.close();
  });

  it('keyboard only: Tab reaches the saved method and the withdraw button, Enter withdraws', async () => {
    const u = user();
    await cardUpo(gw, u, CARD);
    const p = await cashier.open({ token: await session(u), user: u });
    const focused = () => p.evaluate(() => (document.activeElement as HTMLElement | null)?.className ?? '');
    const seen: string[] = [];
    for (let i = 0; i < 30 && !(await focused()).includes('ghc-pay'); i++) {
      await p.keyboard.press('Tab');
      seen.push(await p.evaluate(() => document.activeElement?.tagName + ':' + (document.activeElement as any)?.type));
    }
    expect(seen).toContain('INPUT:radio');
    expect(await focused()).toContain('ghc-pay');
    await p.keyboard.press('Enter');
    await waitEvent(p, 'result');
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'PENDING' });
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    await p.close();
  });

  it('he: right to left, Hebrew texts, amounts and card numbers left to right, usable at 320 px', async () => {
    const u = user();
    const p = await cashier.open({ token: await session(u), user: u, opts: { locale: 'he' } }, 320);
    const root = p.locator('#wd .ghw');
    await expect(root.getAttribute('dir')).resolves.toBe('rtl');
    await expect(root.getAttribute('lang')).resolves.toBe('he');
    await expect(p.locator('#wd h2').textContent()).resolves.toBe('משיכת כספים');
    // the payout methods are named in Hebrew too, where the provider names them in five languages only
    const shown = await p.locator('#wd').innerText();
    expect(shown).toContain('העברה לחשבון בנק');
    expect(shown).not.toContain('Bank payout');
    const button = (await p.locator('.ghc-pay').textContent())!;
    expect(button).toMatch(/[\u0590-\u05FF]/);
    await expect(p.locator('.ghc-pay bdi').getAttribute('dir')).resolves.toBe('ltr');
    await expect(p.locator('.ghc-amount bdi').getAttribute('dir')).resolves.toBe('ltr');
    const frame = p.frameLocator('[data-ghc-frame=ccNumber] iframe');
    const number = frame.locator('input[autocomplete="cc-number"]');
    await number.waitFor(WAIT);
    expect(await number.evaluate((e) => document.documentElement.dir + ' ' + getComputedStyle(e).direction)).toBe(
      'rtl ltr',
    );
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
      true,
    );
    expect(await axeScan(p), 'he at 320 px').toEqual([]);
    await fillNewCard(p, CARD, 'ישראל ישראלי');
    const r = await withdraw(p);
    expect(r).toMatchObject({ result: 'PENDING', wdRequestStatus: 'Pending' });
    await expect(p.locator('.ghc-status').textContent()).resolves.toMatch(/[\u0590-\u05FF]/);
    await p.close();
  });

  it('the bundle and a locale script are served compressed and immutable under their hashes', async () => {
    const meta = JSON.parse(
      readFileSync(new URL('../packages/web-sdk/dist/websdk.integrity.json', import.meta.url), 'utf8'),
    );
    for (const file of [meta.withdrawal.file, meta.withdrawal.locales.he.file]) {
      const res = await fetch(`${gw.url}/sdk/v1/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
  });
});
