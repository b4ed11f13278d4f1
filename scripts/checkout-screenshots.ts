/**
 * Screenshots of the hosted checkout for docs/checkout.md, taken from the real form: starts a gateway
 * (the test harness: a temporary SQLite file, port 0), builds the browser bundles, stores a card for
 * the shopper, opens the merchant page of the browser suites in headless Chromium and photographs
 * the form in every theme and in several locales and widths into docs/images/checkout/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import buildBundles from '../packages/server/test/build-bundles.js';
import { startGateway } from '../packages/server/test/harness.js';
import { sessionClient } from '../packages/server/test/session-client.js';
import type { Page } from 'playwright-core';
import { fillValidCard, startShop, WAIT, waitEvent } from '../e2e/checkout-page.js';
import { launchChromium } from '../e2e/chromium.js';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/checkout-screenshots.ts\n\nWrites docs/images/checkout/*.png from the real checkout form (needs /usr/bin/chromium or CHROMIUM_PATH).',
  );
  process.exit(0);
}

const out = resolve(import.meta.dirname, '..', 'docs', 'images', 'checkout');
mkdirSync(out, { recursive: true });

interface Shot {
  name: string;
  width: number;
  opts: Record<string, unknown>;
  /** what the shopper does before the picture (the form is photographed after it) */
  act?: (page: Page) => Promise<void>;
  /** photograph the whole page (a dialog over the page) rather than the form */
  fullPage?: boolean;
}
const SHOTS: Shot[] = [
  { name: 'theme-tiles', width: 640, opts: { theme: 'tiles' } },
  { name: 'theme-accordion', width: 640, opts: { theme: 'accordion' } },
  { name: 'theme-horizontal', width: 640, opts: { theme: 'horizontal' } },
  { name: 'theme-cashier', width: 800, opts: { theme: 'cashier' } },
  { name: 'locale-de-320px', width: 320, opts: { theme: 'tiles', locale: 'de' } },
  { name: 'locale-ru-accordion', width: 480, opts: { theme: 'accordion', locale: 'ru' } },
  { name: 'rtl-horizontal', width: 480, opts: { theme: 'horizontal', locale: 'fr', textDirection: 'rtl' } },
  {
    name: 'rtl-card-typed',
    width: 480,
    opts: { theme: 'tiles', locale: 'fr', textDirection: 'rtl', pmWhitelist: ['cc_card'] },
    act: (page) => fillValidCard(page, '4761344136141390'),
  },
  {
    name: 'dcc-accepted',
    width: 560,
    opts: { theme: 'tiles', pmWhitelist: ['cc_card'], useDCC: 'enable', savePM: 'false' },
    act: async (page) => {
      await fillValidCard(page, '4000008260000000');
      await page.locator('[data-ghc-dcc] input[type=checkbox]').check(WAIT);
    },
  },
  {
    name: 'pending-bank-transfer',
    width: 560,
    opts: { pmWhitelist: ['apmgw_BankTransfer'], email: 'jane@example.com', savePM: 'false', selectPM: 'first' },
    act: async (page) => {
      await page.locator('.ghc-pay').click();
      await waitEvent(page, 'result');
    },
  },
  {
    name: 'confirm-delete-saved-card',
    width: 560,
    opts: { theme: 'tiles', savePM: 'false' },
    act: async (page) => {
      await page.locator('.ghc-del').first().click();
      await page.locator('#co [role=dialog]').waitFor(WAIT);
    },
  },
  {
    name: 'three-d-secure-de',
    width: 640,
    fullPage: true,
    opts: { theme: 'tiles', locale: 'de', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: async (page) => {
      await fillValidCard(page, '2221008123677736');
      await page.locator('.ghc-pay').click();
      await page.frameLocator('[data-gatehouse-challenge] iframe').locator('#code').waitFor(WAIT);
    },
  },
  {
    name: 'open-amount-installments',
    width: 560,
    opts: {
      theme: 'tiles',
      locale: 'es',
      country: 'MX',
      currency: 'MXN',
      amount: '500.00',
      openAmount: { min: 100, max: 5000 },
      amountSuggestions: ['250.00', '500.00', '1000.00'],
      cardInstallments: { installmentType: { singlePayment: true, type2: [3, 6, 12] }, nationalId: '' },
      promoCode: true,
    },
  },
];

buildBundles();
const gw = await startGateway();
const sc = sessionClient(gw);
const browser = await launchChromium();
const shop = await startShop(gw, browser);
try {
  // a stored card for the shopper, so the saved-methods list shows
  const first = await sc.openOrder({ userTokenId: 'screenshot-shopper' });
  await gw.request('POST', '/client/v1/addCardUpo', {
    body: {
      sessionToken: first.sessionToken,
      card: {
        cardNumber: '5555555555554444',
        cardHolderName: 'Jane Doe',
        expirationMonth: '09',
        expirationYear: '2031',
      },
    },
  });
  for (const shot of SHOTS) {
    const currency = String(shot.opts.currency ?? 'EUR');
    const { sessionToken } = await sc.openOrder({
      userTokenId: 'screenshot-shopper',
      amount: String(shot.opts.amount ?? '15.00'),
      currency,
    });
    const page = await shop.open({ token: sessionToken, opts: { selectPM: 'cc_card', ...shot.opts } }, shot.width);
    if (!shot.opts.pmWhitelist || (shot.opts.pmWhitelist as string[]).includes('cc_card'))
      await page.locator('[data-ghc-frame=ccNumber] iframe').waitFor(WAIT);
    await shot.act?.(page);
    await page.evaluate(() => document.fonts.ready);
    const path = join(out, `${shot.name}.png`);
    if (shot.fullPage) await page.screenshot({ path });
    else await page.locator('#co').screenshot({ path });
    await page.close();
    console.log(`docs/images/checkout/${shot.name}.png`);
  }
} finally {
  await browser.close();
  await shop.close();
  await gw.close();
}
