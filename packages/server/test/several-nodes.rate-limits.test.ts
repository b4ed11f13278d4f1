import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { BURST_WINDOWS } from '../src/http/rate-limit/window-counter.js';
import { dialects, freshPgSchema } from './dialects.js';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  pause,
  running,
  spawnGatehouse,
  until,
  waitServerReady,
} from './gatehouse-process.js';

/**
 * Rate limits on two nodes of one PostgreSQL database (docs/decisions/0808):
 * requests split across the nodes are limited on their sum, as on one node. Each node alone stays
 * under the limit, so a refusal proves the counts are shared. No timing is asserted: a check that a
 * window boundary or the sharing interval spoils is tried again, within a generous number of tries.
 */
const KEY = '55'.repeat(32);
const PER_SECOND = 20;
const FAILURES = 6;

describe.runIf(dialects().includes('postgres'))('rate limits on two nodes of one PostgreSQL database', () => {
  let pg: Awaited<ReturnType<typeof freshPgSchema>>;
  let dirA: string;
  let dirB: string;
  let a: GatehouseProcess;
  let b: GatehouseProcess;
  let demo: DemoCredentials;
  const env = () => ({
    DATABASE_URL: pg.url,
    GATEHOUSE_MASTER_KEY: KEY,
    GATEHOUSE_RATE_LIMIT: String(PER_SECOND),
    GATEHOUSE_AUTH_FAILURE_LIMIT: String(FAILURES),
    // the test stands in for the balancer: each check is its own client address
    GATEHOUSE_TRUST_PROXY: 'loopback',
  });

  beforeAll(async () => {
    pg = await freshPgSchema();
    dirA = await mkdtemp(join(tmpdir(), 'gatehouse-limits-a-'));
    dirB = await mkdtemp(join(tmpdir(), 'gatehouse-limits-b-'));
    a = spawnGatehouse(['start'], { dataDir: dirA, env: env(), name: 'a', port: await freePort() });
    demo = await waitServerReady(a, dirA);
    b = spawnGatehouse(['start', '--no-demo'], { dataDir: dirB, env: env(), name: 'b', port: await freePort() });
    await waitServerReady(b, dirA);
  }, 180_000);
  afterAll(async () => {
    for (const p of [a, b]) if (p && running(p)) await kill9(p);
    await pg?.drop();
    await rm(dirA, { recursive: true, force: true });
    await rm(dirB, { recursive: true, force: true });
  });

  const status = (base: string, apiKey: string, from: string) =>
    fetch(`${base}/orders/status?sessionId=00000000-0000-4000-8000-000000000000`, {
      headers: { 'x-api-key': apiKey, 'x-forwarded-for': from },
    }).then(async (r) => ({
      status: r.status,
      json: (await r.json()) as any,
      retryAfter: r.headers.get('retry-after'),
    }));
  let client = 0;
  const freshAddress = () => `198.51.100.${++client}`;
  /** a fresh one-second window of the API key's limit, so that one check's requests never count in another's */
  const nextSecond = () => pause(1000 - (Date.now() % 1000) + 20);

  it('refuses an API key over GATEHOUSE_RATE_LIMIT summed over both nodes, though neither node reached it', async () => {
    // A quiet key may burst BURST_WINDOWS limits in one window (docs/decisions/0815): node A takes
    // nearly that, node B no more than a window's refill, so B alone never drains the key's bucket and a
    // refusal on B can only come from A's counts. B paces its requests over a few sharing intervals
    // (~100 ms); a window ending in between only costs another attempt.
    const burst = BURST_WINDOWS * PER_SECOND - 5;
    let refused: Awaited<ReturnType<typeof status>> | undefined;
    for (let attempt = 0; attempt < 10 && !refused; attempt++) {
      await nextSecond();
      const onA = await Promise.all(Array.from({ length: burst }, () => status(a.base, demo.apiKey, freshAddress())));
      expect(onA.every((r) => r.status === 404 || r.status === 429)).toBe(true);
      for (let i = 0; i < PER_SECOND - 5 && !refused; i++) {
        await pause(50);
        const r = await status(b.base, demo.apiKey, freshAddress());
        expect([404, 429]).toContain(r.status);
        if (r.status === 429) refused = r;
      }
    }
    expect(refused?.json).toEqual({
      result: { status: 'error', errors: { code: '7300.4290', reason: 'Too many requests' } },
    });
    expect(Number(refused?.retryAfter)).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('refuses an address whose failed authentications on both nodes reach the limit, on either node, even with a right key', async () => {
    let refusedOnA = false;
    for (let attempt = 0; attempt < 3 && !refusedOnA; attempt++) {
      await nextSecond();
      const from = freshAddress();
      // half the failures on each node: neither node alone reaches the limit
      for (const node of [a, b]) {
        for (let i = 0; i < FAILURES / 2; i++) expect((await status(node.base, 'ghk_wrong', from)).status).toBe(401);
      }
      // node A counted only half; it refuses once it learns the other half (a minute ending restarts the attempt)
      await until(
        async () => (refusedOnA = (await status(a.base, demo.apiKey, from)).status === 429),
        () => 'node A never refused the address',
        150, // 15 s of sharing intervals on a slow machine; three attempts stay within the test's time
      ).catch(() => undefined);
    }
    expect(refusedOnA).toBe(true);
    // another address is served
    await nextSecond();
    expect((await status(a.base, demo.apiKey, freshAddress())).status).toBe(404);
  }, 120_000);
});
