/**
 * `npm run bench:checkout`: how long the hosted checkout takes to be ready, in headless Chromium on
 * localhost. Starts a gateway (a temporary SQLite file, port 0; the browser bundles built first) and
 * a merchant page on another origin that calls `checkout()`; each run opens the page in a fresh
 * browser context (cold: nothing cached) and, with --warm, again in the same context (the hashed
 * bundles from the cache), and reads two times from the page's clock:
 *   - `checkout()` → `onReady`  (the SDK's own work: its bundle, the methods, the card frames)
 *   - navigation start → `onReady`  (what the shopper waits for, the merchant page included)
 * Prints the medians and the spread, compares the median of `checkout()` → `onReady` with the goal
 * (300 ms), and writes the runs as JSON to bench/results/checkout-ready-<time>.json and
 * bench/results/checkout-ready-latest.json. Exits 0 whatever the verdict. Not a test: timings live
 * only in bench/ (docs/performance.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import buildBundles from '../packages/server/test/build-bundles.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { sessionClient } from '../packages/server/test/session-client.js';
import { launchChromium } from '../e2e/chromium.js';

const GOAL_MS = 300;
const HELP = `Usage: npm run bench:checkout -- [--runs N] [--warm] [--theme T] [--out FILE]

Measures checkout()'s onReady in headless Chromium on localhost, median over N runs (default 15).
  --runs N     runs (each a fresh browser context: nothing cached)          default 15
  --warm       also N runs in one context (the hashed bundles cached)
  --theme T    the checkout's theme (tiles, accordion, horizontal, cashier) default tiles
  --out FILE   where the JSON goes                                         default bench/results/
Needs /usr/bin/chromium (or CHROMIUM_PATH). Goal: median checkout() -> onReady <= ${GOAL_MS} ms.`;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    warm: { type: 'boolean', default: false },
    theme: { type: 'string', default: 'tiles' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const RUNS = Math.max(1, Number.parseInt(args.runs!, 10) || 15);

/** The merchant page: marks the time of the checkout() call and of onReady on the page's clock. */
const shopPage = (gw: Gateway) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Bench shop</title></head>
<body><main><h1>Shop</h1><div id="co"></div></main>
<script src="${gw.url}/sdk/v1/websdk.js"></script>
<script>
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  window.marks = {};
  window.marks.call = performance.now();
  checkout({
    sessionToken: cfg.token, merchantId: ${JSON.stringify(gw.demo.merchantId)}, merchantSiteId: ${JSON.stringify(gw.demo.merchantSiteId)},
    env: 'int', amount: '15.00', currency: 'EUR', renderTo: '#co', country: 'DE', userId: 'bench',
    billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
    theme: cfg.theme, selectPM: 'cc_card',
    onResult: () => {}, onReady: () => { window.marks.ready = performance.now(); },
  });
</script></body></html>`;

interface Run {
  callToReady: number;
  navToReady: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const round = (x: number) => Math.round(x * 10) / 10;

async function once(ctx: BrowserContext, url: string): Promise<Run> {
  const p = await ctx.newPage();
  await p.goto(url);
  await p.waitForFunction(() => (window as any).marks?.ready !== undefined, null, { timeout: 30_000 });
  const m = await p.evaluate(() => (window as any).marks as { call: number; ready: number });
  await p.close();
  return { callToReady: m.ready - m.call, navToReady: m.ready };
}

function summary(runs: Run[]) {
  const call = runs.map((r) => r.callToReady);
  const nav = runs.map((r) => r.navToReady);
  return {
    runs: runs.length,
    callToReadyMs: {
      median: round(median(call)),
      p90: round(pct(call, 90)),
      min: round(Math.min(...call)),
      max: round(Math.max(...call)),
    },
    navToReadyMs: {
      median: round(median(nav)),
      p90: round(pct(nav, 90)),
      min: round(Math.min(...nav)),
      max: round(Math.max(...nav)),
    },
  };
}

buildBundles();
const gw = await startGateway();
const sc = sessionClient(gw);
const server = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(gw)),
);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const shopUrl = `http://localhost:${(server.address() as AddressInfo).port}/`;
let browser: Browser | undefined;
const load = { before: loadavg()[0]!, cores: cpus().length };
try {
  browser = await launchChromium();
  const url = async () => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    return `${shopUrl}#${encodeURIComponent(JSON.stringify({ token: sessionToken, theme: args.theme }))}`;
  };
  // one run to warm the server (its first compressions) and the browser process; not counted
  {
    const ctx = await browser.newContext();
    await once(ctx, await url());
    await ctx.close();
  }
  const cold: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext();
    cold.push(await once(ctx, await url()));
    await ctx.close();
  }
  const warm: Run[] = [];
  if (args.warm) {
    const ctx = await browser.newContext();
    await once(ctx, await url());
    for (let i = 0; i < RUNS; i++) warm.push(await once(ctx, await url()));
    await ctx.close();
  }
  const result = {
    bench: 'checkout-ready',
    at: new Date().toISOString(),
    goalMs: GOAL_MS,
    theme: args.theme,
    machine: { cores: load.cores, loadavg1Before: round(load.before), loadavg1After: round(loadavg()[0]!) },
    cold: summary(cold),
    ...(warm.length ? { warm: summary(warm) } : {}),
    raw: { cold, warm },
  };
  const line = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(5)} checkout() -> onReady median ${s.callToReadyMs.median} ms (p90 ${s.callToReadyMs.p90}, min ${s.callToReadyMs.min}, max ${s.callToReadyMs.max}); navigation -> onReady median ${s.navToReadyMs.median} ms`;
  console.log(
    `checkout onReady, ${RUNS} runs, theme ${args.theme}, ${load.cores} cores, load ${result.machine.loadavg1Before} -> ${result.machine.loadavg1After}`,
  );
  console.log(line('cold', result.cold));
  if (result.warm) console.log(line('warm', result.warm));
  const verdict = result.cold.callToReadyMs.median <= GOAL_MS ? 'meets' : 'misses';
  console.log(`verdict: the cold median ${verdict} the goal of ${GOAL_MS} ms`);
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const file = args.out ?? join(dir, `checkout-ready-${result.at.slice(0, 16).replace(/[:T]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(dir, 'checkout-ready-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${file}`);
} finally {
  await browser?.close();
  await new Promise<void>((r) => server.close(() => r()));
  await gw.close();
}
