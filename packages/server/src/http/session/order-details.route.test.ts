import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { CATALOGUE_CHECKSUM_FIELDS } from '../../security/catalogue-checksum.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * getOrderDetails (docs/decisions/0150): the order of a live session of the caller's site, signed over
 * merchantId, merchantSiteId, clientRequestId, timeStamp; a foreign or unknown session is 1069, an
 * orderId other than the session's 1057.
 */

const S = CATALOGUE_CHECKSUM_FIELDS.getOrderDetails;

describe.each(dialects())('getOrderDetails on %s', (dialect) => {
  let gw: Gateway;
  let w: WireClient;
  let other: WireClient;
  let n = 0;
  const open = async (extra: Record<string, unknown> = {}) => {
    const r = await w.call('openOrder', CHECKSUM_FIELDS.openOrder, {
      clientRequestId: `o-${++n}`,
      clientUniqueId: `cu-${n}`,
      amount: '12.34',
      currency: 'EUR',
      ...extra,
    });
    expect(r.json?.status, r.text).toBe('SUCCESS');
    return r.json as { sessionToken: string; orderId: string };
  };

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    w = wireClient(gw);
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    other = wireClient(gw, {
      ...gw.demo,
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  it("answers the session's order as openOrder and updateOrder left it", async () => {
    const o = await open({
      userTokenId: 'od-user',
      transactionType: 'Auth',
      merchantDetails: { customField1: 'cart 1' },
    });
    const r = await w.call('getOrderDetails', S, {
      clientRequestId: 'gd-1',
      sessionToken: o.sessionToken,
      orderId: o.orderId,
    });
    expect(r.json).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      reason: '',
      clientRequestId: 'gd-1',
      sessionToken: o.sessionToken,
      orderId: o.orderId,
      clientUniqueId: `cu-${n}`,
      amount: '12.34',
      currency: 'EUR',
      transactionType: 'Auth',
      userTokenId: 'od-user',
      merchantDetails: { customField1: 'cart 1' },
    });
    const u = await w.call('updateOrder', CHECKSUM_FIELDS.updateOrder, {
      sessionToken: o.sessionToken,
      orderId: o.orderId,
      clientUniqueId: 'cu-new',
      clientRequestId: 'u1',
      amount: '20.00',
      currency: 'EUR',
    });
    expect(u.json?.status, u.text).toBe('SUCCESS');
    const again = await w.call('getOrderDetails', S, { sessionToken: o.sessionToken });
    expect(again.json).toMatchObject({ status: 'SUCCESS', amount: '20.00', clientUniqueId: 'cu-new' });
  });

  it("refuses another orderId, a session without an order, another merchant's session and a wrong checksum", async () => {
    const o = await open();
    expect(
      (await w.call('getOrderDetails', S, { sessionToken: o.sessionToken, orderId: '999999' })).json,
    ).toMatchObject({ status: 'ERROR', errCode: 1057 });
    const bare = await w.call('getSessionToken', CHECKSUM_FIELDS.getSessionToken, { clientRequestId: 'bare' });
    expect((await w.call('getOrderDetails', S, { sessionToken: bare.json.sessionToken })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1057,
    });
    const foreign = (await other.call('getOrderDetails', S, { sessionToken: o.sessionToken })).json;
    expect(foreign).toMatchObject({ status: 'ERROR', errCode: 1069 });
    expect(JSON.stringify(foreign)).not.toContain(o.orderId);
    const body = w.signed(S, { sessionToken: o.sessionToken });
    expect((await w.post('getOrderDetails', { ...body, checksum: '0'.repeat(64) })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1001,
    });
  });
});
