import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type DialectName } from '../../../test/dialects.js';
import { until } from '../../../test/gatehouse-process.js';
import { sessionClient } from '../../../test/session-client.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';
import { WindowCounter } from './window-counter.js';

describe('WindowCounter', () => {
  it('counts per key within a window and starts over in the next', () => {
    let t = 0;
    const c = new WindowCounter(2, 1000, () => t);
    expect([c.hit('a'), c.hit('a'), c.hit('b')]).toEqual([0, 0, 0]);
    t = 250;
    expect(c.hit('a')).toBe(750);
    expect(c.waitFor('a')).toBe(750);
    t = 1000;
    expect(c.waitFor('a')).toBe(0);
    expect(c.hit('a')).toBe(0);
  });

  it('hands over its new counts and adds what other nodes counted, within the window only', () => {
    let t = 5000;
    const c = new WindowCounter(5, 1000, () => t);
    c.hit('a');
    c.hit('a');
    expect(c.drain()).toEqual({ windowStart: 5000, counts: [['a', 2]] });
    expect(c.drain()).toEqual({ windowStart: 5000, counts: [] });
    c.learn(5000, 'a', 4); // 2 of ours + 2 counted elsewhere
    expect(c.waitFor('a')).toBe(0);
    expect(c.hit('a')).toBe(0); // 3 + 2
    expect(c.waitFor('a')).toBe(1000); // at the limit
    expect(c.hit('a')).toBe(1000); // 4 + 2 > 5
    // a batch that did not reach the store is handed over again
    const lost = c.drain();
    expect(lost.counts).toEqual([['a', 2]]);
    c.undrain(lost.windowStart, lost.counts);
    expect(c.drain().counts).toEqual([['a', 2]]);
    // an answer about a past window is ignored, and the next window starts from nothing
    t = 6000;
    c.learn(5000, 'a', 100);
    expect(c.hit('a')).toBe(0);
  });

  it('with carryOver, a key has a bucket of three limits, refilled by the limit each window', () => {
    let t = 0;
    const c = new WindowCounter(3, 1000, () => t, true);
    const hits = (n: number) => Array.from({ length: n }, () => c.hit('a'));
    // a quiet key: a full bucket, three times the limit
    expect(hits(9)).toEqual(Array(9).fill(0));
    expect(c.hit('a')).toBe(1000);
    // emptied: the next window has the limit only
    t = 1000;
    expect(hits(3)).toEqual([0, 0, 0]);
    expect(c.waitFor('a')).toBe(1000);
    expect(c.hit('a')).toBe(1000);
    // a window of 1 leaves 2, and the next window adds the limit to them
    t = 2000;
    expect(hits(1)).toEqual([0]);
    t = 3000;
    expect(hits(5)).toEqual([0, 0, 0, 0, 0]);
    expect(c.hit('a')).toBe(1000);
    // a key unseen for a window gets that window's limit back, not a full bucket
    t = 5000;
    expect(hits(6)).toEqual(Array(6).fill(0));
    expect(c.hit('a')).toBe(1000);
    // long quiet: full again, up to the capacity only; other keys are not affected
    t = 20_000;
    expect(hits(9).every((w) => w === 0)).toBe(true);
    expect(c.hit('a')).toBe(1000);
    expect(c.hit('b')).toBe(0);
  });

  it('with carryOver, a key that keeps sending gets the limit per window, plus one bucket over any stretch', () => {
    let t = 0;
    const c = new WindowCounter(10, 1000, () => t, true);
    let served = 0;
    for (let w = 0; w < 20; w++) {
      t = w * 1000 + 1;
      for (let i = 0; i < 25; i++) if (c.hit('k') === 0) served++;
    }
    expect(served).toBe(30 + 19 * 10);
  });

  it('without carryOver (the failed-authentication limit) a quiet key has the limit only', () => {
    const c = new WindowCounter(2, 60_000, () => 0);
    expect([c.hit('x'), c.hit('x'), c.hit('x') > 0]).toEqual([0, 0, true]);
  });
});

// Limits are per window of the server's monotonic time: many requests at once are what crosses them.
const burst = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));

describe.each(dialects())('rate limits through the real server on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sessionId: string;
  let sessionToken: string;
  beforeAll(async () => {
    gw = await startGateway({ dialect, env: { GATEHOUSE_RATE_LIMIT: '5', GATEHOUSE_AUTH_FAILURE_LIMIT: '4' } });
    sessionToken = (await sessionClient(gw).openOrder()).sessionToken;
    sessionId = (await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) })).json.sessionId;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('answers an API key over GATEHOUSE_RATE_LIMIT 429 7300.4290 with Retry-After', async () => {
    const rs = await burst(40, () =>
      gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) }),
    );
    const limited = rs.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(rs.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(limited[0]!.json).toEqual({
      result: { status: 'error', errors: { code: '7300.4290', reason: 'Too many requests' } },
    });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('limits the site of checksum-signed session calls with the envelope, errCode 1090', async () => {
    const client = sessionClient(gw);
    const rs = await burst(40, () => client.send('getSessionToken', {}));
    const limited = rs.filter((r) => r.json?.errCode === 1090);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.status).toBe(200);
    expect(limited[0]!.json).toMatchObject({ status: 'ERROR', errCode: 1090, reason: 'Too many requests' });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(rs.some((r) => r.json?.status === 'SUCCESS')).toBe(true);
  });

  it('limits a session token on the client API', async () => {
    const rs = await burst(40, () => gw.request('POST', '/client/v1/getApms', { body: { sessionToken } }));
    expect(rs.some((r) => r.json?.errCode === 1090)).toBe(true);
  });

  it('refuses an address after GATEHOUSE_AUTH_FAILURE_LIMIT failed authentications, even with a right key', async () => {
    let first429: Awaited<ReturnType<Gateway['request']>> | undefined;
    for (let i = 0; i < 20 && !first429; i++) {
      const r = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, {
        headers: { 'x-api-key': 'ghk_wrong_' + i },
      });
      if (r.status === 429) first429 = r;
      else expect(r.status).toBe(401);
    }
    expect(first429?.json.result.errors.code).toBe('7300.4290');
    expect(Number(first429!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const right = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) });
    expect(right.status).toBe(429);
  });
});

describe.each(dialects())('GATEHOUSE_RATE_LIMIT=0 on %s', (dialect: DialectName) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, env: { GATEHOUSE_RATE_LIMIT: '0', GATEHOUSE_AUTH_FAILURE_LIMIT: '0' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('disables the limits', async () => {
    const bad = await burst(30, () =>
      gw.request('GET', '/orders/status?sessionId=x', { headers: { 'x-api-key': 'ghk_wrong' } }),
    );
    expect(bad.every((r) => r.status === 401)).toBe(true);
    const rs = await burst(30, () => gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) }));
    expect(rs.every((r) => r.status === 201)).toBe(true);
  });
});

const wrongKey = (gw: Gateway, from: string) =>
  gw.request('GET', '/orders/status?sessionId=x', { headers: { 'x-api-key': 'ghk_wrong', 'x-forwarded-for': from } });

describe.each(dialects())('GATEHOUSE_TRUST_PROXY on %s', (dialect: DialectName) => {
  const started: Gateway[] = [];
  const start = async (trust?: string) => {
    const env: Record<string, string> = { GATEHOUSE_AUTH_FAILURE_LIMIT: '3' };
    if (trust) env.GATEHOUSE_TRUST_PROXY = trust;
    const gw = await startGateway({ dialect, env });
    started.push(gw);
    return gw;
  };
  afterAll(async () => {
    for (const gw of started) await gw.close();
  });

  // Each check tolerates a minute ending in the middle (the failure window starts over): it counts
  // until the first refusal rather than expecting it at an exact request.
  const untilRefused = async (gw: Gateway, from: (i: number) => string) => {
    for (let i = 0; i < 12; i++) {
      const status = (await wrongKey(gw, from(i))).status;
      if (status === 429) return true;
      expect(status).toBe(401);
    }
    return false;
  };

  it('ignores a forged X-Forwarded-For by default: the failures of every "address" are the peer\'s', async () => {
    const gw = await start();
    expect(await untilRefused(gw, (i) => `203.0.113.${i}`)).toBe(true);
    expect(gw.logs.find((l) => l.msg === 'request')?.ip).toBe('127.0.0.1');
  });

  it('ignores it from a peer that is not a listed proxy', async () => {
    const gw = await start('10.0.0.0/8, 192.0.2.1');
    expect(await untilRefused(gw, (i) => `203.0.113.${i}`)).toBe(true);
  });

  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    const gw = await start('loopback');
    // different clients behind the balancer: none reaches the limit of 3
    expect(await untilRefused(gw, (i) => `203.0.113.${i}`)).toBe(false);
    // one client does, and only that client is refused
    expect(await untilRefused(gw, () => '198.51.100.7')).toBe(true);
    expect((await wrongKey(gw, '198.51.100.8')).status).toBe(401);
    expect(gw.logs.some((l) => l.msg === 'request' && l.ip === '198.51.100.7')).toBe(true);
  });

  it('refuses to start on a value that is not an address', async () => {
    await expect(start('10.0.0.0/8,balancer')).rejects.toThrow(/GATEHOUSE_TRUST_PROXY: "balancer"/);
  });
});

describe.runIf(dialects().includes('postgres'))('shared counts when the database does not answer them', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect: 'postgres', env: { GATEHOUSE_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it("fails open: requests are served on this node's counts, the failure is logged once, then the recovery", async () => {
    const warned = () => gw.logs.filter((l) => String(l.msg).includes('shared counts are unreachable')).length;
    await sql`ALTER TABLE rate_limit_windows RENAME TO rate_limit_windows_away`.execute(gw.rt.store.db);
    await until(
      async () => {
        const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) });
        expect(r.status).toBe(201);
        return warned() > 0;
      },
      () => 'no warning about the shared counts',
    );
    for (let i = 0; i < 5; i++) {
      expect((await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) })).status).toBe(201);
    }
    await sql`ALTER TABLE rate_limit_windows_away RENAME TO rate_limit_windows`.execute(gw.rt.store.db);
    await until(
      async () => {
        await gw.request('GET', '/orders/status?sessionId=x', { headers: apiKey(gw) });
        return gw.logs.some((l) => String(l.msg).includes('exchanged again'));
      },
      () => 'no recovery logged',
    );
    expect(warned()).toBe(1);
    // The exchange that logged the recovery may have had nothing to add: the counts of the failure are
    // dropped with their one-second window when it ends before the store is back. The requests after
    // the recovery reach the shared rows within an exchange or two.
    const shared = async () =>
      (await gw.rt.store.db.selectFrom('rate_limit_windows').select(['scope', 'count']).execute()).some(
        (r) => r.scope === 'r' && Number(r.count) > 0,
      );
    await until(
      async () => {
        await gw.request('GET', '/orders/status?sessionId=x', { headers: apiKey(gw) });
        return shared();
      },
      () => 'no request counted in the shared rows after the recovery',
    );
  });
});
