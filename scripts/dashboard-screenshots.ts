/**
 * Screenshots of the control panel for docs/dashboard.md, taken from the real pages: starts a gateway
 * (the test harness: a temporary SQLite file, port 0) after building the browser bundles, makes a few
 * payments through the REST API (one declined, one partly refunded) and queues a test webhook, signs the demo admin in through the form in headless
 * Chromium and photographs each page and dialog at 1280 and 768 px, light and dark, into
 * docs/images/dashboard/; then rewrites the screenshot list in docs/dashboard.md's Pages section.
 * `--only <text>` takes only the shots whose name contains it (the list is then left as it is).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import buildBundles from '../packages/server/test/build-bundles.js';
import { apiKey, type Gateway, startGateway } from '../packages/server/test/harness.js';
import { launchChromium } from '../e2e/chromium.js';
import { demoUser, restSale, signIn } from '../e2e/dashboard-page.js';
import { cardUpo, wdCall } from '../packages/server/test/withdrawals.js';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/dashboard-screenshots.ts [--only <text>]\n\nWrites docs/images/dashboard/*.png from the real control panel and the screenshot list of docs/dashboard.md\n(needs /usr/bin/chromium or CHROMIUM_PATH).\n  --only <text>  only the shots whose name contains <text>; docs/dashboard.md is left as it is',
  );
  process.exit(0);
}

const out = resolve(import.meta.dirname, '..', 'docs', 'images', 'dashboard');
mkdirSync(out, { recursive: true });
const at = process.argv.indexOf('--only');
const only = at > 0 ? process.argv[at + 1] : undefined;

interface Shot {
  name: string;
  caption: string;
  width: number;
  dark?: boolean;
  /** signed in first (the default) */
  signedOut?: boolean;
  /** where to go, then what to do before the picture */
  path: (ids: Ids) => string;
  act?: (page: Page) => Promise<void>;
}
interface Ids {
  paid: string;
  /** a customer with a stored card and a withdrawal request */
  customer: string;
}

const SHOTS: Shot[] = [
  { name: 'sign-in', caption: 'Sign-in', width: 1280, signedOut: true, path: () => '/dashboard/login' },
  {
    name: 'sign-in-refused',
    caption: 'A wrong password',
    width: 768,
    signedOut: true,
    path: () => '/dashboard/login',
    act: async (p) => {
      await p.getByLabel('E-mail').fill('demo@gatehouse.local');
      await p.getByLabel('Password').fill('wrong password');
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.getByRole('alert').getByText('not right').waitFor();
    },
  },
  {
    name: 'overview',
    caption: 'Overview: volume, approval rate, declines',
    width: 1280,
    path: () => '/dashboard/overview',
  },
  {
    name: 'overview-tablet-dark',
    caption: 'Overview by day, tablet, dark',
    width: 768,
    dark: true,
    path: () => '/dashboard/overview?period=week',
  },
  { name: 'transactions', caption: 'Transactions', width: 1280, path: () => '/dashboard/transactions' },
  {
    name: 'transactions-he',
    caption: 'Transactions in Hebrew, right to left',
    width: 1280,
    path: () => '/dashboard/transactions',
    act: async (p) => {
      await p.getByLabel('Language').selectOption('he');
      await p.locator('html[dir="rtl"]').waitFor();
    },
  },
  {
    name: 'transactions-tablet-dark',
    caption: 'Transactions, tablet, dark',
    width: 768,
    dark: true,
    path: () => '/dashboard/transactions',
  },
  {
    name: 'transactions-empty',
    caption: 'No match for the filters',
    width: 1280,
    path: () => '/dashboard/transactions?status=ERROR&last4=0000',
  },
  {
    name: 'transaction',
    caption: 'A transaction, its timeline and actions',
    width: 1280,
    path: (i) => `/dashboard/transactions/${i.paid}`,
  },
  {
    name: 'transaction-refund',
    caption: 'A partial refund, confirmed',
    width: 1024,
    path: (i) => `/dashboard/transactions/${i.paid}`,
    act: async (p) => {
      await p.getByRole('button', { name: 'Refund' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  { name: 'keys', caption: 'REST API keys', width: 1280, path: () => '/dashboard/keys' },
  {
    name: 'key-created',
    caption: 'A new key, shown once',
    width: 768,
    path: () => '/dashboard/keys',
    act: async (p) => {
      await p.getByRole('button', { name: 'Create key' }).click();
      await p.getByRole('dialog').getByLabel('Label (optional)').fill('Production server');
      await p.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
      await p.getByRole('dialog', { name: 'Your new key' }).waitFor();
    },
  },
  {
    name: 'notifications',
    caption: 'Notifications, one opened',
    width: 1280,
    path: () => '/dashboard/notifications',
    act: async (p) => {
      await p.locator('tr[data-notification] summary').first().click();
    },
  },
  {
    name: 'withdrawals',
    caption: 'Withdrawal requests and APM payments waiting',
    width: 1280,
    path: () => '/dashboard/withdrawals',
  },
  {
    name: 'withdrawal-approve',
    caption: 'Approving a withdrawal in part',
    width: 1024,
    path: () => '/dashboard/withdrawals',
    act: async (p) => {
      await p
        .locator('tbody')
        .getByRole('button', { name: /^Approve/ })
        .first()
        .click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'payment-options',
    caption: "A customer's stored payment options",
    width: 1280,
    path: (i) => `/dashboard/payment-options?userTokenId=${i.customer}`,
  },
  { name: 'sites', caption: 'Sites and their settings', width: 1280, path: () => '/dashboard/sites' },
  { name: 'platform', caption: 'Marketplace platform', width: 1280, path: () => '/dashboard/platform' },
  { name: 'users', caption: 'Users', width: 1280, dark: true, path: () => '/dashboard/users' },
  {
    name: 'user-invite',
    caption: 'Inviting a Temp user',
    width: 1024,
    path: () => '/dashboard/users',
    act: async (p) => {
      await p.getByRole('button', { name: 'Invite a user' }).click();
      await p.getByRole('dialog').getByLabel('Role').selectOption('temp');
    },
  },
  { name: 'audit', caption: 'Audit log', width: 1280, path: () => '/dashboard/audit' },
];

async function shoot(browser: Browser, gw: Gateway, ids: Ids, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: 860 },
    colorScheme: shot.dark ? 'dark' : 'light',
    locale: 'en-GB',
  });
  const page = await context.newPage();
  try {
    await page.goto(gw.url + shot.path(ids));
    if (!shot.signedOut) {
      const { email, password } = demoUser(gw);
      await signIn(page, email, password);
    }
    await page.locator('h1').waitFor();
    await page.waitForLoadState('networkidle');
    await shot.act?.(page);
    await page.screenshot({ path: join(out, `${shot.name}.png`), fullPage: !shot.act });
  } finally {
    await context.close();
  }
}

buildBundles();
const gw = await startGateway();
const browser = await launchChromium();
try {
  const paid = await restSale(gw, 42);
  for (const amount of [19.99, 7.5, 120]) await restSale(gw, amount);
  const declined = await gw.request('POST', '/payment-api/payments', {
    headers: { 'x-api-key': gw.demo.apiKey },
    body: {
      processingEntityId: gw.demo.processingEntityId,
      transactionType: 'Sale',
      amount: 64,
      currency: 'USD',
      paymentOption: {
        card: {
          cardNumber: '5333463046218753',
          cardHolderName: 'Sam Doe',
          expirationMonth: '11',
          expirationYear: '2029',
          CVV: '217',
        },
      },
      billingAddress: { zip: '10001' },
    },
  });
  if (declined.status !== 200) throw new Error(`the declined sale: ${declined.status} ${declined.text}`);
  // a partial refund through the panel's API, so the transaction's timeline has two steps
  const session = await gw.request('POST', '/dashboard/api/v1/session', { body: demoUser(gw) });
  const refund = await gw.request('POST', `/dashboard/api/v1/transactions/${paid}/refund`, {
    headers: {
      cookie: (session.headers.get('set-cookie') ?? '').split(';')[0]!,
      'x-csrf-token': session.json.csrfToken,
    },
    body: { amount: '10.00' },
  });
  if (refund.status !== 200) throw new Error(`the refund: ${refund.status} ${refund.text}`);
  await gw.request('POST', '/admin/v1/test-notifications', {
    headers: apiKey(gw),
    body: { kind: 'webhook', url: 'https://shop.example/gatehouse/webhooks' },
  });
  // a customer with a stored card and a withdrawal request, a bank transfer waiting, a platform seller
  const customer = 'screenshot-customer';
  const upo = await cardUpo(gw, customer, '4761344136141390');
  const wd = await wdCall(gw, 'submitRequest', {
    userTokenId: customer,
    userPMId: upo,
    amount: '80.00',
    currency: 'EUR',
  });
  if (wd.json?.status !== 'SUCCESS') throw new Error(`the withdrawal request: ${wd.text}`);
  await gw.request('POST', '/payment-api/payments', {
    headers: apiKey(gw),
    body: {
      processingEntityId: gw.demo.processingEntityId,
      transactionType: 'Sale',
      amount: 12,
      currency: 'EUR',
      billingAddress: { country: 'DE' },
      paymentOption: { alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } } },
    },
  });
  await gw.request('POST', '/api/v2/account-owners', {
    headers: apiKey(gw),
    body: { extRef: 'seller-1', name: 'Northwind Crafts', email: 'northwind@example.com', country: 'DE' },
  });
  for (const shot of SHOTS.filter((s) => !only || s.name.includes(only))) {
    await shoot(browser, gw, { paid, customer }, shot);
    console.log(`docs/images/dashboard/${shot.name}.png`);
  }
  if (!only) writeList();
} finally {
  await browser.close();
  await gw.close();
}

/** The screenshot list of docs/dashboard.md's Pages section: every picture this script takes. */
function writeList(): void {
  const doc = resolve(import.meta.dirname, '..', 'docs', 'dashboard.md');
  const START = '<!-- screenshots:start (written by scripts/dashboard-screenshots.ts) -->';
  const END = '<!-- screenshots:end -->';
  const rows = SHOTS.map(
    (x) => `| [${x.name}](images/dashboard/${x.name}.png) | ${x.caption} | ${x.width} px${x.dark ? ', dark' : ''} |`,
  );
  const section = [
    START,
    '### Screenshots',
    '',
    'Taken from the real control panel by `node --import tsx scripts/dashboard-screenshots.ts` (headless',
    'Chromium, a sandbox gateway); rerun it after a change to the panel.',
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
  console.log('docs/dashboard.md: the screenshot list');
}
