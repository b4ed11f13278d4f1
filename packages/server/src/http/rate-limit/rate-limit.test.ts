import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

// Limits are per window of the server's monotonic time: many requests at once are what crosses them.
const burst = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));

describe('rate limits through the real server', () => {
  let gw: Gateway;
  let sessionId: string;
  let sessionToken: string;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_RATE_LIMIT: '5', GATEHOUSE_AUTH_FAILURE_LIMIT: '4' } });
    sessionToken = (await sessionClient(gw).openOrder()).sessionToken;
    sessionId = (await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) })).json.sessionId;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('answers an API key over GATEHOUSE_RATE_LIMIT 429 7300.4290 with Retry-After', async () => {
    const rs = await burst(40, () => gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) }));
    const limited = rs.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(rs.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(limited[0]!.json).toEqual({ result: { status: 'error', errors: { code: '7300.4290', reason: 'Too many requests' } } });
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
      const r = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: { 'x-api-key': 'ghk_wrong_' + i } });
      if (r.status === 429) first429 = r;
      else expect(r.status).toBe(401);
    }
    expect(first429?.json.result.errors.code).toBe('7300.4290');
    expect(Number(first429!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const right = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) });
    expect(right.status).toBe(429);
  });
});

describe('GATEHOUSE_RATE_LIMIT=0', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_RATE_LIMIT: '0', GATEHOUSE_AUTH_FAILURE_LIMIT: '0' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('disables the limits', async () => {
    const bad = await burst(30, () => gw.request('GET', '/orders/status?sessionId=x', { headers: { 'x-api-key': 'ghk_wrong' } }));
    expect(bad.every((r) => r.status === 401)).toBe(true);
    const rs = await burst(30, () => gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) }));
    expect(rs.every((r) => r.status === 201)).toBe(true);
  });
});
