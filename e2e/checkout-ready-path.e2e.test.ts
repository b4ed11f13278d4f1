import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { fillValidCard, hold, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * What checkout() starts the moment it is called (docs/decisions/0453, 0454, 0455): the form's data is
 * asked for beside the checkout bundle, not after it; the card frames load while the checkout bundle and
 * the methods are still on the network, each in one request (its script inline), and are moved into
 * their slots loaded (one page load per frame), with nothing of them reachable before; a checkout
 * without the card makes no card frame.
 */

describe('checkout(): what starts at the call', () => {
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

  const openHeld = async (held: RegExp, opts: Record<string, unknown> = {}) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const seen: string[] = [];
    ctx.on('request', (r: Request) => seen.push(r.url()));
    const h = await hold(ctx, held);
    const p = await ctx.newPage();
    // 'commit': the page's load event waits for what is held
    await p.goto(`${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts }))}`, {
      waitUntil: 'commit',
    });
    await h.arrived;
    return { ctx, p, seen, release: h.release };
  };
  const pagesOf = (seen: string[], type: string) =>
    seen.filter((u) => u.includes('/hosted/v1/fields?') && u.includes(`type=${type}`));

  it('asks for the methods and saved methods while the checkout bundle is still downloading', async () => {
    const { ctx, p, seen, release } = await openHeld(/\/sdk\/v1\/checkout\.[0-9a-f]+\.js/);
    await expect
      .poll(() => ['getApms', 'getUserUPOs'].every((m) => seen.some((u) => u.endsWith(`/client/v1/${m}`))), WAIT)
      .toBe(true);
    expect(await p.locator('#co [data-ghc-frame]').count()).toBe(0);
    release();
    await waitEvent(p, 'ready');
    // asked once: the form was built from the answers the call asked for
    expect(seen.filter((u) => u.endsWith('/client/v1/getApms'))).toHaveLength(1);
    expect(seen.filter((u) => u.endsWith('/client/v1/getUserUPOs'))).toHaveLength(1);
    await ctx.close();
  });

  it('loads the card frames while the checkout bundle is still downloading, each in one request', async () => {
    const { ctx, p, seen, release } = await openHeld(/\/sdk\/v1\/checkout\.[0-9a-f]+\.js/, {
      selectPM: 'cc_card',
      locale: 'de',
    });
    for (const type of ['ccNumber', 'ccExpiration', 'ccCvc'])
      await expect.poll(() => pagesOf(seen, type).length, WAIT).toBe(1);
    // the frames have loaded (they said ready) before the form exists: their page is all they need
    await expect.poll(() => p.locator('#co > [aria-hidden=true][inert] iframe').count(), WAIT).toBe(3);
    const frames = p.frames().filter((f) => f.url().includes('/hosted/v1/fields?'));
    for (const f of frames)
      await f
        .locator('input')
        .first()
        .waitFor({ state: 'attached', ...WAIT });
    release();
    await waitEvent(p, 'ready');
    expect(seen.filter((u) => u.includes('/hosted/v1/fields.js'))).toEqual([]);
    for (const type of ['ccNumber', 'ccExpiration', 'ccCvc']) expect(pagesOf(seen, type)).toHaveLength(1);
    // the frames got their config from the form once it had mounted: in its language
    const number = p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input');
    await expect.poll(() => number.getAttribute('aria-label'), WAIT).toBe('Kartennummer');
    const expiry = p.frameLocator('[data-ghc-frame=ccExpiration] iframe').locator('input');
    expect(await expiry.getAttribute('placeholder')).toBe('MM/JJ');
    await ctx.close();
  });

  it('loads the card frames while the methods are on the network, then moves them into their slots loaded', async () => {
    const { ctx, p, seen, release } = await openHeld(/\/client\/v1\/getApms$/, { selectPM: 'cc_card' });
    // the three frames are there, off screen and out of reach, before any method is known
    for (const type of ['ccNumber', 'ccExpiration', 'ccCvc'])
      await expect.poll(() => pagesOf(seen, type).length, WAIT).toBe(1);
    const holder = p.locator('#co > [aria-hidden=true][inert]');
    expect(await holder.locator('iframe').count()).toBe(3);
    await p.keyboard.press('Tab');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => !!document.activeElement?.closest('[inert]'))).toBe(false);
    release();
    await waitEvent(p, 'ready');
    // in their slots, not reloaded: still one page load each, and the holder is gone
    for (const [slot, type] of [
      ['ccNumber', 'ccNumber'],
      ['ccExpiration', 'ccExpiration'],
      ['ccCvc', 'ccCvc'],
    ]) {
      expect(await p.locator(`[data-ghc-frame=${slot}] iframe`).count()).toBe(1);
      expect(pagesOf(seen, type!)).toHaveLength(1);
    }
    expect(await holder.count()).toBe(0);
    // and they work: a card typed into the moved frames pays
    await fillValidCard(p, '4761344136141390');
    await p.locator('.ghc-pay').click();
    await waitEvent(p, 'result');
    const result = await p.evaluate(() => (window as any).events.find((e: any) => e[0] === 'result')[1]);
    expect(result.result).toBe('APPROVED');
    await ctx.close();
  });

  it('makes no card frame for a checkout whose methods leave the card out', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const ctx = await browser.newContext();
    const seen: string[] = [];
    ctx.on('request', (r: Request) => seen.push(r.url()));
    const p = await ctx.newPage();
    await p.goto(
      `${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts: { pmWhitelist: ['apmgw_RedirectPay'] } }))}`,
    );
    await waitEvent(p, 'ready');
    expect(seen.filter((u) => /\/hosted\/v1\/fields\?type=/.test(u))).toEqual([]);
    await ctx.close();
  });
});
