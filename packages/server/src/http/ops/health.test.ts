import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';

describe.each(dialects())('operations endpoints on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('reports the store reachable on /health', async () => {
    const r = await gw.request('GET', '/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: 'ok', store: 'up', dialect });
  });

  it('serves an OpenAPI 3.1 document describing the REST routes', async () => {
    const r = await gw.request('GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe('3.1.0');
    expect(Object.keys(r.json.paths)).toEqual(
      expect.arrayContaining(['/orders', '/orders/status', '/oauth2/token', '/health']),
    );
    const create = r.json.paths['/orders'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['processingEntityId', 'amount', 'currency', 'permittedOperations']),
    );
  });

  it('serves the reference UI at /docs', async () => {
    const r = await gw.request('GET', '/docs/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
  });

  it('answers an unknown path with 404 in the REST error shape', async () => {
    const r = await gw.request('GET', '/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.json.result.status).toBe('error');
    expect(r.json.result.errors.code).toBe('5000.1040');
  });
});

describe('unexpected failures', () => {
  it('answer 500 7000.1000 without internals, log the details, and turn /health to 503', async () => {
    const gw = await startGateway();
    try {
      // The store goes away under the running server: every request that needs it fails unexpectedly.
      await gw.rt.store.db.destroy();
      const r = await gw.request('GET', '/orders/status?sessionId=x', { headers: { 'x-api-key': gw.demo.apiKey } });
      expect(r.status).toBe(500);
      expect(r.json).toEqual({
        result: { status: 'error', errors: { code: '7000.1000', reason: 'Internal system error' } },
      });
      expect(r.text).not.toMatch(/at .*\.ts|stack|Error:/);
      const logged = gw.logs.find((l) => l.msg === 'unexpected error');
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toMatch(/stack/);
      const h = await gw.request('GET', '/health');
      expect(h.status).toBe(503);
      expect(h.json.store).toBe('down');
    } finally {
      await gw.close().catch(() => {});
    }
  });
});
