import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { dialects, freshPgSchema } from './dialects.js';
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

/**
 * Several nodes on one PostgreSQL database, as operators run them: two separate `gatehouse start`
 * processes (two hosts), and `--cluster 2` on one host. Racing requests sent to both nodes behave as on
 * one; a node killed with SIGKILL under load loses nothing it acknowledged.
 */
const KEY = '44'.repeat(32);

describe.runIf(dialects().includes('postgres'))('several nodes on one PostgreSQL database', () => {
  let pg: Awaited<ReturnType<typeof freshPgSchema>>;
  let dirA: string;
  let dirB: string;
  let a: GatehouseProcess;
  let b: GatehouseProcess;
  let demo: DemoCredentials;
  const env = () => ({ DATABASE_URL: pg.url, GATEHOUSE_MASTER_KEY: KEY });

  beforeAll(async () => {
    pg = await freshPgSchema();
    dirA = await mkdtemp(join(tmpdir(), 'gatehouse-node-a-'));
    dirB = await mkdtemp(join(tmpdir(), 'gatehouse-node-b-'));
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

  const order = (base: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey, ...headers },
      body: JSON.stringify({
        processingEntityId: demo.processingEntityId,
        amount: 10,
        currency: 'EUR',
        permittedOperations: ['payments'],
      }),
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));

  it('answers racing retries with one idempotency key on both nodes with one order', async () => {
    const headers = { 'idempotency-key': 'race-' + Math.random().toString(36).slice(2) };
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => order(i % 2 ? a.base : b.base, headers)));
    const created = rs.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.json.sessionId)).size).toBe(1);
    // the others were told to retry (still processing), never given a second order
    expect(rs.every((r) => r.status === 201 || (r.status === 409 && r.json.result.errors.code === '5300.1003'))).toBe(
      true,
    );
  });

  it('loses nothing a node acknowledged when it is killed with SIGKILL under load', async () => {
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    const load = Array.from({ length: 60 }, async () => {
      const r = await order(a.base).catch(() => undefined);
      if (r?.status === 201) acknowledged.push(r.json.sessionId);
      if (acknowledged.length >= 10 && !killed) killed = kill9(a);
    });
    await Promise.all(load);
    await (killed ?? kill9(a));
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    for (const sessionId of acknowledged) {
      const r = await fetch(`${b.base}/orders/status?sessionId=${sessionId}`, {
        headers: { 'x-api-key': demo.apiKey },
      });
      expect(r.status, sessionId).toBe(200);
    }
  });

  it('serves from N workers with `start --cluster 2`', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-cluster-'));
    const c = spawnGatehouse(['start', '--cluster', '2', '--no-demo'], {
      dataDir: dir,
      env: env(),
      name: 'cluster',
      port: await freePort(),
    });
    try {
      await waitServerReady(c, dirA);
      const rs = await Promise.all(Array.from({ length: 10 }, () => order(c.base)));
      expect(rs.every((r) => r.status === 201)).toBe(true);
      // each worker prints its line once it listens; the first may serve before the second has printed
      const listening = () => c.log().match(/Gatehouse listening on/g)?.length ?? 0;
      await until(
        () => listening() >= 2,
        () => c.log(),
      );
      expect(listening()).toBe(2);
      expect(await terminate(c)).toMatchObject({ code: 0 });
    } finally {
      if (running(c)) await kill9(c);
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
