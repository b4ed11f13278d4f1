/**
 * Two builds of the server in one process, compared by CPU per payment on a machine too busy for
 * `npm run bench` to tell them apart:
 *
 *   node --import tsx bench/compare-builds.ts <distA> <distB> [rest|session|status] [batches] [batch size]
 *
 * `status` compares `GET /orders/status` reads (of 100 orders paid first, so that each read builds the
 * order's and its payment's row) instead of payments. Each build gets its own app, store and SQLite
 * folder (synchronous=FULL, LOG_LEVEL=info into /dev/null). Payments (an order and its Sale, or
 * openOrder and payment.do, approved card) go through `app.inject` (no sockets, no load generator), 20
 * in flight, in alternating batches: A then B, then B then A, so that the machine's load falls on both
 * alike. Each batch's process CPU (writer thread included) over its payments is one sample; the medians
 * of A's and B's samples are compared.
 *
 * A build is a folder of compiled server code, e.g. `packages/server/dist` and the same commit's
 * predecessor compiled elsewhere inside the checkout (so that it finds node_modules):
 *   git archive <commit> packages/server packages/protocol tsconfig.base.json | tar -x -C .before
 *   (cd .before/packages/server && ln -s ../../../node_modules && npx tsc -p tsconfig.build.json)
 * Compare a build with itself first: that gives the noise of the machine (docs/performance.md).
 * Diagnostic only, never a test.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildRequest } from '@gatehouse/client';
import { orderBody } from './order-body.js';

const [distA, distB, kind = 'rest', batchesArg = '16', sizeArg = '150'] = process.argv.slice(2);
if (!distA || !distB || (kind !== 'rest' && kind !== 'session' && kind !== 'status')) {
  console.log(
    'Usage: node --import tsx bench/compare-builds.ts <distA> <distB> [rest|session|status] [batches] [size]',
  );
  process.exit(distA ? 1 : 0);
}
const IN_FLIGHT = 20;
const WARM_UP = 600;
const CARD = {
  cardNumber: '4761344136141390',
  cardHolderName: 'Bench Shopper',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
};

type Payment = () => Promise<void>;

async function setup(dist: string): Promise<Payment> {
  const root = resolve(dist);
  const mod = <T>(p: string): Promise<T> => import(`${root}/${p}`) as Promise<T>;
  const { loadConfig } = await mod<typeof import('../packages/server/src/config.js')>('config.js');
  const { openRuntime } = await mod<typeof import('../packages/server/src/runtime.js')>('runtime.js');
  const { buildApp } = await mod<typeof import('../packages/server/src/app.js')>('app.js');
  const { ensureDemoMerchant } =
    await mod<typeof import('../packages/server/src/bootstrap/demo.js')>('bootstrap/demo.js');
  const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-compare-'));
  const config = loadConfig(
    {
      GATEHOUSE_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL',
      GATEHOUSE_RATE_LIMIT: '100000000',
    },
    process.cwd(),
  );
  const rt = await openRuntime(config);
  const app = await buildApp({ ...rt, logStream: createWriteStream('/dev/null') });
  const demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
  await app.ready();
  const order = orderBody(demo.processingEntityId);
  const rest = { 'content-type': 'application/json', 'x-api-key': demo.apiKey };
  const json = { 'content-type': 'application/json' };
  const creds = {
    merchantId: demo.merchantId,
    merchantSiteId: demo.merchantSiteId,
    merchantSecretKey: demo.merchantSecretKey,
  };
  let n = 0;
  const restPayment = async (): Promise<string> => {
    const o = await app.inject({ method: 'POST', url: '/orders', headers: rest, payload: order });
    const sessionId = (JSON.parse(o.body) as { sessionId: string }).sessionId;
    const p = await app.inject({
      method: 'POST',
      url: '/payment-api/payments',
      headers: rest,
      payload: JSON.stringify({
        processingEntityId: demo.processingEntityId,
        sessionId,
        transactionType: 'Sale',
        amount: 121.96,
        currency: 'USD',
        paymentOption: { card: CARD },
        billingAddress: { zip: '10001' },
      }),
    });
    if (!p.body.includes('"approved"')) throw new Error(`not approved: ${p.body.slice(0, 300)}`);
    return sessionId;
  };
  const sessionPayment: Payment = async () => {
    const fields = { clientUniqueId: `c-${++n}`, amount: '10.00', currency: 'EUR' };
    const o = await app.inject({
      method: 'POST',
      url: '/ppp/api/v1/openOrder.do',
      headers: json,
      payload: JSON.stringify(buildRequest('openOrder', creds, fields)),
    });
    const sessionToken = (JSON.parse(o.body) as { sessionToken: string }).sessionToken;
    const p = await app.inject({
      method: 'POST',
      url: '/ppp/api/v1/payment.do',
      headers: json,
      payload: JSON.stringify(
        buildRequest('payment', creds, {
          sessionToken,
          clientRequestId: `c-pay-${++n}`,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: CARD },
          billingAddress: { zip: '10001', country: 'US', email: 'shopper@example.com' },
        }),
      ),
    });
    if (!p.body.includes('APPROVED')) throw new Error(`not approved: ${p.body.slice(0, 300)}`);
  };
  if (kind === 'session') return sessionPayment;
  if (kind === 'rest') return async () => void (await restPayment());
  const paid: string[] = [];
  for (let i = 0; i < 100; i++) paid.push(await restPayment());
  return async () => {
    const s = await app.inject({
      method: 'GET',
      url: `/orders/status?sessionId=${paid[++n % paid.length]}`,
      headers: rest,
    });
    if (!s.body.includes('"approved"')) throw new Error(`not approved: ${s.body.slice(0, 300)}`);
  };
}

async function run(payment: Payment, count: number): Promise<void> {
  let started = 0;
  const lane = async () => {
    while (started < count) {
      started++;
      await payment();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

const a = await setup(distA);
const b = await setup(distB);
await run(a, WARM_UP);
await run(b, WARM_UP);
const samples = { A: [] as number[], B: [] as number[] };
const size = Number(sizeArg);
for (let i = 0; i < Number(batchesArg); i++) {
  const order: Array<['A' | 'B', Payment]> =
    i % 2 === 0
      ? [
          ['A', a],
          ['B', b],
        ]
      : [
          ['B', b],
          ['A', a],
        ];
  for (const [which, payment] of order) {
    const before = process.cpuUsage();
    await run(payment, size);
    const used = process.cpuUsage(before);
    samples[which].push((used.user + used.system) / size);
  }
}
const [ma, mb] = [median(samples.A), median(samples.B)];
console.log(
  `${kind === 'status' ? 'status reads' : `${kind} payments`}, CPU µs per ${kind === 'status' ? 'read' : 'payment'}, median of ${samples.A.length} alternating batches of ${size}:\n` +
    `  A ${ma.toFixed(0)} (mean ${mean(samples.A).toFixed(0)})  ${distA}\n` +
    `  B ${mb.toFixed(0)} (mean ${mean(samples.B).toFixed(0)})  ${distB}\n` +
    `  B/A ${(mb / ma).toFixed(3)}`,
);
process.exit(0);
