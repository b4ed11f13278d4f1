/**
 * Screenshots of the hosted checkout for docs/checkout.md, taken from the real form: starts a gateway
 * (the test harness: a temporary SQLite file, port 0), builds the browser bundles, stores a card for
 * the shopper, opens the merchant page of the browser suites in headless Chromium and photographs
 * the form in every theme at 390, 768 and 1280 px, in every locale, right to left, in its states,
 * and the pages the gateway renders itself (the 3-D Secure challenge, the APM provider's page), into
 * docs/images/checkout/; then rewrites the "Screenshots" list at the end of docs/checkout.md.
 * `--only <text>` takes only the shots whose name contains it (the list is then left as it is).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import buildBundles from '../packages/server/test/build-bundles.js';
import { startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { wireCard } from '../packages/server/test/payment-cards.js';
import type { Page } from 'playwright-core';
import { fillValidCard, startShop, WAIT, waitEvent } from '../e2e/checkout-page.js';
import { launchChromium } from '../e2e/chromium.js';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/checkout-screenshots.ts [--only <text>]\n\nWrites docs/images/checkout/*.png from the real checkout form and the 3-D Secure and APM pages, and the\nScreenshots list of docs/checkout.md (needs /usr/bin/chromium or CHROMIUM_PATH).\n  --only <text>  only the shots whose name contains <text>; docs/checkout.md is left as it is',
  );
  process.exit(0);
}

const out = resolve(import.meta.dirname, '..', 'docs', 'images', 'checkout');
mkdirSync(out, { recursive: true });

interface Shot {
  name: string;
  width: number;
  opts: Record<string, unknown>;
  /** what the picture shows, for the list in docs/checkout.md */
  caption?: string;
  /** a page of the gateway's own (not the checkout): its URL, made for the shot */
  hosted?: (sc: SessionClient) => Promise<string>;
  /** what the shopper does before the picture (the form is photographed after it) */
  act?: (page: Page) => Promise<void>;
  /** photograph the whole page (a dialog over the page) rather than the form */
  fullPage?: boolean;
}
/** A 3-D Secure challenge waiting for the cardholder: the ACS page's URL, in `lang` when given. */
function acsPage(lang: string) {
  return async (sc: SessionClient) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const card = wireCard('2221008123677736', { cardHolderName: 'Jane Doe' });
    const money = { sessionToken, amount: '15.00', currency: 'EUR' };
    const init = (
      await sc.send('initPayment', { ...money, clientRequestId: `shot-init-${lang}`, paymentOption: { card } })
    ).json;
    const r = (
      await sc.send('payment', {
        ...money,
        clientRequestId: `shot-pay-${lang}`,
        relatedTransactionId: init.transactionId,
        paymentOption: {
          card: {
            ...card,
            threeD: {
              methodCompletionInd: 'Y',
              notificationURL: 'https://merchant.example/3ds',
              platformType: '02',
              challengePreference: 'Challenge',
              browserDetails: { acceptHeader: 'text/html', language: 'en', screenHeight: '800', screenWidth: '1280' },
            },
          },
        },
        billingAddress: { zip: '10001', country: 'US' },
      })
    ).json;
    return `${r.paymentOption.card.threeD.acsUrl as string}${lang ? `?lang=${lang}` : ''}`;
  };
}

/** A redirect APM payment waiting for the shopper: the provider page's URL, in `lang` when given. */
function apmPage(lang: string) {
  return async (sc: SessionClient) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `shot-apm-${lang || 'en'}`,
      amount: '15.00',
      currency: 'EUR',
      paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay', email: 'jane@example.com' } },
      billingAddress: { country: 'DE', zip: '10115' },
    });
    return `${r.json.redirectUrl as string}${lang ? `?lang=${lang}` : ''}`;
  };
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
  // every theme at a phone's, a tablet's and a desktop's width
  ...(['tiles', 'accordion', 'horizontal', 'cashier'] as const).flatMap((theme) =>
    ([390, 768, 1280] as const).map((width) => ({
      name: `width-${width}-${theme}`,
      width,
      caption: `theme ${theme}, ${width} px`,
      opts: { theme },
    })),
  ),
  // every locale on a phone
  ...(['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru'] as const).map((locale) => ({
    name: `locale-${locale}-390`,
    width: 390,
    caption: `locale ${locale}, 390 px`,
    opts: { theme: 'accordion', locale },
  })),
  {
    name: 'rtl-390-tiles',
    width: 390,
    caption: 'right to left (textDirection rtl, locale fr), card typed, 390 px',
    opts: { theme: 'tiles', locale: 'fr', textDirection: 'rtl', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: (page) => fillValidCard(page, '4761344136141390'),
  },
  {
    name: 'rtl-1280-cashier',
    width: 1280,
    caption: 'right to left, theme cashier, 1280 px',
    opts: { theme: 'cashier', locale: 'fr', textDirection: 'rtl' },
  },
  {
    name: 'state-field-errors-390',
    width: 390,
    caption: 'a failed submit: the fields in error and their summary, 390 px',
    opts: { theme: 'tiles', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: async (page) => {
      await page.locator('.ghc-pay').click();
      await page.locator('.ghc-status').waitFor(WAIT);
    },
  },
  {
    name: 'state-declined-768',
    width: 768,
    caption: 'declined, with the ways forward, 768 px',
    opts: { theme: 'accordion', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: async (page) => {
      await fillValidCard(page, '4000000000000002');
      await page.locator('.ghc-pay').click();
      await waitEvent(page, 'result');
      await page.locator('[data-ghc-recovery]').waitFor(WAIT);
    },
  },
  {
    name: 'state-approved-390',
    width: 390,
    caption: 'approved: the form locked, 390 px',
    opts: { theme: 'tiles', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: async (page) => {
      await fillValidCard(page, '4761344136141390');
      await page.locator('.ghc-pay').click();
      await waitEvent(page, 'result');
    },
  },
  {
    name: 'three-d-secure-dialog-390',
    width: 390,
    fullPage: true,
    caption: 'the 3-D Secure dialog over the checkout (locale pl), 390 px',
    opts: { theme: 'tiles', locale: 'pl', pmWhitelist: ['cc_card'], savePM: 'false' },
    act: async (page) => {
      await fillValidCard(page, '2221008123677736');
      await page.locator('.ghc-pay').click();
      await page.frameLocator('[data-gatehouse-challenge] iframe').locator('#code').waitFor(WAIT);
    },
  },
  {
    name: 'acs-challenge-1280',
    width: 1280,
    caption: 'the sandbox ACS challenge page on its own (a REST redirectUrl), 1280 px',
    opts: {},
    hosted: acsPage(''),
  },
  {
    name: 'acs-challenge-he-390',
    width: 390,
    caption: 'the ACS challenge page in Hebrew, 390 px',
    opts: {},
    hosted: acsPage('he'),
  },
  {
    name: 'apm-page-768',
    width: 768,
    caption: 'the simulated APM provider page (sandbox), 768 px',
    opts: {},
    hosted: apmPage(''),
  },
  {
    name: 'apm-page-de-390',
    width: 390,
    caption: 'the APM provider page in German, 390 px',
    opts: {},
    hosted: apmPage('de'),
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
  const at = process.argv.indexOf('--only');
  const only = at > 0 ? process.argv[at + 1] : undefined;
  for (const shot of SHOTS.filter((x) => !only || x.name.includes(only))) {
    const path = join(out, `${shot.name}.png`);
    if (shot.hosted) {
      const page = await shop.browserPage(shot.width);
      await page.goto(await shot.hosted(sc));
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path, fullPage: true });
      await page.close();
      console.log(`docs/images/checkout/${shot.name}.png`);
      continue;
    }
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
    if (shot.fullPage) await page.screenshot({ path });
    else await page.locator('#co').screenshot({ path });
    await page.close();
    console.log(`docs/images/checkout/${shot.name}.png`);
  }
  if (!only) writeList();
} finally {
  await browser.close();
  await shop.close();
  await gw.close();
}

/** The "Screenshots" section at the end of docs/checkout.md: every picture this script takes, listed. */
function writeList(): void {
  const doc = resolve(import.meta.dirname, '..', 'docs', 'checkout.md');
  const START = '<!-- screenshots:start (written by scripts/checkout-screenshots.ts) -->';
  const END = '<!-- screenshots:end -->';
  const rows = SHOTS.map(
    (x) =>
      `| [${x.name}](images/checkout/${x.name}.png) | ${x.caption ?? x.name.replaceAll('-', ' ')} | ${x.width} px |`,
  );
  const section = [
    START,
    '## Screenshots',
    '',
    'Taken from the real checkout and pages by `node --import tsx scripts/checkout-screenshots.ts` (headless',
    'Chromium, a sandbox gateway); rerun it after a change to the checkout or the hosted pages.',
    '',
    '| Picture | What it shows | Width |',
    '|---|---|---|',
    ...rows,
    END,
  ].join('\n');
  const text = readFileSync(doc, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next =
    from >= 0 && to > from
      ? `${text.slice(0, from)}${section}${text.slice(to + END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(doc, next);
  console.log('docs/checkout.md: the Screenshots list');
}
