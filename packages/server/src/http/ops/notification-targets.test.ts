import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, privateTargetReason } from '../../delivery/private-network.js';
import { sessionClient } from '../../../test/session-client.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';

describe('the private-network rule (ipaddr.js)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
  ])('classes %s as private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('classes %s as public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );
  it.each([
    'http://localhost:8080/x',
    'http://api.localhost/x',
    'http://[::1]/x',
    'http://2130706433/x',
    'http://0x7f.1/x',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses %s at configuration', (u) => expect(privateTargetReason(u)).toMatch(/private, loopback or link-local/));
  it('accepts a public name or address', () => {
    expect(privateTargetReason('https://shop.example/dmn')).toBeUndefined();
    expect(privateTargetReason('https://93.184.216.34/dmn')).toBeUndefined();
  });
});

describe('in production mode a private notification URL is refused when it is configured', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('refuses a REST order whose webhookUrl is the metadata address (400 5000.1001)', async () => {
    const r = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, { urlDetails: { webhookUrl: 'http://169.254.169.254/latest/meta-data' } }),
    });
    expect(r.status).toBe(400);
    expect(r.json.result.errors.code).toBe('5000.1001');
    expect(r.json.result.errors.reason).toMatch(/^\[urlDetails\.webhookUrl\] must not be a private/);
  });

  it('accepts a REST order with a public webhookUrl', async () => {
    const r = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, { urlDetails: { webhookUrl: 'https://shop.example/hook' } }),
    });
    expect(r.status).toBe(201);
  });

  it('refuses a session openOrder whose notificationUrl is loopback (errCode 1019)', async () => {
    const r = await sessionClient(gw).send('openOrder', {
      clientUniqueId: 'nt-1',
      amount: '10.00',
      currency: 'EUR',
      urlDetails: { notificationUrl: 'http://[::1]:9/dmn' },
    });
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(r.json.reason).toMatch(/urlDetails\.notificationUrl/);
  });
});
