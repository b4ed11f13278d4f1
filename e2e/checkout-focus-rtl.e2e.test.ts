import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { eventsNamed, fillValidCard, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * Right-to-left and focus in the hosted checkout, in real headless Chromium (docs/decisions/0421, 0423):
 * card number, expiry, CVV and amounts stay left to right in an `rtl` form; the focus is never left on
 * <body> (a failed submit, a deleted saved card); the 3-D Secure dialog takes and keeps the focus, closes
 * on Escape and speaks the shopper's language.
 */

const CHALLENGE = '2221008123677736';

describe('hosted checkout: right to left and focus', () => {
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
  const frameOf = async (p: Page, slot: string): Promise<Frame> => {
    const handle = await p.locator(`[data-ghc-frame=${slot}] iframe`).elementHandle(WAIT);
    return (await handle!.contentFrame())!;
  };
  const activeTag = (p: Page) => p.evaluate(() => document.activeElement?.tagName);

  it('textDirection rtl: the form is right to left, the card number, expiry, CVV and amounts left to right', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, textDirection: 'rtl', locale: 'fr' } });
    expect(await p.locator('.ghc').getAttribute('dir')).toBe('rtl');
    for (const [slot, css, value] of [
      ['ccNumber', 'input[autocomplete="cc-number"]', '4761344136141390'],
      ['ccExpiration', 'input[autocomplete="cc-exp"]', '12/30'],
      ['ccCvc', 'input[autocomplete="cc-csc"]', '217'],
    ] as const) {
      const input = (await frameOf(p, slot)).locator(css);
      await input.fill(value);
      expect(await input.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
      expect(await input.evaluate((e) => e.ownerDocument.documentElement.dir)).toBe('rtl');
    }
    // the expiry's placeholder in the shopper's language
    expect(await (await frameOf(p, 'ccExpiration')).locator('input').getAttribute('placeholder')).toBe('MM/AA');
    // the number keeps its groups in order
    expect(await (await frameOf(p, 'ccNumber')).locator('input').inputValue()).toBe('4761 3441 3614 1390');
    for (const amount of await p.locator('.ghc-amount bdi, .ghc-pay bdi').all())
      expect(await amount.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    await p.close();
  });

  it('a failed submit moves the focus to the first field in error, inside its card frame; it says aria-invalid', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, preventScrollOnInt: true } });
    const number = (await frameOf(p, 'ccNumber')).locator('input[autocomplete="cc-number"]');
    expect(await number.getAttribute('aria-required')).toBe('true');
    await number.fill('4111111111111112');
    await (await frameOf(p, 'ccExpiration')).locator('input').fill('12/30');
    await (await frameOf(p, 'ccCvc')).locator('input').fill('217');
    await p.locator('.ghc-pay').click();
    await p.waitForFunction(
      () => document.activeElement?.closest('[data-ghc-frame]')?.getAttribute('data-ghc-frame') === 'ccNumber',
      null,
      WAIT,
    );
    expect(await number.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await number.fill('4761344136141390');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('false');
    await p.close();
  });

  it('deleting a saved card asks first (a focus-trapped dialog), then moves the focus to the next saved method, then to the list', async () => {
    const user = 'focus-del';
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR', userTokenId: user });
    for (const [number, month] of [
      ['5555555555554444', '09'],
      ['4761344136141390', '10'],
    ] as const)
      await gw.request('POST', '/client/v1/addCardUpo', {
        body: {
          sessionToken,
          card: { cardNumber: number, cardHolderName: 'Jane Doe', expirationMonth: month, expirationYear: '2031' },
        },
      });
    const p = await shop.open({ token: sessionToken, opts: { savePM: 'false' } });
    expect(await p.locator('.ghc-del').count()).toBe(2);
    // confirm before delete: a dialog that takes the focus ("Keep" first); Escape keeps the card
    await p.locator('.ghc-del').first().click();
    const dialog = p.locator('#co [role=dialog]');
    await dialog.waitFor(WAIT);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await p.waitForFunction(() => document.activeElement?.hasAttribute('data-ghc-keep'), null, WAIT);
    await p.keyboard.press('Tab');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.hasAttribute('data-ghc-keep'))).toBe(true);
    await p.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-del'), null, WAIT);
    expect(await eventsNamed(p, 'upoDeleted')).toEqual([]);
    // Enter on the delete button, then Remove
    await p.keyboard.press('Enter');
    await p.locator('[data-ghc-confirm-delete]').click();
    await waitEvent(p, 'upoDeleted');
    await p.waitForFunction(() => document.activeElement?.tagName !== 'BODY', null, WAIT);
    expect(await p.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('radio');
    await p.locator('.ghc-del').first().click();
    await p.locator('[data-ghc-confirm-delete]').click();
    await waitEvent(p, 'upoDeleted', 2);
    await p.waitForFunction(() => document.activeElement?.id === 'ghc-methods-h', null, WAIT);
    await p.close();
  });

  it('the 3-D Secure dialog takes and keeps the focus, speaks German, and Escape cancels it', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, locale: 'de' } });
    await fillValidCard(p, CHALLENGE);
    await p.locator('.ghc-pay').click();
    const dialog = p.locator('[data-gatehouse-challenge] [role=dialog]');
    await dialog.waitFor(WAIT);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getAttribute('lang')).toBe('de');
    expect(await p.locator('#gatehouse-challenge-title').innerText()).toBe('Kartenprüfung');
    expect(await p.locator('[data-gatehouse-challenge] button').getAttribute('aria-label')).toBe('Prüfung abbrechen');
    // the issuer's page (Gatehouse's sandbox ACS) speaks German too
    const acs = p.frameLocator('[data-gatehouse-challenge] iframe');
    expect(await acs.locator('h1').innerText(WAIT)).toBe('Bestätigen Sie Ihre Zahlung');
    expect(await acs.locator('[lang=de]').count()).toBe(1);
    const inDialog = () => p.evaluate(() => !!document.activeElement?.closest('[data-gatehouse-challenge]'));
    await p.waitForFunction(() => !!document.activeElement?.closest('[data-gatehouse-challenge]'), null, WAIT);
    // the page behind is inert: Tab only ever moves within the dialog (its button and the issuer's page)
    expect(await p.locator('#co').evaluate((e) => e.closest('[inert]') !== null)).toBe(true);
    // Tab out of the issuer's page (another process) reaches the dialog's next element a moment later:
    // until then the page's active element is its body, so the check waits for the focus to land
    for (let i = 0; i < 10; i++) {
      await p.keyboard.press('Tab');
      await expect.poll(inDialog, { timeout: 5_000 }).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await p.keyboard.press('Shift+Tab');
      await expect.poll(inDialog, { timeout: 5_000 }).toBe(true);
    }
    await p.locator('[data-gatehouse-challenge] button').focus();
    await p.keyboard.press('Escape');
    await waitEvent(p, 'result');
    expect(await p.locator('[data-gatehouse-challenge]').count()).toBe(0);
    expect((await eventsNamed(p, 'event')).map((e) => e.type)).toContain('challengeCancelled');
    expect(await p.locator('#co').evaluate((e) => e.closest('[inert]') === null)).toBe(true);
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    expect(await activeTag(p)).not.toBe('BODY');
    await p.close();
  });
});
