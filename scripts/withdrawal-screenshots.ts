/**
 * Screenshots of the withdrawal component and its walk-through for docs/withdrawals.md, taken from the
 * real demo cashier (`/demo/cashier`): starts a gateway (the test harness: a temporary SQLite file,
 * port 0) whose demo site's DMNs go to the sandbox inbox, builds the browser bundles, and in headless
 * Chromium photographs the component in both themes, in Hebrew and at 390 and 320 px, then the steps of
 * the walk-through (the request Pending, the back office's calls, the DMNs), into
 * docs/images/withdrawals/; then rewrites the "Screenshots" list at the end of docs/withdrawals.md.
 * `--only <text>` takes only the shots whose name contains it (the list is then left as it is).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import buildBundles from '../packages/server/test/build-bundles.js';
import { startGateway } from '../packages/server/test/harness.js';
import { Relay, relayOptionsOf } from '../packages/server/src/delivery/relay.js';
import { setSiteNotificationUrl } from '../packages/server/src/domain/notifications/notification.service.js';
import { INBOX_PATHS } from '../packages/server/src/http/demo/inbox.js';
import { launchChromium } from '../e2e/chromium.js';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/withdrawal-screenshots.ts [--only <text>]\n\nWrites docs/images/withdrawals/*.png from the demo cashier (/demo/cashier) and the Screenshots list of\ndocs/withdrawals.md (needs /usr/bin/chromium or CHROMIUM_PATH).\n  --only <text>  only the shots whose name contains <text>; docs/withdrawals.md is left as it is',
  );
  process.exit(0);
}

const WAIT = { timeout: 30_000 };
const out = resolve(import.meta.dirname, '..', 'docs', 'images', 'withdrawals');
mkdirSync(out, { recursive: true });

interface Shot {
  name: string;
  width: number;
  /** the cashier's query: theme, locale */
  query: string;
  caption: string;
  /** what the user and the back office do before the picture */
  act?: (page: Page) => Promise<void>;
  /** what is photographed: a selector of the page (default: the component's section) */
  target?: string;
}

const outcome = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (p) => new RegExp(p).test(document.getElementById('outcome')!.textContent!),
    pattern.source,
    WAIT,
  );
const withdraw = async (page: Page) => {
  await page.locator('.ghc-pay').click(WAIT);
  await outcome(page, /sent: Pending/);
};
const backOffice = async (page: Page, upTo: 'lookup' | 'approve' | 'settle') => {
  await withdraw(page);
  await page.locator('#lookup').click(WAIT);
  await outcome(page, / is Pending: /);
  if (upTo === 'lookup') return;
  await page.locator('#approve').click(WAIT);
  await outcome(page, /order \d+ is Approved/);
  if (upTo === 'approve') return;
  await page.locator('#settle').click(WAIT);
  await outcome(page, /is Settled/);
  // the request's DMNs (Pending, InProgress, Approved) and its order's (Approved, Settled)
  await page.waitForFunction(() => document.querySelectorAll('#dmn tr').length >= 5, null, WAIT);
};

const SECTION = 'section[aria-labelledby=wd-h]';
const SHOTS: Shot[] = [
  {
    name: 'theme-horizontal',
    width: 640,
    query: 'theme=horizontal',
    caption: 'theme horizontal (the default), a saved card selected',
  },
  { name: 'theme-tiles', width: 640, query: 'theme=tiles', caption: 'theme tiles' },
  { name: 'locale-he', width: 640, query: 'theme=horizontal&locale=he', caption: 'Hebrew: right to left' },
  { name: 'locale-he-tiles-390', width: 390, query: 'theme=tiles&locale=he', caption: 'Hebrew, theme tiles, 390 px' },
  { name: 'width-390', width: 390, query: 'theme=horizontal', caption: 'a phone, 390 px' },
  { name: 'width-320-de', width: 320, query: 'theme=tiles&locale=de', caption: 'German, theme tiles, 320 px' },
  {
    name: 'step-1-pending',
    width: 640,
    query: 'theme=horizontal',
    caption: 'walk-through 1: the request sent, Pending, in the user’s list',
    act: withdraw,
  },
  {
    name: 'step-2-get-requests',
    width: 800,
    query: 'theme=horizontal',
    caption: 'walk-through 2: the merchant’s server finds it, withdrawal/getRequests.do',
    act: (page) => backOffice(page, 'lookup'),
    target: 'section[aria-labelledby=lookup-h]',
  },
  {
    name: 'step-3-approve',
    width: 800,
    query: 'theme=horizontal',
    caption: 'walk-through 3: approveRequest.do places an Approved order',
    act: (page) => backOffice(page, 'approve'),
    target: 'section[aria-labelledby=approve-h]',
  },
  {
    name: 'step-4-settle',
    width: 800,
    query: 'theme=horizontal',
    caption: 'walk-through 4: settleWithdrawalOrder.do pays it out: Settled',
    act: (page) => backOffice(page, 'settle'),
    target: 'section[aria-labelledby=settle-h]',
  },
  {
    name: 'step-5-dmns',
    width: 800,
    query: 'theme=horizontal',
    caption: 'walk-through 5: the DMNs of the request and its order',
    act: (page) => backOffice(page, 'settle'),
    target: 'section[aria-labelledby=dmn-h]',
  },
];

buildBundles();
const gw = await startGateway();
// as `npm start` does in sandbox mode: the demo site's DMNs go to the inbox
await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${gw.url}${INBOX_PATHS.dmn}`);
const relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, relayOptionsOf(gw.rt.config));
relay.start();
const browser = await launchChromium();
try {
  const at = process.argv.indexOf('--only');
  const only = at > 0 ? process.argv[at + 1] : undefined;
  for (const shot of SHOTS.filter((x) => !only || x.name.includes(only))) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: 900 } });
    await page.goto(`${gw.url}/demo/cashier?${shot.query}`);
    await page.locator('.ghc-pay').waitFor(WAIT);
    await shot.act?.(page);
    await page.evaluate(() => document.fonts.ready);
    await page.locator(shot.target ?? SECTION).screenshot({ path: join(out, `${shot.name}.png`) });
    await page.close();
    console.log(`docs/images/withdrawals/${shot.name}.png`);
  }
  if (!only) writeList();
} finally {
  await browser.close();
  await relay.stop();
  await gw.close();
}

/** The "Screenshots" section at the end of docs/withdrawals.md: every picture this script takes, listed. */
function writeList(): void {
  const doc = resolve(import.meta.dirname, '..', 'docs', 'withdrawals.md');
  const START = '<!-- screenshots:start (written by scripts/withdrawal-screenshots.ts) -->';
  const END = '<!-- screenshots:end -->';
  const rows = SHOTS.map((x) => `| [${x.name}](images/withdrawals/${x.name}.png) | ${x.caption} | ${x.width} px |`);
  const section = [
    START,
    '## Screenshots',
    '',
    'Taken from the demo cashier (`/demo/cashier`) by `node --import tsx scripts/withdrawal-screenshots.ts`',
    '(headless Chromium, a sandbox gateway); rerun it after a change to the component or the demo.',
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
  console.log('docs/withdrawals.md: the Screenshots list');
}
