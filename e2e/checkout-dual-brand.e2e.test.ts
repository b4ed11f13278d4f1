import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../packages/server/test/card-scan.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { axe, eventsNamed, fillCard, pay, type Shop, startShop, WAIT, waitEvent, waitValid } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * `useDualBrand` of the hosted checkout (docs/decisions/0413) in real headless Chromium: a co-badged
 * card (docs/testing.md) gets a brand choice, a labelled radio group used with the keyboard; the
 * shopper's choice is what the server records (getPaymentStatus `processedBrand`); a card with one
 * brand, or the option off, gets no choice and the primary brand.
 */

const CB_VISA = '4973010000000012';
const PLAIN_VISA = '4761344136141390';
const CHOICE_TEXT = 'This card belongs to two card networks. Pay with:';

describe('hosted checkout: co-badged cards with useDualBrand', () => {
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
    try {
      expect(await cardNumbersAtRest(gw, [CB_VISA, PLAIN_VISA])).toEqual([]);
    } finally {
      await gw?.close();
    }
  });

  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const open = async (opts: Record<string, unknown>) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const p = await shop.open({ token: sessionToken, opts: { pmWhitelist: ['cc_card'], savePM: 'false', ...opts } });
    return { sessionToken, p };
  };
  /** Fills the card, waiting for the number frame's card-details lookup (made only with useDualBrand). */
  const fillLookedUp = async (p: Page, number: string) => {
    const lookup = p.waitForResponse((r) => r.url().endsWith('/client/v1/getCardDetails'), WAIT);
    await fillCard(p, number);
    await lookup;
    await waitValid(p);
  };
  const choice = (p: Page) => p.getByRole('radiogroup', { name: CHOICE_TEXT });

  it('a co-badged card: the choice appears, the shopper picks the second brand by keyboard, APPROVED, the server records it', async () => {
    const { sessionToken, p } = await open({ useDualBrand: true });
    await fillLookedUp(p, CB_VISA);
    const group = choice(p);
    await group.waitFor(WAIT);
    const primary = group.getByRole('radio', { name: 'Visa' });
    const secondary = group.getByRole('radio', { name: 'Cartes Bancaires' });
    expect(await primary.isChecked()).toBe(true);
    expect(await secondary.isChecked()).toBe(false);
    expect(await axe(p)).toEqual([]);
    // keyboard only: the arrow key moves the choice within the group
    await primary.focus();
    await p.keyboard.press('ArrowDown');
    expect(await secondary.isChecked()).toBe(true);
    await expect
      .poll(async () => (await eventsNamed(p, 'change')).find((c) => c[2] === 'select' && c[4] === 'Cartes Bancaires'))
      .toEqual(['cc_card', CHOICE_TEXT, 'select', 'Visa', 'Cartes Bancaires', true, false]);
    expect((await eventsNamed(p, 'event')).some((e) => e.type === 'brandChoiceOffered')).toBe(true);
    await waitValid(p);
    const result = await pay(p);
    expect(result).toMatchObject({ result: 'APPROVED', transactionStatus: 'APPROVED', last4Digits: '0012' });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
      paymentOption: {
        card: { cardBrand: 'Visa', secondaryBrand: 'Cartes Bancaires', processedBrand: 'Cartes Bancaires' },
      },
    });
    await p.close();
  });

  it('a card with one brand shows no choice (and one typed after a co-badged card removes it); the primary brand is processed', async () => {
    const { sessionToken, p } = await open({ useDualBrand: true });
    await fillLookedUp(p, CB_VISA);
    await choice(p).waitFor(WAIT);
    // the shopper clears the number and types another card
    await p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input[autocomplete="cc-number"]').fill('', WAIT);
    await choice(p).waitFor({ state: 'detached', ...WAIT });
    await fillLookedUp(p, PLAIN_VISA);
    expect(await p.locator('.ghc-brands').count()).toBe(0);
    const result = await pay(p);
    expect(result).toMatchObject({ result: 'APPROVED', last4Digits: '1390' });
    const card = (await status(sessionToken)).paymentOption.card;
    expect(card).toMatchObject({ cardBrand: 'Visa', processedBrand: 'Visa' });
    expect(card.secondaryBrand).toBeUndefined();
    await p.close();
  });

  it('without useDualBrand a co-badged card shows no choice, and its primary brand is processed', async () => {
    const { sessionToken, p } = await open({});
    const lookups: string[] = [];
    p.on('request', (r) => {
      if (r.url().endsWith('/client/v1/getCardDetails')) lookups.push(r.url());
    });
    await fillCard(p, CB_VISA);
    await waitValid(p);
    const result = await pay(p);
    expect(result).toMatchObject({ result: 'APPROVED', last4Digits: '0012' });
    expect(await p.locator('.ghc-brands').count()).toBe(0);
    expect(lookups).toEqual([]);
    expect((await status(sessionToken)).paymentOption.card).toMatchObject({
      cardBrand: 'Visa',
      secondaryBrand: 'Cartes Bancaires',
      processedBrand: 'Visa',
    });
    await waitEvent(p, 'result');
    await p.close();
  });
});
