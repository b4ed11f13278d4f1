import { CHECKSUM_FIELDS } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHECKSUM_FIELDS } from '../../security/catalogue-checksum.js';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/** The session interface answers HTTP 200 with its envelope to anything, and never leaks internals. */

const METHODS = Object.keys(CHECKSUM_FIELDS);
const ENVELOPE_KEYS = [
  'internalRequestId',
  'status',
  'errCode',
  'reason',
  'version',
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'userTokenId',
  'sessionToken',
  'merchantDetails',
];

function expectErrorEnvelope(r: { status: number; json: any; text: string }, errCode: number, reason?: RegExp): void {
  expect(r.status, r.text).toBe(200);
  expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode, version: '1.0' });
  expect(Number.isInteger(r.json.internalRequestId)).toBe(true);
  if (reason) expect(r.json.reason).toMatch(reason);
  expect(r.text).not.toMatch(/stack|at .*\.(ts|js):\d+|node_modules/);
}

describe.each(dialects())('session interface on the wire, on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const post = (path: string, raw: string | undefined, headers: Record<string, string> = {}) =>
    gw.request('POST', path, { headers, ...(raw === undefined ? {} : { raw }) });

  it.each(METHODS)('%s: malformed JSON is an ERROR envelope (1066), HTTP 200', async (m) => {
    const r = await post(`/ppp/api/v1/${m}.do`, '{"merchantId":', { 'content-type': 'application/json' });
    expectErrorEnvelope(r, 1066, /^Malformed JSON$/);
  });

  it.each([
    ['text/plain', 'merchantId=1'],
    ['application/x-www-form-urlencoded', 'merchantId=1&merchantSiteId=2'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/xml', '<a/>'],
  ])('a %s body is refused: Content-Type must be application/json', async (type, raw) => {
    const r = await post('/ppp/api/v1/openOrder.do', raw, { 'content-type': type });
    expectErrorEnvelope(r, 1066, /Content-Type must be application\/json/);
  });

  it('a body over 1 MiB is an ERROR envelope, HTTP 200', async () => {
    const raw = JSON.stringify({ merchantId: gw.demo.merchantId, customData: 'x'.repeat(1024 * 1024) });
    const r = await post('/ppp/api/v1/openOrder.do', raw, { 'content-type': 'application/json' });
    expectErrorEnvelope(r, 1066, /too large \(limit 1 MiB\)/);
  });

  it.each([
    ['an empty JSON body', '', { 'content-type': 'application/json' }, /must not be empty/],
    ['no body at all', undefined, {}, /must be a JSON object/],
    ['JSON null', 'null', { 'content-type': 'application/json' }, /must be a JSON object/],
    ['a JSON array', '[1,2]', { 'content-type': 'application/json' }, /must be a JSON object/],
    ['a JSON string', '"openOrder"', { 'content-type': 'application/json' }, /must be a JSON object/],
  ])('%s is an ERROR envelope', async (_name, raw, headers, reason) => {
    expectErrorEnvelope(await post('/ppp/api/v1/openOrder.do', raw, headers), 1066, reason);
  });

  it.each(['unknownMethod.do', 'openorder.do', 'openorder', 'withdrawal/submitRequest.do', ''])(
    'an unknown method name under /ppp/api/v1/ (%s) is an ERROR envelope, not a 404 page',
    async (name) => {
      const r = await s.call(name.replace(/\.do$/, ''), {});
      const direct = await gw.request('POST', `/ppp/api/v1/${name}`, { body: {} });
      for (const res of name.endsWith('.do') ? [r, direct] : [direct]) {
        expectErrorEnvelope(res, 1066, /^Unknown method: /);
      }
    },
  );

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s on a known method is an ERROR envelope naming POST', async (verb) => {
    const r = await gw.request(verb, '/ppp/api/v1/openOrder.do');
    expectErrorEnvelope(r, 1066, /openOrder\.do accepts POST only/);
  });

  it('answers only envelope members: response schemas are allow-lists', async () => {
    const o = await s.openOrder({ merchantDetails: { customField1: 'a', customField15: 'z' }, isPartialApproval: '1' });
    expect(Object.keys(o.json).sort()).toEqual(
      [
        ...ENVELOPE_KEYS.filter((k) => !['clientRequestId', 'userTokenId'].includes(k)),
        'orderId',
        'partialApproval',
      ].sort(),
    );
    const err = await s.send('openOrder', { clientUniqueId: 'x', amount: 'one', currency: 'EUR', notAField: 1 });
    expect(Object.keys(err.json).every((k) => ENVELOPE_KEYS.includes(k))).toBe(true);
  });

  it('echoes the request identifiers in error envelopes too', async () => {
    const r = await s.send('openOrder', {
      clientUniqueId: 'cu-1',
      clientRequestId: 'cr-1',
      userTokenId: 'ut-1',
      amount: 'ten',
      currency: 'EUR',
      merchantDetails: { customField3: 'three' },
    });
    expect(r.json).toMatchObject({
      status: 'ERROR',
      errCode: 1040,
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      clientUniqueId: 'cu-1',
      clientRequestId: 'cr-1',
      userTokenId: 'ut-1',
      merchantDetails: { customField3: 'three' },
    });
  });

  it('never answers 500, whatever the members hold', async () => {
    const hostile: unknown[] = [
      { merchantId: { $gt: '' }, merchantSiteId: [], timeStamp: 1, checksum: null },
      { merchantId: 'a\u0000b', merchantSiteId: gw.demo.merchantSiteId },
      { merchantId: gw.demo.merchantId, merchantSiteId: gw.demo.merchantSiteId, timeStamp: '99999999999999' },
      { sessionToken: 'x'.repeat(36) },
      { sessionToken: '\u0000'.repeat(36) },
      { sessionToken: 12 },
      { sessionToken: null },
      { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
    ];
    let deep: unknown = 'leaf';
    for (let i = 0; i < 2000; i++) deep = [deep];
    hostile.push({ merchantId: gw.demo.merchantId, deep });
    for (const m of METHODS) {
      for (const body of hostile) {
        const r = await s.call(m, body);
        expect(r.status, `${m} ${r.text}`).toBe(200);
        expect(r.json?.status, `${m} ${r.text}`).toBe('ERROR');
        expect(r.json.errCode, `${m} ${r.text}`).not.toBe(1000);
      }
      // A signed body with U+0000 and deep nesting reaches validation: 1019.
      const signed = s.signed(m as never, {
        clientUniqueId: 'u',
        sessionToken: '0'.repeat(35) + '\u0000',
        amount: '1',
        currency: 'EUR',
      });
      const r = await s.call(m, signed);
      expect(r.status).toBe(200);
      expect(r.json.status).toBe('ERROR');
    }
    expect(gw.rawLog()).not.toMatch(/"level":50/);
  });

  it('never writes the merchant secret key or checksums to the log', async () => {
    const sent = [
      s.signed('openOrder', { clientUniqueId: 'x', amount: '1.00', currency: 'EUR' }),
      s.signed('getSessionToken', {}),
      s.signed('openOrder', { clientUniqueId: 'x', amount: 'bad', currency: 'EUR' }),
    ];
    for (const body of sent) await s.call(body.amount ? 'openOrder' : 'getSessionToken', body);
    await s.call('openOrder', { ...sent[0], checksum: 'ab'.repeat(32) });
    const log = gw.rawLog();
    expect(log).toContain('/ppp/api/v1/openOrder.do');
    expect(log).not.toContain(gw.demo.merchantSecretKey);
    for (const body of sent) expect(log).not.toContain(String(body.checksum));
  });

  it('documents every session method in the OpenAPI description, and not the catch-all route', async () => {
    const r = await gw.request('GET', '/openapi.json');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.json.paths).filter((p) => p.startsWith('/ppp/api/v1/'));
    const catalogue = Object.keys(CATALOGUE_CHECKSUM_FIELDS);
    // beside the catalogue table: the unsigned and [BODY]-signed calls of server facts 2.9 / 2.10
    const accountsAndLookups = [
      'accountCapture',
      'addBankAccount',
      'enrollAccount',
      'fundAccount',
      'getAccountDetails',
      'getMcpRates',
      'getDocumentUrl',
    ];
    expect(paths.sort()).toEqual(
      [...METHODS, ...catalogue, ...accountsAndLookups].map((m) => `/ppp/api/v1/${m}.do`).sort(),
    );
    expect(r.json.paths['/ppp/api/v1/openOrder.do'].post.tags).toEqual(['session']);
  });

  it('binds internalRequestId and clientRequestId to the request log line', async () => {
    const r = await s.send('getSessionToken', { clientRequestId: 'log-me-1' });
    const line = gw.logs.find((l) => l.internalRequestId === r.json.internalRequestId && l.msg === 'request');
    expect(line).toMatchObject({ clientRequestId: 'log-me-1', status: 200, path: '/ppp/api/v1/getSessionToken.do' });
  });
});
