/**
 * `npm run bench` (first) or `npm run bench:dashboard`: the control panel's transaction search on a
 * million transactions (docs/performance.md, "The control panel's search").
 *
 * Starts the real gateway on a fresh SQLite data folder (packages/server/test/harness.ts: migrations,
 * the demo merchant) and stops it; loads N transactions of the demo merchant straight into the file (one
 * transaction, one prepared statement: no HTTP, no validation), spread over the last 90 days with the
 * shapes the search filters on (types, statuses, currencies, amounts, cards' last four); starts the
 * gateway again on the folder, as after an upgrade (it gathers the planner's statistics at start,
 * ADR 1032). Then, signed in as the demo admin, it asks each search over HTTP one request at a time
 * and reports p50/p95: the
 * first page, each filter, a deep cursor page, a lookup by id, the admin API's page and the overview.
 * Results are printed and written to bench/results/dashboard-transactions-latest.json. Timings are
 * reported, not asserted. The gateway runs in this process: at one request at a time, the load
 * generator costs little next to the query.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openRuntime } from '../packages/server/src/runtime.js';
import { startGateway } from '../packages/server/test/harness.js';

const HELP = `Usage: npm run bench:dashboard -- [--rows N] [--requests N]

  --rows N       transactions loaded (default 1000000; env BENCH_DASHBOARD_ROWS)
  --requests N   measured requests per search (default 100; 10 for the overview), after 10 unmeasured`;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    requests: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: false,
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const ROWS = Number(args.rows ?? process.env.BENCH_DASHBOARD_ROWS ?? 1_000_000);
const REQUESTS = Number(args.requests ?? 100);
const DAY = 86_400_000;
const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** A small deterministic generator: the same rows every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: number, table: Array<[T, number]>): T => {
  let acc = 0;
  for (const [v, w] of table) if (r < (acc += w)) return v;
  return table[table.length - 1]![0];
};

function load(file: string, demo: { merchantId: string; merchantSiteId: string; processingEntityId: string }) {
  const db = new Database(file);
  // the gateway is stopped: nothing else reads or writes; a large cache keeps the indexes' pages in memory
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  const insert = db.prepare(`insert into transactions (merchant_id, site_id, entity_id, interface, type,
    amount_minor, requested_amount_minor, currency, status, card, error_reason, created_at, updated_at)
    values (?, ?, ?, 'rest', ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const random = rng(1030);
  const start = Date.now() - 90 * DAY;
  const step = (90 * DAY) / ROWS;
  const began = performance.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const type = pick(random(), [
        ['Sale', 0.7],
        ['Auth', 0.1],
        ['Settle', 0.08],
        ['Refund', 0.07],
        ['Void', 0.05],
      ]);
      const status = pick(random(), [
        ['approved', 0.85],
        ['declined', 0.12],
        ['error', 0.03],
      ]);
      const currency = pick(random(), [
        ['EUR', 0.8],
        ['USD', 0.15],
        ['JPY', 0.05],
      ]);
      const amount = 100 + Math.floor(random() * 99_900);
      const last4 = String(Math.floor(random() * 10_000)).padStart(4, '0');
      const card = JSON.stringify({ bin: '476134', last4Digits: last4, cardBrand: 'visa', cardType: 'Debit' });
      const reason =
        status === 'declined'
          ? pick(random(), [
              ['Decline', 0.5],
              ['Insufficient Funds', 0.3],
              ['Do Not Honor', 0.2],
            ])
          : null;
      const at = Math.round(start + i * step);
      insert.run(
        demo.merchantId,
        demo.merchantSiteId,
        demo.processingEntityId,
        type,
        amount,
        amount,
        currency,
        status,
        card,
        reason,
        at,
        at,
      );
    }
  })();
  const seconds = (performance.now() - began) / 1000;
  const middle = db.prepare('select id from transactions order by id limit 1 offset ?').get(Math.floor(ROWS / 2)) as {
    id: number;
  };
  const last4 = (
    db.prepare("select json_extract(card, '$.last4Digits') as l from transactions order by id desc limit 1").get() as {
      l: string;
    }
  ).l;
  const someId = (
    db.prepare('select id from transactions order by id limit 1 offset ?').get(Math.floor(ROWS / 3)) as { id: number }
  ).id;
  db.close();
  return { seconds, middleId: middle.id, last4, someId };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-dashboard-'));
  const env = { GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const first = await startGateway({ env });
  const demo = first.demo;
  const file = first.rt.store.file;
  await first.close();
  if (!file) throw new Error('the bench needs the SQLite store');
  console.error(`loading ${ROWS.toLocaleString('en')} transactions into ${file} …`);
  const loaded = load(file, demo);
  console.error(
    `loaded in ${loaded.seconds.toFixed(1)} s (${Math.round(ROWS / loaded.seconds).toLocaleString('en')} rows/s)`,
  );
  const started = performance.now();
  const rt = await openRuntime(loadConfig(env, process.cwd()));
  const app = await buildApp({ ...rt, logStream: new Writable({ write: (_c, _e, cb) => cb() }) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const startSeconds = (performance.now() - started) / 1000;
  console.error(`started again in ${startSeconds.toFixed(1)} s (with the planner's statistics)`);
  const gw = { url, demo };
  try {
    const d = gw.demo.dashboard!;
    const signIn = await fetch(`${url}/dashboard/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: d.email, password: d.password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const panel = { cookie };
    const admin = { 'x-api-key': gw.demo.apiKey };
    const month = new Date(Date.now() - 30 * DAY);
    const day = month.toISOString().slice(0, 10);
    const cases: Array<{ name: string; path: string; headers: Record<string, string>; requests?: number }> = [
      { name: 'first page', path: '/dashboard/api/v1/transactions', headers: panel },
      { name: 'status=DECLINED', path: '/dashboard/api/v1/transactions?status=DECLINED', headers: panel },
      { name: 'type=Refund', path: '/dashboard/api/v1/transactions?type=Refund', headers: panel },
      { name: `last4=${loaded.last4}`, path: `/dashboard/api/v1/transactions?last4=${loaded.last4}`, headers: panel },
      {
        name: 'amount 10.00–10.50',
        path: '/dashboard/api/v1/transactions?minAmount=10&maxAmount=10.50',
        headers: panel,
      },
      { name: 'amount ≥ 900.00', path: '/dashboard/api/v1/transactions?minAmount=900', headers: panel },
      {
        name: `one day (${day})`,
        path: `/dashboard/api/v1/transactions?from=${day}T00:00:00Z&to=${day}T23:59:59Z`,
        headers: panel,
      },
      {
        name: 'status + type + amount',
        path: '/dashboard/api/v1/transactions?status=APPROVED&type=Sale&minAmount=500',
        headers: panel,
      },
      {
        name: `deep cursor (id ${loaded.middleId})`,
        path: `/dashboard/api/v1/transactions?cursor=${loaded.middleId}`,
        headers: panel,
      },
      { name: 'query=<transactionId>', path: `/dashboard/api/v1/transactions?query=${loaded.someId}`, headers: panel },
      { name: 'admin API first page', path: '/admin/v1/transactions', headers: admin },
      { name: 'overview day', path: '/dashboard/api/v1/overview?period=day', headers: panel, requests: 10 },
      { name: 'overview week', path: '/dashboard/api/v1/overview?period=week', headers: panel, requests: 10 },
      { name: 'overview month', path: '/dashboard/api/v1/overview?period=month', headers: panel, requests: 10 },
    ];
    const results = [];
    for (const c of cases) {
      const n = c.requests ?? REQUESTS;
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < n + 10; i++) {
        const t0 = performance.now();
        const r = await fetch(gw.url + c.path, { headers: c.headers });
        const body = (await r.json()) as { items?: unknown[]; transactions?: unknown[] };
        const ms = performance.now() - t0;
        if (r.status !== 200) throw new Error(`${c.name}: ${r.status} ${JSON.stringify(body)}`);
        items = (body.items ?? body.transactions ?? []).length;
        if (i >= 10) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const row = { name: c.name, requests: n, items, p50: percentile(times, 50), p95: percentile(times, 95) };
      results.push(row);
      console.log(
        `${row.name.padEnd(34)} p50 ${row.p50.toFixed(1).padStart(7)} ms   p95 ${row.p95.toFixed(1).padStart(7)} ms   (${items} items, ${n} requests)`,
      );
    }
    const out = {
      at: new Date().toISOString(),
      rows: ROWS,
      loadSeconds: Number(loaded.seconds.toFixed(1)),
      startSeconds: Number(startSeconds.toFixed(1)),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
      results: results.map((r) => ({ ...r, p50: Number(r.p50.toFixed(2)), p95: Number(r.p95.toFixed(2)) })),
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'dashboard-transactions-latest.json'), JSON.stringify(out, null, 2) + '\n');
  } finally {
    await app.close();
    await rt.store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
