import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { type DialectName, dialects, freshPgSchema } from './dialects.js';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  running,
  spawnGatehouse,
  waitServerReady,
} from './gatehouse-process.js';

/**
 * Crash-recovered idempotency (docs/decisions/0807): REST card payments with an
 * `Idempotency-Key` run under load, the gateway is killed with SIGKILL while some are with the
 * acquirer, and started again. Recovery closes their transactions and finishes their idempotency
 * records, so a retry of every key replays a final answer: never `409 5300.1003 Still Processing`,
 * and for a key answered before the crash, that answer. No timing is asserted.
 */

const WORKERS = 12;
/** kill -9 once this many payments were answered, while others are out */
const KILL_AFTER = 40;
/** rounds of load and kill until one payment was caught between its two writes */
const ROUNDS = 4;
const CARD = {
  cardNumber: '4761344136141390',
  cardHolderName: 'Jane Roe',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '123',
};

describe.each(dialects())('idempotency keys after a kill -9 on %s', (dialect: DialectName) => {
  it('a retry of every key in flight at the crash replays its final answer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-idem-crash-'));
    const pg = dialect === 'postgres' ? await freshPgSchema() : undefined;
    // one node: recovery may close what the dead process left, however young (the default waits 5 min on PostgreSQL)
    const env: Record<string, string> = {
      GATEHOUSE_RECOVERY_GRACE_MS: '0',
      ...(pg ? { DATABASE_URL: pg.url, GATEHOUSE_MASTER_KEY: '55'.repeat(32) } : {}),
    };
    let server: GatehouseProcess | undefined;
    try {
      const port = await freePort();
      const start = async () => {
        server = spawnGatehouse(['start'], { dataDir: dir, env, name: `idem-${dialect}`, port });
        return waitServerReady(server, dir);
      };
      let demo: DemoCredentials = await start();
      const pay = (key: string) =>
        fetch(`${server!.base}/payment-api/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey, 'idempotency-key': key },
          body: JSON.stringify({
            processingEntityId: demo.processingEntityId,
            transactionType: 'Sale',
            amount: 10,
            currency: 'EUR',
            paymentOption: { card: CARD },
            billingAddress: { zip: '10001' },
          }),
        }).then(async (r) => ({ status: r.status, text: await r.text() }));

      const answered = new Map<string, string>();
      const sent: string[] = [];
      let recovered = 0;
      for (let round = 0; round < ROUNDS && recovered === 0; round++) {
        let stop = false;
        let acks = 0;
        let killing: Promise<void> | undefined;
        const worker = async (w: number) => {
          for (let i = 0; !stop && i < 1000; i++) {
            const key = `r${round}-w${w}-${i}`;
            sent.push(key);
            const r = await pay(key).catch(() => undefined);
            if (!r || stop) return;
            if (r.status === 200) answered.set(key, r.text);
            if (++acks >= KILL_AFTER && !killing) {
              stop = true;
              killing = kill9(server!);
            }
          }
        };
        await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        await killing;
        demo = await start();
        // every key sent so far, again: a final answer each, never Still Processing
        for (const key of sent) {
          const r = await pay(key);
          expect(r.status, `${key}: ${r.text}`).toBe(200);
          const first = answered.get(key);
          // the same answer (a REST replay sends the stored JSON, its members in the order they were stored)
          if (first !== undefined) expect(JSON.parse(r.text)).toEqual(JSON.parse(first));
          else answered.set(key, r.text);
          if (first === undefined && r.text.includes('recovered')) recovered++;
        }
      }
      // at least one payment was caught between its two writes and replayed as recovered
      expect(recovered).toBeGreaterThan(0);
    } finally {
      if (server && running(server)) await kill9(server);
      await pg?.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
