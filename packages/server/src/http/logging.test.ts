import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../test/harness.js';
import { dialects } from '../../test/dialects.js';

/**
 * The request log (STYLE.md 9): one structured `request` line per request, tagged with its request
 * id, and no credential anywhere in the log: not the API key, not a bearer token, not a sessionId
 * (a bearer credential for its order) sent in a query string.
 */

describe.each(dialects())('request logging on %s', (dialect) => {
  let gw: Gateway;
  /** every response the gateway gave in this suite */
  const responses: HttpResult[] = [];
  let sessionId: string;
  let accessToken: string;

  const send: Gateway['request'] = async (...args) => {
    const r = await gw.request(...args);
    responses.push(r);
    return r;
  };
  const requestLines = () => gw.logs.filter((l) => l.msg === 'request');

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    const key = apiKey(gw);
    const created = await send('POST', '/orders', {
      headers: key,
      body: validOrder(gw, { openAmount: { min: 1, max: 100 } }),
    });
    expect(created.status).toBe(201);
    sessionId = created.json.sessionId;
    const token = await send('POST', '/oauth2/token', { headers: key, body: { scope: 'payments' } });
    expect(token.status).toBe(200);
    accessToken = token.json.access_token;

    const bearer = { authorization: `Bearer ${accessToken}` };
    const exchanges: Array<[string, string, Parameters<Gateway['request']>[2], number]> = [
      ['POST', '/orders', { headers: bearer, body: validOrder(gw) }, 201],
      ['GET', `/orders/status?sessionId=${sessionId}`, { headers: key }, 200],
      ['PATCH', `/orders?sessionId=${sessionId}`, { headers: key, body: { amount: 50 } }, 200],
      ['GET', `/orders/status?sessionId=${sessionId}`, { headers: bearer }, 403],
      ['POST', '/orders', { headers: { authorization: `Bearer ${sessionId}` }, body: validOrder(gw) }, 403],
      ['POST', '/orders', { headers: { authorization: `Bearer ${accessToken}x` }, body: validOrder(gw) }, 401],
      [
        'GET',
        `/orders/status?sessionId=${sessionId}&merchantTransactionId=${encodeURIComponent(gw.demo.apiKey.slice(0, 45))}`,
        { headers: { 'x-api-key': `${gw.demo.apiKey}x` } },
        401,
      ],
      [
        'POST',
        '/orders',
        { headers: { ...key, 'content-type': 'application/json' }, raw: `{"sessionId":"${sessionId}",` },
        400,
      ],
      ['POST', '/orders', { headers: key, body: validOrder(gw, { currency: 'EURO', custom: { sessionId } }) }, 400],
      ['GET', `/no/such/path?sessionId=${sessionId}`, { headers: key }, 404],
    ];
    for (const [method, path, init, status] of exchanges) {
      const r = await send(method, path, init);
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(status);
    }
  });
  afterAll(async () => {
    await gw.close();
  });

  it('writes no API key, bearer token or sessionId anywhere in the log', () => {
    const log = gw.rawLog();
    expect(log.length).toBeGreaterThan(0);
    const apiKeySecret = gw.demo.apiKey.split('_').at(-1)!;
    const tokenSignature = accessToken.split('.').at(-1)!;
    for (const secret of [
      gw.demo.apiKey,
      apiKeySecret,
      accessToken,
      tokenSignature,
      sessionId,
      gw.demo.merchantSecretKey,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('writes exactly one request line per request, tagged with the id the response carries', () => {
    const lines = requestLines();
    expect(lines).toHaveLength(responses.length);
    for (const r of responses) {
      const reqId = r.headers.get('x-request-id');
      expect(reqId).toMatch(/^req_\w+$/);
      expect(lines.filter((l) => l.reqId === reqId)).toHaveLength(1);
    }
  });

  it('logs method, status and a path whose query values are hidden', () => {
    const status = requestLines().find((l) => l.method === 'GET' && l.status === 200);
    expect(status).toMatchObject({ path: '/orders/status?sessionId=…', reqId: expect.any(String), level: 30 });
  });

  it('echoes a caller’s x-request-id and logs the request under it', async () => {
    const r = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, {
      headers: { ...apiKey(gw), 'x-request-id': 'trace-4711.a:b' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('trace-4711.a:b');
    expect(requestLines().filter((l) => l.reqId === 'trace-4711.a:b')).toMatchObject([{ status: 200, method: 'GET' }]);
  });

  describe('an x-request-id that is not a short printable token', () => {
    const unsafe = `x${'y'.repeat(80)}`;
    let r: HttpResult;
    beforeAll(async () => {
      r = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, {
        headers: { ...apiKey(gw), 'x-request-id': unsafe },
      });
    });

    it('is replaced by a generated id in the response', () => {
      expect(r.headers.get('x-request-id')).toMatch(/^req_\w+$/);
    });

    it('is replaced in the log too, which never holds the caller’s value', () => {
      expect(gw.rawLog()).not.toContain(unsafe);
      expect(requestLines().filter((l) => l.reqId === r.headers.get('x-request-id'))).toHaveLength(1);
    });
  });
});
