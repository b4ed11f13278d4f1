import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { axe, eventsNamed, fillValidCard, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * What a shopper notices of the hosted checkout, in real headless Chromium: every theme passes an
 * axe-core scan (no serious or critical violation, in the page and in the card frames), every locale
 * renders the texts of its locale file, right-to-left layout, keyboard-only payment with a visible
 * focus ring, no horizontal scrolling at 320 px, and no layout shift when errors appear.
 */

const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru'] as const;
const THEMES = ['tiles', 'accordion', 'horizontal', 'cashier'] as const;
const LOCALE_DIR = new URL('../packages/web-sdk/src/checkout/locales/', import.meta.url).pathname;
const text = (locale: string) => JSON.parse(readFileSync(join(LOCALE_DIR, `${locale}.json`), 'utf8'));

describe('hosted checkout: themes, locales and accessibility in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    shop = await startShop(gw, browser);
    // a stored card, so the saved-methods list is part of every scan
    const { sessionToken } = await sc.openOrder({ userTokenId: 'co-ui' });
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

  const open = async (opts: Record<string, unknown>, width = 800) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR', userTokenId: 'co-ui' });
    const p = await shop.open({ token: sessionToken, opts: { selectPM: 'cc_card', ...opts } }, width);
    await p.locator('[data-ghc-frame=ccNumber] iframe').waitFor(WAIT);
    return p;
  };

  for (const theme of THEMES) {
    it(`theme ${theme}: renders the methods and the card form; axe finds no serious or critical violation`, async () => {
      const p = await open({ theme });
      expect(await p.locator(`.ghc.ghc-theme-${theme}`).count()).toBe(1);
      expect(await p.locator('[data-method]').count()).toBeGreaterThan(1);
      expect(await p.locator('[data-upo]').count()).toBe(1);
      expect(await axe(p)).toEqual([]);
      // errors shown too
      await p.evaluate(() => (window as any).checkout.submitPayment());
      await p.locator('.ghc-status.ghc-bad').waitFor(WAIT);
      expect(await axe(p)).toEqual([]);
      await p.close();
    });
  }

  for (const locale of LOCALES) {
    it(`locale ${locale}: the texts come from locales/${locale}.json, in the form and in the card frames`, async () => {
      const t = text(locale);
      const p = await open({ locale });
      expect(await p.locator('.ghc h2').textContent()).toBe(t.title);
      expect(await p.locator('.ghc').getAttribute('lang')).toBe(locale);
      expect(await p.locator('[data-method=cc_card]').textContent()).toBe(t.cc_card);
      expect(await p.locator('label[for=ghc-name]').textContent()).toBe(t.cardHolder);
      const number = p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input[autocomplete="cc-number"]');
      await expect.poll(() => number.getAttribute('aria-label')).toBe(t.cardNumber);
      expect(await p.locator('[data-ghc-frame=ccNumber] iframe').getAttribute('title')).toBe(t.cardNumber);
      await p.close();
    });
  }

  it('i18n overrides any text; textDirection rtl lays the form and the frames out right to left', async () => {
    const p = await open({ locale: 'fr', textDirection: 'rtl', i18n: { title: 'Règlement' } });
    expect(await p.locator('.ghc h2').textContent()).toBe('Règlement');
    expect(await p.locator('.ghc').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const frame = p.frameLocator('[data-ghc-frame=ccNumber] iframe');
    await expect.poll(() => frame.locator('html').getAttribute('dir')).toBe('rtl');
    // the label starts at the right edge
    const box = (await p.locator('.ghc').boundingBox())!;
    const label = (await p.locator('label[for=ghc-name]').boundingBox())!;
    expect(box.x + box.width - (label.x + label.width)).toBeLessThan(40);
    await p.close();
  });

  it('keyboard only: tab into the card frames, type, and pay with Enter; the focus ring is visible', async () => {
    const p = await open({ pmWhitelist: ['cc_card'], savePM: 'false', preventScrollOnInt: true });
    await p.locator('.ghc').waitFor(WAIT);
    // Tab from the page's start until the card number input has the focus
    const inNumber = () =>
      p
        .frameLocator('[data-ghc-frame=ccNumber] iframe')
        .locator('input')
        .evaluate((el) => el === document.activeElement);
    for (let i = 0; i < 12 && !(await inNumber()); i++) await p.keyboard.press('Tab');
    expect(await inNumber()).toBe(true);
    expect(await p.locator('[data-ghc-frame=ccNumber]').getAttribute('class')).toContain('sfc-focus');
    // focus crosses into another process's frame: wait until it has arrived before typing
    const focused = (frame: string) =>
      expect
        .poll(() =>
          p
            .frameLocator(`[data-ghc-frame=${frame}] iframe`)
            .locator('input')
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
    await p.keyboard.type('4761344136141390');
    await p.keyboard.press('Tab');
    await focused('ccExpiration');
    await p.keyboard.type('1230');
    await p.keyboard.press('Tab');
    await focused('ccCvc');
    await p.keyboard.type('217');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('ghc-name');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.className)).toContain('ghc-pay');
    const outline = await p.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await p.keyboard.press('Enter');
    await waitEvent(p, 'result').catch(async (e) => {
      console.log(
        await p.locator('.ghc-status').textContent(),
        JSON.stringify((await eventsNamed(p, 'validated')).slice(-2)),
      );
      throw e;
    });
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'APPROVED' });
    await p.close();
  });

  for (const theme of THEMES) {
    it(`320 px wide (${theme}): nothing overflows sideways`, async () => {
      const p = await open({ theme, locale: 'de' }, 320);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // the card number field takes the row (beside its brand logo)
      const form = (await p.locator('.ghc').boundingBox())!;
      const number = (await p.locator('[data-ghc-frame=ccNumber] iframe').boundingBox())!;
      expect(number.width).toBeGreaterThan(form.width * 0.6);
      await p.close();
    });
  }

  it('errors appearing do not move the form (no layout shift)', async () => {
    const p = await open({ pmWhitelist: ['cc_card'], savePM: 'false' });
    const before = (await p.locator('.ghc .ghc-pay').boundingBox())!;
    const nameBefore = (await p.locator('#ghc-name').boundingBox())!;
    await p.fill('#ghc-name', '');
    await p.evaluate(() => (window as any).checkout.submitPayment());
    await p.locator('.ghc-status.ghc-bad').waitFor(WAIT);
    expect(await p.locator('#ghc-err-cardHolderName').textContent()).not.toBe('');
    expect((await p.locator('#ghc-name').boundingBox())!.y).toBe(nameBefore.y);
    expect((await p.locator('.ghc .ghc-pay').boundingBox())!.y).toBe(before.y);
    await p.fill('#ghc-name', 'John Smith');
    await fillValidCard(p, '4761344136141390');
    expect((await p.locator('.ghc .ghc-pay').boundingBox())!.y).toBe(before.y);
    await p.close();
  });
  it('expiry and CVV stay aligned when one label wraps (German, two columns)', async () => {
    const p = await open({ pmWhitelist: ['cc_card'], savePM: 'false', locale: 'de' }, 400);
    const exp = (await p.locator('[data-ghc-frame=ccExpiration]').boundingBox())!;
    const cvc = (await p.locator('[data-ghc-frame=ccCvc]').boundingBox())!;
    expect(Math.abs(exp.x - cvc.x)).toBeGreaterThan(50); // side by side
    expect(cvc.y).toBe(exp.y);
    await p.close();
  });

  it('forced colours (Windows High Contrast): the pay button keeps an outline', async () => {
    const p = await open({ pmWhitelist: ['cc_card'], savePM: 'false' });
    await p.emulateMedia({ forcedColors: 'active' });
    const width = await p.locator('.ghc-pay').evaluate((e) => getComputedStyle(e).borderTopWidth);
    expect(parseFloat(width)).toBeGreaterThanOrEqual(2);
    await p.close();
  });
});
