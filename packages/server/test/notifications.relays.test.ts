import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoCredentials, ensureDemoMerchant } from '../src/bootstrap/demo.js';
import { loadConfig } from '../src/config.js';
import { dmnNotification } from '../src/delivery/dmn.payload.js';
import { enqueueNotification } from '../src/domain/notifications/notification.service.js';
import { webhookNotification } from '../src/delivery/webhook.payload.js';
import type { Minor } from '../src/lib/money.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { dialects, freshPgSchema } from './dialects.js';
import { type GatehouseProcess, kill9, running, spawnGatehouse, terminate, until } from './gatehouse-process.js';
import { verifyDmn, verifyWebhook } from './notify-verify.js';
import { notificationKey, type Receiver, startReceiver } from './receiver.js';

/**
 * Several nodes on one PostgreSQL database: two `gatehouse worker` processes relay 1,000
 * notifications. `FOR UPDATE SKIP LOCKED` under a lease must give each row to one relay at a time:
 * the receiver records, per notification, how many requests were open at once.
 */

const EVENTS = 1000;

describe.runIf(dialects().includes('postgres'))('two relay processes on one PostgreSQL database', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let rt: Runtime;
  let demo: DemoCredentials;
  let rx: Receiver;
  const workers: GatehouseProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-relays-'));
    const schema = await freshPgSchema();
    drop = () => schema.drop();
    env = { DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: '5a'.repeat(32) };
    rt = await openRuntime(loadConfig({ ...env, GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, process.cwd()));
    demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
    // A slightly slow receiver widens the window in which a second relay could pick up the same row.
    rx = await startReceiver();
    rx.behave(() => ({ status: 200, body: 'OK', delayMs: 5 }));
  });
  afterAll(async () => {
    for (const w of workers) if (running(w)) await kill9(w);
    await rx.close();
    await rt.store.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`deliver ${EVENTS} notifications: none missing, none delivered twice at once`, { timeout: 240_000 }, async () => {
    // Both relays are polling before the first row is written: one that started late (its start waits on
    // the store's migration lock) could otherwise find the other had delivered everything already.
    for (const name of ['relay-a', 'relay-b']) {
      workers.push(
        spawnGatehouse(['worker'], {
          dataDir,
          name,
          env: { ...env, LOG_LEVEL: 'info', GATEHOUSE_DELIVERY_CONCURRENCY: '16', GATEHOUSE_DELIVERY_POLL_MS: '20' },
        }),
      );
    }
    await until(
      () => workers.every((w) => w.log().includes('notification relay started')),
      () => `a relay did not start; logs:\n${workers.map((w) => w.log().slice(-800)).join('\n')}`,
    );
    const now = rt.clock.now();
    const keys: string[] = [];
    for (let batch = 0; batch < EVENTS / 100; batch++) {
      await rt.deps.storage.write(async (repos) => {
        for (let i = batch * 100; i < (batch + 1) * 100; i++) {
          const event =
            i % 2 === 0
              ? webhookNotification({
                  dedupeKey: `load-${i}`,
                  merchantId: demo.merchantId,
                  siteId: demo.merchantSiteId,
                  orderId: null,
                  sessionId: null,
                  transactionId: String(i),
                  url: `${rx.url}/wh/${i}`,
                  type: 'transaction.approved',
                  data: { i },
                  at: now,
                })
              : dmnNotification(
                  {
                    merchantId: demo.merchantId,
                    siteId: demo.merchantSiteId,
                    orderId: null,
                    sessionId: null,
                    transactionId: String(i),
                    pppTransactionId: `ppp-${i}`,
                    transactionType: 'Sale',
                    status: 'APPROVED',
                    amount: (100 + i) as Minor,
                    currency: 'EUR',
                    at: now,
                  },
                  `${rx.url}/dmn/${i}`,
                );
          const { id } = await enqueueNotification(repos, event, now);
          keys.push(i % 2 === 0 ? id : `ppp-${i}:APPROVED`);
        }
      });
    }
    expect(new Set(keys).size).toBe(EVENTS);

    const missing = () => {
      const received = new Set(rx.received.map(notificationKey));
      return keys.filter((k) => !received.has(k));
    };
    await until(
      () => missing().length === 0,
      () => `${missing().length} missing; logs:\n${workers.map((w) => w.log().slice(-800)).join('\n')}`,
    );
    for (const w of workers) expect(await terminate(w)).toEqual({ code: 0, signal: null });

    // None missing, and no row was ever being delivered by two relays at once.
    const overlapping = [...rx.maxConcurrent].filter(([, n]) => n > 1);
    expect(overlapping).toEqual([]);
    // With every attempt answered 2xx, none was even repeated.
    expect(rx.received).toHaveLength(EVENTS);
    for (const rec of rx.received) {
      if (rec.headers['webhook-id']) verifyWebhook(demo.webhookSecret!, rec);
      else verifyDmn(demo.merchantSecretKey, rec);
    }

    const rows = await rt.store.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((r) => r.status === 'delivered' && Number(r.attempts) === 1)).toBe(true);
    const byRelay = await rt.store.db
      .selectFrom('delivery_attempts')
      .select(['relay_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('relay_id')
      .execute();
    // Both processes took part.
    expect(byRelay).toHaveLength(2);
    expect(byRelay.reduce((a, r) => a + Number(r.n), 0)).toBe(EVENTS);
  });
});
