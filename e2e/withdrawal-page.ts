/* eslint-disable @typescript-eslint/no-explicit-any -- browser-side window members in page.evaluate */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { Gateway } from '../packages/server/test/harness.js';

/**
 * The cashier page of the withdrawal browser suites: on http://localhost:<port> (another origin than
 * the gateway on 127.0.0.1), it loads /sdk/v1/websdk.js and calls withdrawal() with the options in
 * the URL's hash, recording every callback in `window.events` as [name, payload].
 */

export interface CashierConfig {
  token: string;
  user: string;
  opts?: Record<string, unknown>;
}

const page = (gw: Gateway) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Cashier</title></head>
<body style="margin:0;padding:8px"><main><h1>Cashier</h1><div id="wd"></div></main>
<script src="${gw.url}/sdk/v1/websdk.js"></script>
<script>
  window.events = [];
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const rec = (name) => (...args) => { window.events.push([name, args.length === 1 ? args[0] : args]); };
  window.params = Object.assign({
    sessionToken: cfg.token, merchantId: ${JSON.stringify(gw.demo.merchantId)}, merchantSiteId: ${JSON.stringify(gw.demo.merchantSiteId)},
    env: 'int', amount: '20.00', currency: 'EUR', renderTo: '#wd', country: 'DE', userId: cfg.user, userTokenId: cfg.user,
    onResult: rec('result'), onReady: rec('ready'), onSuggestedAmount: rec('suggested'), wdRequestCanceled: rec('canceled'),
  }, cfg.opts || {});
  window.returned = withdrawal(window.params);
</script></body></html>`;

export interface Cashier {
  url: string;
  open(cfg: CashierConfig, width?: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startCashier(gw: Gateway, browser: Browser): Promise<Cashier> {
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const WAIT = { timeout: 30_000 };

export const eventsNamed = async (p: Page, name: string) =>
  (await p.evaluate(() => (window as any).events as Array<[string, any]>))
    .filter((e) => e[0] === name)
    .map((e) => e[1]);
export const waitEvent = (p: Page, name: string, count = 1) =>
  p.waitForFunction(
    ([n, c]) => (window as any).events.filter((e: any) => e[0] === n).length >= (c as number),
    [name, count] as const,
    WAIT,
  );

/** The card number, expiry and CVV frames, then the name on the card. */
export async function fillNewCard(p: Page, number: string, name = 'John Smith') {
  await p
    .frameLocator('[data-ghc-frame=ccNumber] iframe')
    .locator('input[autocomplete="cc-number"]')
    .fill(number, WAIT);
  await p
    .frameLocator('[data-ghc-frame=ccExpiration] iframe')
    .locator('input[autocomplete="cc-exp"]')
    .fill('12/30', WAIT);
  await p.frameLocator('[data-ghc-frame=ccCvc] iframe').locator('input[autocomplete="cc-csc"]').fill('217', WAIT);
  await p.locator('input[autocomplete="cc-name"]').fill(name);
}

/** Presses the withdraw button and answers the n-th onResult. */
export async function withdraw(p: Page, n = 1): Promise<Record<string, any>> {
  await p.locator('.ghc-pay').click();
  await waitEvent(p, 'result', n);
  return (await eventsNamed(p, 'result'))[n - 1];
}
