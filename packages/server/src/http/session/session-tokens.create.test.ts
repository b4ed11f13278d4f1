import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

describe.each(dialects())('POST /ppp/api/v1/getSessionToken.do on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('starts a session without an order and answers its UUID token', async () => {
    const r = await s.send('getSessionToken', { clientRequestId: 'gst-1' });
    expect(r.json).toEqual({
      internalRequestId: expect.any(Number),
      status: 'SUCCESS',
      errCode: 0,
      reason: '',
      version: '1.0',
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      clientRequestId: 'gst-1',
      sessionToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const session = await gw.rt.deps.storage.read.sessions.find(r.json.sessionToken);
    expect(session).toMatchObject({ orderId: null, clientRequestId: 'gst-1', siteId: gw.demo.merchantSiteId });
  });

  it('ignores members beyond its contract once the checksum holds (docs/decisions/0121)', async () => {
    const r = await s.send('getSessionToken', { amount: '1.00' });
    expect(r.json).toMatchObject({ status: 'SUCCESS', errCode: 0 });
  });
});
