import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino, { stdSerializers } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../test/harness.js';
import { dialects } from '../../test/dialects.js';
import { sessionClient } from '../../test/session-client.js';
import { manualClock } from '../lib/clock.js';
import { Secret } from '../lib/secret.js';
import { isoTime, loggerOptions, skipRedactionOfScalars, stdoutLog } from './logging.js';

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

  it('tags each session call with its own internalRequestId and clientRequestId, and no other request', async () => {
    const client = sessionClient(gw);
    const [a, b] = await Promise.all([
      client.openOrder({ clientRequestId: 'log-a' }),
      client.openOrder({ clientRequestId: 'log-b' }),
    ]);
    await send('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) });
    const lines = requestLines();
    const byCrid = (crid: string) => lines.filter((l) => l.clientRequestId === crid);
    expect(byCrid('log-a')).toHaveLength(1);
    expect(byCrid('log-b')).toHaveLength(1);
    expect(byCrid('log-a')[0]!.internalRequestId).toBe(a.json.internalRequestId);
    expect(byCrid('log-b')[0]!.internalRequestId).toBe(b.json.internalRequestId);
    // the server's own logger and later requests carry none of them
    const status = lines.filter((l) => String(l.path).startsWith('/orders/status')).at(-1)!;
    expect(status).not.toHaveProperty('clientRequestId');
    expect(status).not.toHaveProperty('internalRequestId');
  });
});

describe('redaction with scalars serialised directly', () => {
  /** Two loggers with the app's options and one fixed time: pino's redaction alone, and with scalars first. */
  function loggers() {
    const reference: string[] = [];
    const fast: string[] = [];
    const options = { ...loggerOptions('trace'), timestamp: () => ',"time":"2026-11-22T04:06:43.591Z"' };
    const serializers = { err: stdSerializers.err };
    const ref = pino({ ...options, serializers }, { write: (line: string) => void reference.push(line) });
    const sub = pino({ ...options, serializers }, { write: (line: string) => void fast.push(line) });
    return { ref, sub, reference, fast, applied: skipRedactionOfScalars(sub) };
  }

  const surrogate = '\ud800';
  const secretError = Object.assign(new Error('boom "quoted"'), { apiKey: 'err-key', code: 'E1', sessionId: 7 });
  const lines: Array<[string, Record<string, unknown> | string, ...unknown[]]> = [
    ['the request line', { method: 'POST', path: '/orders/status?sessionId=…', status: 201, ms: 1.23 }, 'request'],
    [
      'credentials under any top-level key',
      { merchant: { apiKey: 'k1', name: 'm', secret: 's1' }, body: { cvv: '123', CVV: '456' } },
      'x',
    ],
    [
      'credential keys at the top level (pino leaves those)',
      { apiKey: 'top-key', sessionId: 'sid', password: 'pw' },
      'x',
    ],
    ['credentials deeper than one level (pino leaves those)', { a: { b: { apiKey: 'deep' } } }, 'x'],
    [
      'arrays, dates and secrets',
      { list: [{ apiKey: 'in-array' }, 1, 'two'], at: new Date(0), key: new Secret('s3cr3t') },
      'x',
    ],
    [
      'request headers',
      { req: { headers: { 'x-api-key': 'hk', authorization: 'Bearer t', cookie: 'c', accept: '*/*' }, apiKey: 'rk' } },
      'x',
    ],
    ['an error with credential properties', { err: secretError, relay: 'host:1:abc' }, 'unexpected error'],
    ['an error as the object', secretError as unknown as Record<string, unknown>, 'failed'],
    [
      'strings JSON escapes',
      { a: `x${surrogate}`, b: 'q"\\\u0001\n', c: `${'long '.repeat(10)}${surrogate}`, d: '✓ …' },
      `m${surrogate}`,
    ],
    ['numbers and booleans', { n: Number.NaN, i: Infinity, z: -0, e: 1e21, f: 0.1, t: true, no: false }, 'x'],
    [
      'null, undefined, functions, symbols and bigints',
      { u: undefined, nul: null, fn: () => 1, s: Symbol('s'), big: 10n },
      'x',
    ],
    ['an object whose prototype has the key', { holder: Object.create({ apiKey: 'inherited' }) as object }, 'x'],
    ['an own key holding undefined', { holder: { apiKey: undefined, checksum: 'c' } }, 'x'],
    ['a message only', 'just a message'],
    ['interpolation', 'value %j and %s', { apiKey: 'fmt-key', ok: 1 }, 'str'],
    [
      'a circular object',
      (() => {
        const o: Record<string, unknown> = { apiKey: 'circ' };
        o.self = o;
        return { o };
      })(),
      'x',
    ],
  ];

  it('is in place with the pino this package uses', () => {
    expect(loggers().applied).toBe(true);
  });

  it.each(lines)('writes %s exactly as pino’s redaction does', (_name, first, ...rest) => {
    const { ref, sub, reference, fast } = loggers();
    for (const level of ['info', 'error'] as const) {
      (ref[level] as (...args: unknown[]) => void)(first, ...rest);
      (sub[level] as (...args: unknown[]) => void)(first, ...rest);
    }
    expect(fast).toEqual(reference);
    expect(fast).toHaveLength(2);
  });

  it('writes child bindings exactly as pino’s redaction does', () => {
    const { ref, sub, reference, fast } = loggers();
    const bindings = [
      { reqId: 'req_2Xb9abcdefghijklmnopqrst' },
      { internalRequestId: 123456789012345, clientRequestId: `c${surrogate}` },
      { merchant: { apiKey: 'bound-key', id: 1 }, flag: true },
    ];
    for (const b of bindings) {
      ref.child(b).child({ siteId: '42' }).info({ status: 200 }, 'request');
      sub.child(b).child({ siteId: '42' }).info({ status: 200 }, 'request');
    }
    expect(fast).toEqual(reference);
    expect(fast.join('')).not.toContain('bound-key');
  });

  it('still censors credentials under any top-level key', () => {
    const { sub, fast } = loggers();
    sub.info({ merchant: { apiKey: 'k1', merchantSecretKey: 'm1' }, err: secretError }, 'x');
    const line = JSON.parse(fast[0]!) as { merchant: Record<string, unknown>; err: Record<string, unknown> };
    expect(line.merchant).toEqual({ apiKey: '[redacted]', merchantSecretKey: '[redacted]' });
    expect(line.err).toMatchObject({ apiKey: '[redacted]', sessionId: '[redacted]', code: 'E1' });
  });
});

describe('the log time', () => {
  it('is pino’s isoTime, text for text, as the clock moves on, jumps and goes back', () => {
    const clock = manualClock(Date.UTC(2026, 10, 22, 4, 6, 43, 0));
    const time = isoTime(clock);
    const steps = [0, 1, 8, 1, 90, 899, 1, 1, 998, 1000, -1, -1000, 86_400_000, -5_000_000, 123_456_789_012];
    for (const step of steps) {
      clock.advance(step);
      expect(time()).toBe(`,"time":"${new Date(clock.now()).toISOString()}"`);
    }
    for (const ms of [
      0,
      1,
      999,
      1000,
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 0, 1),
      253402300799999,
    ]) {
      clock.set(ms);
      expect(time()).toBe(`,"time":"${new Date(ms).toISOString()}"`);
    }
  });

  it('is what the app’s logger writes', () => {
    const options = loggerOptions('info');
    expect(typeof options.timestamp).toBe('function');
    const written = (options.timestamp as () => string)();
    expect(written).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });
});

describe('the log destination', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-log-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  /** Ends the stream once everything written so far is in the file. */
  const closed = (out: ReturnType<typeof stdoutLog>) =>
    new Promise<void>((resolve) => {
      out.once('close', () => resolve());
      out.end();
    });

  it('writes every line byte for byte as UTF-8, in order, across chunks of 4 KiB', async () => {
    const file = join(dir, 'out.log');
    const out = stdoutLog(file);
    const lines = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `{"n":${i},"path":"/orders/status?sessionId=…"}\n`
        : i % 3 === 1
          ? `{"n":${i},"name":"Zoë ✓ 💳 ${'x'.repeat(i)}"}\n`
          : `{"n":${i},"path":"/orders"}\n`,
    );
    for (const line of lines) out.write(line);
    await closed(out);
    expect(await readFile(file, 'utf8')).toBe(lines.join(''));
  });

  it('is what a pino logger with the app’s options writes through', async () => {
    const file = join(dir, 'pino.log');
    const out = stdoutLog(file);
    const log = pino(loggerOptions('info'), out);
    log.info({ path: '/orders/status?sessionId=…', status: 200 }, 'request');
    await closed(out);
    const line = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(line).toMatchObject({
      path: '/orders/status?sessionId=…',
      status: 200,
      msg: 'request',
      service: 'gatehouse',
    });
  });
});
