import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { INTERRUPTED } from '../src/store/outbox-relay.repo.js';
import { type DialectName, dialects, freshPgSchema } from './dialects.js';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  running,
  spawnGatehouse,
  terminate,
  until,
  waitServerReady,
} from './gatehouse-process.js';
import { verifyDmn, verifyWebhook } from './notify-verify.js';
import { notificationKey, type Receiver, startReceiver } from './receiver.js';

/**
 * At-least-once across crashes: the real gateway runs as a child process with its in-process relay,
 * is SIGKILLed while deliveries hang at the receiver, and is started again; every notification it
 * acknowledged (202) reaches the receiver. Then the API-only node and `gatehouse worker` split.
 * The child uses the system clock; every wait is a bounded poll, no timing is asserted.
 */

interface Queued {
  id: string;
  kind: 'webhook' | 'dmn';
  /** what the receiver de-duplicates by */
  key: string;
}

async function queueTest(base: string, demo: DemoCredentials, kind: 'webhook' | 'dmn', url: string): Promise<Queued> {
  const res = await fetch(base + '/admin/v1/test-notifications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
    body: JSON.stringify({ kind, url }),
  });
  const body = (await res.json()) as { id: string; payload: string };
  if (res.status !== 202) throw new Error(`test notification: ${res.status} ${JSON.stringify(body)}`);
  const p = new URLSearchParams(body.payload);
  return { id: body.id, kind, key: kind === 'webhook' ? body.id : `${p.get('PPP_TransactionID')}:${p.get('Status')}` };
}

async function listDeliveries(base: string, demo: DemoCredentials): Promise<Array<Record<string, any>>> {
  const res = await fetch(base + '/admin/v1/deliveries?limit=200', { headers: { 'x-api-key': demo.apiKey } });
  return ((await res.json()) as { deliveries: Array<Record<string, any>> }).deliveries;
}

async function advanceClock(base: string, demo: DemoCredentials, by: string): Promise<void> {
  const res = await fetch(base + '/admin/v1/sandbox/clock/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
    body: JSON.stringify({ by }),
  });
  if (res.status !== 200) throw new Error(`clock advance: ${res.status} ${await res.text()}`);
}

describe.each(dialects())('notifications survive kill -9 on %s', (dialect: DialectName) => {
  let dataDir: string;
  let env: Record<string, string> = {};
  let dropSchema: (() => Promise<void>) | undefined;
  let rx: Receiver;
  const procs: GatehouseProcess[] = [];
  const spawn = (args: string[], name: string, port?: number, extra: Record<string, string> = {}) => {
    const p = spawnGatehouse(args, {
      dataDir,
      name,
      ...(port !== undefined ? { port } : {}),
      // A short attempt timeout keeps the lease of the killed relay short (2 × 2 s + 5 s).
      env: { ...env, GATEHOUSE_DELIVERY_TIMEOUT_MS: '2000', GATEHOUSE_DELIVERY_CONCURRENCY: '8', ...extra },
    });
    procs.push(p);
    return p;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-notify-crash-'));
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      dropSchema = () => schema.drop();
      env = { DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: 'ef'.repeat(32) };
    }
    rx = await startReceiver();
  });
  afterEach(async () => {
    for (const p of procs.splice(0)) if (running(p)) await kill9(p);
  });
  afterAll(async () => {
    await rx.close();
    await dropSchema?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'kill -9 while deliveries hang at the receiver, restart: every notification arrives at least once',
    { timeout: 180_000 },
    async () => {
      rx.behave(() => 'hang');
      // The first relay must not time its hanging deliveries out before the crash (a timed-out attempt is
      // rescheduled a minute later, beyond this test's patience), however loaded the machine: its
      // attempt timeout is long, so its lease (2 × 15 s + 5 s) runs out some 35 s after the crash.
      const first = spawn(['start'], 'first', await freePort(), { GATEHOUSE_DELIVERY_TIMEOUT_MS: '15000' });
      const demo = await waitServerReady(first, dataDir);
      expect(demo.webhookSecret).toMatch(/^whsec_/);

      // Queued all at once, so the crash comes seconds after the first attempts began, well within their
      // 15 s timeout however loaded the machine (queued one by one, a loaded machine took longer than that:
      // the first attempts timed out, were rescheduled minutes later, and never arrived in time).
      const queued: Queued[] = await Promise.all(
        Array.from({ length: 40 }, (_, i) => queueTest(first.base, demo, i % 2 ? 'dmn' : 'webhook', `${rx.url}/n${i}`)),
      );
      // Deliveries are in flight: the receiver holds them open. Crash now.
      await until(
        () => rx.hanging() >= 8,
        () => `only ${rx.hanging()} deliveries in flight`,
      );
      await kill9(first);
      expect((await first.exited).signal).toBe('SIGKILL');
      const cutOff = rx.received.length;
      expect(cutOff).toBeGreaterThanOrEqual(8);

      rx.behave(() => ({ status: 200, body: 'OK' }));
      // the receiver answers at once; a long timeout keeps a starved machine from failing an attempt
      // (a failed DMN is retried 15 minutes later)
      const second = spawn(['start'], 'second', await freePort(), { GATEHOUSE_DELIVERY_TIMEOUT_MS: '15000' });
      expect(await waitServerReady(second, dataDir)).toEqual(demo);

      let lastRows: Array<Record<string, any>> = [];
      const rowStates = (qs: Queued[]) =>
        JSON.stringify(
          qs.map((q) => {
            const d = lastRows.find((r) => r.id === q.id);
            return d ? { id: q.id, kind: q.kind, status: d.status, attempts: d.attempts } : { id: q.id, row: 'none' };
          }),
        );
      const missing = () => {
        const answered = new Set(rx.received.filter((r) => r.answered === 200).map(notificationKey));
        return queued.filter((q) => !answered.has(q.key));
      };
      // The killed relay's leases run out on the real clock (some 35 s after its claims). An attempt that a
      // starved machine timed out before the crash is instead rescheduled by the retry schedule (1 minute for
      // a webhook, 15 for a DMN): if any is still missing then, the merchant's test clock moves past that
      // schedule, as a developer would, and the relay sends it at its next poll. A row that was lost would
      // still be missing, and the message says in which state each missing row is.
      try {
        await until(
          () => missing().length === 0,
          () => `missing ${missing().length} of ${queued.length}`,
          900,
        );
      } catch {
        await advanceClock(second.base, demo, '16m');
        let polls = 0;
        await until(
          async () => {
            if (missing().length === 0) return true;
            if (polls++ % 20 === 0) lastRows = await listDeliveries(second.base, demo);
            return false;
          },
          () => `missing ${missing().length} of ${queued.length}: ${rowStates(missing())}`,
          600,
        );
      }
      // Every copy received verifies as the merchant would check it.
      for (const rec of rx.received) {
        if (rec.headers['webhook-id']) verifyWebhook(demo.webhookSecret!, rec);
        else verifyDmn(demo.merchantSecretKey, rec);
      }
      // The attempts cut off by the crash are on record, and every row is delivered.
      await until(
        async () =>
          (await listDeliveries(second.base, demo)).filter(
            (d) => queued.some((q) => q.id === d.id) && d.status === 'delivered',
          ).length === 40,
        () => 'rows not all delivered',
      );
      const rows = (await listDeliveries(second.base, demo)).filter((d) => queued.some((q) => q.id === d.id));
      const interrupted = rows.filter((d) => d.attempts.some((a: any) => a.error === INTERRUPTED));
      expect(interrupted.length).toBeGreaterThanOrEqual(1);
      for (const d of interrupted) expect(d.attempts.at(-1)).toMatchObject({ statusCode: 200, error: null });

      expect(await terminate(second)).toEqual({ code: 0, signal: null });
    },
  );

  it(
    'an API-only node (--no-workers) queues without delivering; `gatehouse worker` delivers',
    { timeout: 180_000 },
    async () => {
      rx.behave(() => ({ status: 200, body: 'OK' }));
      const api = spawn(['start', '--no-workers'], 'api-only', await freePort(), { LOG_LEVEL: 'info' });
      const demo = await waitServerReady(api, dataDir);
      const before = rx.received.length;
      const queued = [
        await queueTest(api.base, demo, 'webhook', `${rx.url}/api-only-wh`),
        await queueTest(api.base, demo, 'dmn', `${rx.url}/api-only-dmn`),
      ];
      const rows = (await listDeliveries(api.base, demo)).filter((d) => queued.some((q) => q.id === d.id));
      expect(rows.map((d) => [d.status, d.attemptCount])).toEqual([
        ['pending', 0],
        ['pending', 0],
      ]);
      expect(api.log()).not.toContain('notification relay started');

      const worker = spawn(['worker'], 'worker', undefined, { LOG_LEVEL: 'info' });
      await until(
        () =>
          queued.every((q) =>
            rx.received.slice(before).some((r) => notificationKey(r) === q.key && r.answered === 200),
          ),
        () => `worker did not deliver:\n${worker.log().slice(-1500)}`,
      );
      expect(worker.log()).toContain('notification relay started');
      verifyWebhook(
        demo.webhookSecret!,
        rx.received.find((r) => r.url === '/api-only-wh')!,
      );
      verifyDmn(
        demo.merchantSecretKey,
        rx.received.find((r) => r.url === '/api-only-dmn')!,
      );
      expect(await terminate(worker)).toEqual({ code: 0, signal: null });
      expect(await terminate(api)).toEqual({ code: 0, signal: null });
    },
  );
});
