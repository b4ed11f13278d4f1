import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';

/**
 * The order of the session checks: unknown merchant 1013, unknown or foreign site 1022, malformed
 * timeStamp 1021, wrong checksum 1001, and only then validation 1019.
 */
describe.each(dialects())('session authentication order on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  let foreignSiteId: string;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
    foreignSiteId = (await createMerchant(gw.rt.deps, { name: 'Other merchant' })).site.id;
  });
  afterAll(async () => {
    await gw.close();
  });

  const invalidOrder = { clientUniqueId: 'x'.repeat(46), amount: 'ten', currency: 'eur', colour: 'red' };
  const bad = (over: Record<string, unknown>) => ({ ...s.signed('openOrder', invalidOrder), ...over });

  it.each([
    [
      'an unknown merchant, whatever else is wrong',
      { merchantId: '999', merchantSiteId: '1', timeStamp: 'x', checksum: 'x' },
      1013,
      'Invalid merchant ID',
    ],
    ['a missing merchantId', { merchantId: undefined }, 1013, 'Invalid merchant ID'],
    ['a merchantId that is not a string', { merchantId: 12 }, 1013, 'Invalid merchant ID'],
    [
      'an unknown site, with a bad timeStamp',
      { merchantSiteId: '42', timeStamp: 'x' },
      1022,
      'Invalid merchant site id',
    ],
    ['a missing merchantSiteId', { merchantSiteId: undefined }, 1022, 'Invalid merchant site id'],
    [
      'a malformed timeStamp, with a bad checksum',
      { timeStamp: '2026-01-01', checksum: 'x' },
      1021,
      'Invalid timeStamp: must be YYYYMMDDHHmmss',
    ],
    ['a missing timeStamp', { timeStamp: undefined }, 1021, 'Invalid timeStamp: must be YYYYMMDDHHmmss'],
    ['a wrong checksum on an invalid request', { checksum: 'ab'.repeat(32) }, 1001, 'Invalid checksum'],
  ])('answers %s first', async (_name, over, errCode, reason) => {
    const body: Record<string, unknown> = bad(over);
    for (const k of Object.keys(over)) if (over[k as keyof typeof over] === undefined) delete body[k];
    const r = await s.call('openOrder', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'ERROR', errCode, reason });
  });

  it('answers a site of another merchant as an invalid site (1022)', async () => {
    const r = await s.call('openOrder', bad({ merchantSiteId: foreignSiteId }));
    expect(r.json).toMatchObject({ errCode: 1022, reason: 'Invalid merchant site id' });
  });

  it('validates only a correctly signed request (1019 naming the first rule broken)', async () => {
    const r = await s.call('openOrder', bad({}));
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(r.json.reason).toMatch(/^\[(clientUniqueId|colour)\] /);
  });

  it('accepts the local time of a merchant in any time zone, and refuses a stamp no zone can produce (docs/decisions/0822)', async () => {
    const local = (offsetH: number) =>
      new Date(gw.clock.now() + offsetH * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    for (const offset of [-12, -7, 0, 5.5, 14]) {
      const { status } = (await s.send('getSessionToken', { timeStamp: local(offset) })).json;
      expect({ offset, status }).toEqual({ offset, status: 'SUCCESS' });
    }
    for (const timeStamp of ['20000101000000', '20991231235959', local(-48), local(24 + 14)]) {
      expect((await s.send('getSessionToken', { timeStamp })).json).toMatchObject({ status: 'ERROR', errCode: 1021 });
    }
  });
});
