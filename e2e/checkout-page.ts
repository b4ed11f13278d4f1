/* eslint-disable @typescript-eslint/no-explicit-any -- browser-side window members in page.evaluate */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { Gateway } from '../packages/server/test/harness.js';
import { ensureAxe } from './axe-scan.js';

/**
 * The merchant page of the checkout browser suites: on http://localhost:<port> (another origin than
 * the gateway on 127.0.0.1), it loads /sdk/v1/websdk.js and calls checkout() with the options in the
 * URL's hash, recording every callback in `window.events` as [name, payload].
 * `cfg.reject` makes prePayment reject with that message; `cfg.recovery` is what onDeclineRecovery
 * resolves to.
 */

export interface ShopConfig {
  token: string;
  opts?: Record<string, unknown>;
  reject?: string;
  recovery?: Record<string, unknown>;
}

const page = (gw: Gateway) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Shop checkout</title></head>
<body style="margin:0;padding:8px"><main><h1>Shop</h1><div id="co"></div></main>
<script src="${gw.url}/sdk/v1/websdk.js"></script>
<script>
  window.events = [];
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const rec = (name) => (...args) => { window.events.push([name, args.length === 1 ? args[0] : args]); };
  const params = Object.assign({
    sessionToken: cfg.token, merchantId: ${JSON.stringify(gw.demo.merchantId)}, merchantSiteId: ${JSON.stringify(gw.demo.merchantSiteId)},
    env: 'int', amount: '15.00', currency: 'EUR', renderTo: '#co', country: 'DE', userId: 'shopper-1',
    billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
    fullName: 'John Smith',
    onResult: rec('result'), onReady: rec('ready'), onFormValidated: rec('validated'), upoDeleted: rec('upoDeleted'),
    onPaymentFormChange: rec('change'), onSelectPaymentMethod: rec('select'), onPaymentEvent: rec('event'),
    userData: rec('userData'), onSuggestedAmount: rec('suggested'),
    prePayment: (p) => { window.events.push(['prePayment', p]); return cfg.reject ? Promise.reject(cfg.reject) : Promise.resolve(); },
    onDeclineRecovery: (h) => { window.events.push(['declineRecovery', h]); return Promise.resolve(cfg.recovery || {}); },
  }, cfg.opts || {});
  window.returned = checkout(params);
</script></body></html>`;

export interface Shop {
  url: string;
  open(cfg: ShopConfig, width?: number): Promise<Page>;
  /** a new page of the browser (for a test that goes to the shop itself) */
  browserPage(width?: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startShop(gw: Gateway, browser: Browser): Promise<Shop> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(gw));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    async open(cfg, width = 800) {
      const p = await browser.newPage({ viewport: { width, height: 900 } });
      await p.goto(`${url}#${encodeURIComponent(JSON.stringify(cfg))}`);
      await p.waitForFunction(() => (window as any).events.some((e: any) => e[0] === 'ready'), null, WAIT);
      return p;
    },
    browserPage: (width = 800) => browser.newPage({ viewport: { width, height: 900 } }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const WAIT = { timeout: 30_000 };

export const events = (p: Page) => p.evaluate(() => (window as any).events as Array<[string, any]>);
export const eventsNamed = async (p: Page, name: string) =>
  (await events(p)).filter((e) => e[0] === name).map((e) => e[1]);
export const waitEvent = (p: Page, name: string, count = 1) =>
  p.waitForFunction(
    ([n, c]) => (window as any).events.filter((e: any) => e[0] === n).length >= (c as number),
    [name, count] as const,
    WAIT,
  );

/** The card number, expiry and CVV frames of the checkout, then its cardholder name input. */
export async function fillCard(p: Page, number: string, exp = '12/30', cvc = '217') {
  await p
    .frameLocator('[data-ghc-frame=ccNumber] iframe')
    .locator('input[autocomplete="cc-number"]')
    .fill(number, WAIT);
  await p.frameLocator('[data-ghc-frame=ccExpiration] iframe').locator('input[autocomplete="cc-exp"]').fill(exp, WAIT);
  await p.frameLocator('[data-ghc-frame=ccCvc] iframe').locator('input[autocomplete="cc-csc"]').fill(cvc, WAIT);
}

/** Fills the card and waits for onFormValidated to say the form is valid. */
export async function fillValidCard(p: Page, number: string) {
  await fillCard(p, number);
  await waitValid(p);
}

/** Waits until the last onFormValidated says the form is valid (the frames report their state asynchronously). */
export async function waitValid(p: Page) {
  await p.waitForFunction(
    () => {
      const v = (window as any).events.filter((e: any) => e[0] === 'validated');
      return v.length > 0 && v[v.length - 1][1].isFormValid === true;
    },
    null,
    WAIT,
  );
}

/** checkout.submitPayment(), then the n-th onResult. */
export async function pay(p: Page, n = 1): Promise<Record<string, any>> {
  await p.evaluate(() => void (window as any).checkout.submitPayment());
  await waitEvent(p, 'result', n);
  return (await eventsNamed(p, 'result'))[n - 1];
}

/** axe-core in the page and in every frame: the serious and critical violations. */
export async function axe(p: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of p.frames()) {
    await ensureAxe(frame);
    const violations = await frame.evaluate(async () => {
      // every frame is scanned on its own here, not again from its parent
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'], iframes: false });
      return r.violations
        .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
        .map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
    found.push(...violations.map((v: string) => `${frame.url().slice(0, 60)} ${v}`));
  }
  return found;
}

/** A request held until `release()`: the page stays in the state that waits for it. */
export interface Hold {
  arrived: Promise<void>;
  release(): void;
}

/**
 * Holds the requests matching `url` until `release()` (`first`: only the first one, the later ones go
 * through at once); `arrived` settles when the first one reaches the route.
 */
export async function hold(ctx: BrowserContext, url: RegExp, o: { first?: boolean } = {}): Promise<Hold> {
  let arrive!: () => void;
  let go!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (go = r));
  let held = false;
  await ctx.route(url, async (route: Route) => {
    if (o.first && held) return route.continue();
    held = true;
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release: go };
}
