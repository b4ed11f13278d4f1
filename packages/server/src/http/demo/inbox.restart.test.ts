import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  running,
  spawnGatehouse,
  terminate,
  until,
  waitServerReady,
} from '../../../test/gatehouse-process.js';
import { wireCard } from '../../../test/payment-cards.js';
import type { InboxEntry } from './inbox.js';

/**
 * The sandbox inbox across a real restart (docs/decisions/0951): the compiled server is stopped and
 * started again on the same data folder (on another port), and the inbox shows what it had received,
 * read back from the delivery log, without a second copy of what arrives afterwards.
 */

const TIMEOUT = 120_000;

describe('sandbox inbox across a restart', () => {
  const procs: GatehouseProcess[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const p of procs) if (running(p)) await kill9(p);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (name: string) => {
    const p = spawnGatehouse(['start'], { dataDir, env: {}, name, port: await freePort() });
    procs.push(p);
    return { p, creds: await waitServerReady(p, dataDir) };
  };
  const inbox = async (base: string) =>
    ((await (await fetch(`${base}/demo/inbox.json`)).json()) as { notifications: InboxEntry[] }).notifications;
  const pay = async (base: string, creds: { apiKey: string; processingEntityId: string }) => {
    const res = await fetch(`${base}/payment-api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': creds.apiKey },
      body: JSON.stringify({
        processingEntityId: creds.processingEntityId,
        currency: 'EUR',
        amount: 10,
        transactionType: 'Sale',
        paymentOption: { card: wireCard('4111111111111111') },
        billingAddress: { zip: '10001' },
      }),
    });
    const answer: unknown = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
  };

  it('shows the notifications received before the restart, from the delivery log', { timeout: TIMEOUT }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gh-inbox-'));
    const a = await start('a');
    await pay(a.p.base, a.creds);
    await until(
      async () => (await inbox(a.p.base)).some((e) => e.kind === 'webhook' && e.verified),
      () => a.p.log().slice(-2000),
    );
    const before = await inbox(a.p.base);
    expect(await terminate(a.p)).toEqual({ code: 0, signal: null });

    const b = await start('b');
    expect(b.p.base).not.toBe(a.p.base);
    const after = await inbox(b.p.base);
    const key = (e: InboxEntry) => `${e.kind} ${e.id}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    for (const e of after) {
      const was = before.find((x) => key(x) === key(e))!;
      // a DMN's checksum is added as it is sent: the log keeps the fields it covers, not the checksum
      const { advanceResponseChecksum: _sent, ...fields } = was.body as Record<string, string>;
      expect(e).toMatchObject({
        kind: was.kind,
        event: was.event,
        verified: was.verified,
        body: was.kind === 'dmn' ? fields : was.body,
        restored: true,
      });
    }
    const page = await (await fetch(`${b.p.base}/demo/inbox`)).text();
    expect(page).toContain('from the delivery log');

    // what arrives now is added once, above what was restored
    await pay(b.p.base, b.creds);
    await until(
      async () => (await inbox(b.p.base)).filter((e) => !e.restored && e.kind === 'webhook').length >= 1,
      () => b.p.log().slice(-2000),
    );
    const now = await inbox(b.p.base);
    expect(new Set(now.map(key)).size).toBe(now.length);
    expect(now[0]!.restored).toBeUndefined();
    expect(await terminate(b.p)).toEqual({ code: 0, signal: null });
  });
});
