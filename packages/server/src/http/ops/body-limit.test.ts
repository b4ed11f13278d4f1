import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';

/**
 * A 10 MB body on a route of every interface is answered, in that interface's error shape, never a
 * reset connection or a 500 (docs/decisions/0800, 0823): REST and the other JSON routes 413 `5000.1013`,
 * the session and client APIs their envelope with errCode 1066.
 */
describe('a body over the limit', () => {
  let gw: Gateway;
  const big = 'a'.repeat(10 * 1024 * 1024);
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => gw?.close());

  const post = async (path: string, contentType = 'application/json') => {
    const r = await fetch(`${gw.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-api-key': gw.demo.apiKey },
      body: big,
    });
    return { status: r.status, body: (await r.json()) as Record<string, any> };
  };

  it.each([
    '/orders',
    '/admin/v1/test-notifications',
    '/api/v2/account-owners',
    '/demo/inbox/webhook',
    '/demo/inbox/dmn',
    '/no/such/route',
  ])('%s: 413 in the REST error shape', async (path) => {
    expect(await post(path)).toEqual({
      status: 413,
      body: {
        result: { status: 'error', errors: { code: '5000.1013', reason: 'Request body too large (limit 1 MiB)' } },
      },
    });
  });

  it('a form body over the limit at the DMN inbox: 413 too', async () => {
    expect((await post('/demo/inbox/dmn', 'application/x-www-form-urlencoded')).status).toBe(413);
  });

  it.each(['/ppp/api/v1/openOrder.do', '/ppp/api/withdrawal/getRequests.do', '/client/v1/payments'])(
    '%s: the session envelope, errCode 1066',
    async (path) => {
      const r = await post(path);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'ERROR', errCode: 1066, reason: 'Request body too large (limit 1 MiB)' });
    },
  );
});
