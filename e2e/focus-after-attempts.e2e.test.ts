import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { fillValidCard, type Shop, startShop, WAIT, waitEvent } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * Where the keyboard focus goes after each kind of attempt in the hosted checkout, in real headless
 * Chromium: never to <body>, always to what the shopper must read or do next. Complements
 * checkout-focus-rtl.e2e.test.ts (failed submit, deleting a saved card, the 3-D Secure dialog's trap and
 * Escape) and checkout-trust.e2e.test.ts (approved, pending, a decline without recovery).
 */

const DECLINED = '4000000000000002';
const EXPIRED = '4000000000000069';
const GATEWAY_ERROR = '4000000000000119';
const CHALLENGE = '2221008123677736';
const CHALLENGE_DECLINED = '4000008400001629';

describe('focus after every attempt', () => {
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
  const open = async (opts: Record<string, unknown>, reject?: string) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    return shop.open({ token: sessionToken, opts: { ...cardOnly, ...opts }, ...(reject ? { reject } : {}) });
  };
  /** The focused element, once it has left <body>: inside the checkout? its text. */
  const focused = async (p: Page) => {
    await p.waitForFunction(
      () => document.activeElement !== document.body && document.activeElement !== null,
      null,
      WAIT,
    );
    return p.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      return { inCheckout: !!e.closest('#co'), text: e.innerText ?? '', tag: e.tagName };
    });
  };
  /** Presses Tab until a recovery button has the focus (at most `max` times); its data-recovery. */
  const tabToRecovery = async (p: Page, max = 6) => {
    for (let i = 0; i < max; i++) {
      await p.keyboard.press('Tab');
      const which = await p.evaluate(() => document.activeElement?.getAttribute('data-recovery') ?? null);
      if (which) return which;
    }
    return null;
  };

  it('a decline that may be retried: focus on the message; the next Tab reaches the way forward', async () => {
    const p = await open({});
    await fillValidCard(p, DECLINED);
    await p.locator('#co .ghc-pay').click();
    await waitEvent(p, 'result');
    await p.locator('#co [data-ghc-recovery]').waitFor(WAIT);
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toMatch(/declined/i);
    expect(await tabToRecovery(p)).toBe('differentCard');
    await p.close();
  });

  it('a decline that would repeat (expired card): focus on the message, and no "Try again" in the way', async () => {
    const p = await open({});
    await fillValidCard(p, EXPIRED);
    await p.locator('#co .ghc-pay').click();
    await waitEvent(p, 'result');
    await p.locator('#co [data-ghc-recovery]').waitFor(WAIT);
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toMatch(/declined|expired/i);
    expect(await p.locator('#co [data-recovery=retry]').count()).toBe(0);
    await p.close();
  });

  it('"Use another card" after a decline: the focus moves into the card number frame', async () => {
    const p = await open({});
    await fillValidCard(p, DECLINED);
    await p.locator('#co .ghc-pay').click();
    await waitEvent(p, 'result');
    await p.locator('#co [data-recovery=differentCard]').click();
    await p.waitForFunction(
      () => document.activeElement?.closest('[data-ghc-frame]')?.getAttribute('data-ghc-frame') === 'ccNumber',
      null,
      WAIT,
    );
    const number = p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input[autocomplete="cc-number"]');
    await expect.poll(() => number.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    await p.close();
  });

  it('a gateway error: focus on the message', async () => {
    const p = await open({});
    await fillValidCard(p, GATEWAY_ERROR);
    await p.locator('#co .ghc-pay').click();
    await waitEvent(p, 'result');
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toMatch(/could not be completed|declined/i);
    await p.close();
  });

  it("prePayment stopping the payment: focus on the merchant's message", async () => {
    const p = await open({}, 'Out of stock');
    await fillValidCard(p, DECLINED);
    await p.locator('#co .ghc-pay').click();
    await p.waitForFunction(() => (window as any).events.some((e: any) => e[0] === 'prePayment'), null, WAIT);
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toContain('Out of stock');
    await p.close();
  });

  it('a failed 3-D Secure authentication: the dialog closes, the focus returns to the checkout, on the message', async () => {
    const p = await open({});
    await fillValidCard(p, CHALLENGE_DECLINED);
    await p.locator('#co .ghc-pay').click();
    const acs = p.frameLocator('[data-gatehouse-challenge] iframe');
    await acs.locator('#code').fill('123456', WAIT);
    await acs.locator('#complete').click();
    await waitEvent(p, 'result');
    expect(await p.locator('[data-gatehouse-challenge]').count()).toBe(0);
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toMatch(/declined|could not be completed/i);
    await p.close();
  });

  it('a completed 3-D Secure challenge: the focus lands on the approval', async () => {
    const p = await open({});
    await fillValidCard(p, CHALLENGE);
    await p.locator('#co .ghc-pay').click();
    const acs = p.frameLocator('[data-gatehouse-challenge] iframe');
    await acs.locator('#code').fill('123456', WAIT);
    await acs.locator('#complete').click();
    await waitEvent(p, 'result');
    expect((await p.evaluate(() => (window as any).events.find((e: any) => e[0] === 'result')[1])).result).toBe(
      'APPROVED',
    );
    const f = await focused(p);
    expect(f.inCheckout).toBe(true);
    expect(f.text).toMatch(/approved/i);
    await p.close();
  });

  it('the 3-D Secure dialog: its issuer page gets the focus from the dialog, and Tab reaches the code field', async () => {
    const p = await open({});
    await fillValidCard(p, CHALLENGE);
    await p.locator('#co .ghc-pay').click();
    const acs = p.frameLocator('[data-gatehouse-challenge] iframe');
    await acs.locator('#code').waitFor(WAIT);
    await p.waitForFunction(() => !!document.activeElement?.closest('[data-gatehouse-challenge]'), null, WAIT);
    let reached = false;
    for (let i = 0; i < 6 && !reached; i++) {
      await p.keyboard.press('Tab');
      reached = await acs.locator('#code').evaluate((e) => e === e.ownerDocument.activeElement);
    }
    expect(reached).toBe(true);
    // type the code and answer with the keyboard alone
    await p.keyboard.type('123456');
    await p.keyboard.press('Enter');
    await waitEvent(p, 'result');
    await p.close();
  });
});
