import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';
import { rewriteSessionUrl } from './wire-tolerance.js';

/** What the real gateway's public SDKs send, through the real server (docs/decisions/0120, 0121). */

const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'];
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];
const BODY_ORDER = ['merchantId', 'merchantSiteId', 'timeStamp'];

describe('rewriteSessionUrl', () => {
  it.each([
    ['/ppp/api/v1/getSessionToken', '/ppp/api/v1/getSessionToken.do'],
    ['/ppp/api/v1/getSessionToken.do', '/ppp/api/v1/getSessionToken.do'],
    ['/ppp//api/v1/openOrder.do', '/ppp/api/v1/openOrder.do'],
    ['//ppp///api//v1//openOrder', '/ppp/api/v1/openOrder.do'],
    ['/ppp/api/v1/../withdrawal/getRequests.do', '/ppp/api/withdrawal/getRequests.do'],
    ['/ppp/api/withdrawal/getRequests', '/ppp/api/withdrawal/getRequests.do'],
    ['/ppp/api/v1/openOrder?x=1', '/ppp/api/v1/openOrder.do?x=1'],
    ['/orders', '/orders'],
    ['/ppp/api/v1/a/b', '/ppp/api/v1/a/b'],
    ['/client/v1//x', '/client/v1//x'],
    ['/ppp/api/v1/', '/ppp/api/v1/'],
    ['/ppp//api/v1//', '/ppp/api/v1/'],
  ])('%s → %s', (from, to) => {
    expect(rewriteSessionUrl(from)).toBe(to);
  });
});

describe.each(dialects())('wire tolerance through the real server, on %s', (dialect) => {
  let gw: Gateway;
  let w: WireClient;
  beforeAll(async () => {
    // the instant of the JSON-number timeStamp a public SDK was seen sending (a UTC time)
    gw = await startGateway({ dialect, env: { LOG_LEVEL: 'debug' }, clockStart: Date.UTC(2024, 6, 22, 17, 21, 28) });
    w = wireClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0 });
  };
  const token = () => w.signed(S, { clientRequestId: 'cr-1' });

  describe('routing (item 1)', () => {
    it.each([
      '/ppp/api/v1/getSessionToken',
      '/ppp/api/v1/getSessionToken.do',
      '/ppp//api/v1/getSessionToken.do',
      '/ppp//api/v1/getSessionToken',
      '/ppp/api//v1///getSessionToken.do',
    ])('getSessionToken at %s', async (path) => {
      const r = await gw.request('POST', path, { body: token() });
      ok(r);
      expect(r.json.sessionToken).toHaveLength(36);
    });

    it('the literal /ppp/api/v1/../withdrawal/<method>.do reaches the withdrawal method', async () => {
      const r = await w.rawPost('/ppp/api/v1/../withdrawal/getRequests.do', w.signed(BODY_ORDER, {}));
      ok(r);
      expect(r.json).toHaveProperty('withdrawalRequests');
    });

    it.each([
      '/ppp/api/withdrawal/getRequests',
      '/ppp/api/withdrawal/getRequests.do',
      '/ppp//api/withdrawal/getRequests',
    ])('a withdrawal method at %s', async (path) => {
      ok(await gw.request('POST', path, { body: w.signed(BODY_ORDER, {}) }));
    });

    it.each(['getsessiontoken', 'GetSessionToken', 'getSessionToken.DO', 'getSessionTokens'])(
      'method names are matched exactly: %s is an unknown method',
      async (name) => {
        const r = await gw.request('POST', `/ppp/api/v1/${name}`, { body: token() });
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1066 });
        expect(r.json.reason).toMatch(/^Unknown method: /);
      },
    );
  });

  describe('bodies (item 2)', () => {
    it('timeStamp as a JSON number', async () => {
      const b = w.signed(S, { clientRequestId: 'n-1', timeStamp: 20240722172128 });
      ok(await w.post('getSessionToken', b));
    });

    it('timeStamp with the month where the minutes belong (YmdHms), or minutes out of range', async () => {
      ok(await w.post('getSessionToken', w.signed(S, { timeStamp: '20240722170759' })));
      ok(await w.post('getSessionToken', w.signed(S, { timeStamp: '20240722179999' })));
    });

    it('a timeStamp far from now, in any time zone, is 1021 (docs/decisions/0822)', async () => {
      const r = await w.post('getSessionToken', w.signed(S, { timeStamp: '19990101009999' }));
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1021 });
    });

    it.each([['2024072217212'], ['202407221721288'], [2024072217212], ['2024-07-22T17']])(
      'a timeStamp of other than 14 digits (%s) is 1021',
      async (ts) => {
        const r = await w.post('getSessionToken', w.signed(S, { timeStamp: ts }));
        expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1021 });
      },
    );

    it('merchantSiteId as a JSON number', async () => {
      const b = w.signed(S, { clientRequestId: 'n-2' });
      b.merchantSiteId = Number(b.merchantSiteId);
      const r = await w.post('getSessionToken', b);
      ok(r);
      expect(r.json.merchantSiteId).toBe(String(gw.demo.merchantSiteId));
    });

    it('a request schema open to more members still takes the tolerated forms of its known members', async () => {
      // getUserUPOs and initPayment have open request schemas: a numeric merchantSiteId / timeStamp was "must be a string"
      const upos = w.signed(['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'timeStamp'], {
        userTokenId: 'wt-open-1',
        clientRequestId: 'open-1',
        timeStamp: 20240722172128,
      });
      upos.merchantSiteId = Number(upos.merchantSiteId);
      const r = await w.post('getUserUPOs', upos);
      ok(r);
      expect(r.json.paymentMethods).toEqual([]);
      const order = await w.call('openOrder', A, {
        clientRequestId: 'open-2',
        clientUniqueId: 'open-2',
        amount: '10.00',
        currency: 'EUR',
      });
      ok(order);
      const { sessionToken } = order.json;
      const init = await w.post(
        'initPayment',
        w.signed(A, {
          sessionToken,
          clientRequestId: 'open-3',
          amount: '10.00',
          currency: 'EUR',
          paymentOption: {
            card: {
              cardNumber: '4000020951595032',
              cardHolderName: 'John Smith',
              expirationMonth: '12',
              expirationYear: '2030',
              CVV: '217',
            },
          },
          timeStamp: 20240722172128,
        }),
      );
      ok(init);
      expect(init.json.transactionType).toBe('InitAuth3D');
    });

    it('the PHP SDK fields and unknown members are ignored, logged at debug by name, not stored', async () => {
      const b = w.signed(A, { clientRequestId: 'php-1', clientUniqueId: 'wt-1', amount: '10.00', currency: 'EUR' });
      Object.assign(b, {
        sourceApplication: 'PHP_SDK',
        webMasterId: '8.2.10',
        someFutureField: { x: 'secret-looking-value' },
        merchantDetails: { customField1: 'kept', customInfoField1: 'dropped' },
      });
      const r = await w.post('openOrder', b);
      ok(r);
      expect(r.json.merchantDetails).toEqual({ customField1: 'kept' });
      const line = gw.logs.find(
        (l) => l.internalRequestId === r.json.internalRequestId && l.msg === 'unknown fields ignored',
      );
      expect(line?.ignoredFields).toEqual(
        expect.arrayContaining(['sourceApplication', 'someFutureField', 'merchantDetails.customInfoField1']),
      );
      expect(gw.rawLog()).not.toContain('secret-looking-value');
    });

    it('the checksum covers the body as received: a numeric amount is signed as its digits', async () => {
      const b = w.signed(A, { clientRequestId: 'num-1', clientUniqueId: 'wt-2', amount: 12, currency: 'EUR' });
      const r = await w.post('openOrder', b);
      ok(r);
    });

    it.each([
      ['1', '1'],
      [1, '1'],
      [true, '1'],
      ['true', '1'],
      ['0', '0'],
      [0, '0'],
      [false, '0'],
      ['false', '0'],
    ])('a flag sent as %j is accepted (as %s)', async (flag: unknown, _as: string) => {
      const b = w.signed(A, {
        clientUniqueId: 'flag',
        amount: '1.00',
        currency: 'EUR',
        isRebilling: flag,
        isMoto: flag,
      });
      ok(await w.post('openOrder', b));
    });

    it.each(['2', 'yes', 2, null])('a flag sent as %j is still a validation error naming it', async (flag) => {
      const b = w.signed(A, { clientUniqueId: 'flag', amount: '1.00', currency: 'EUR', isRebilling: flag });
      const r = await w.post('openOrder', b);
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1019 });
      expect(r.json.reason).toContain('isRebilling');
    });

    it('known fields keep their rules: an over-long clientUniqueId is refused naming it', async () => {
      const b = w.signed(A, { clientUniqueId: 'x'.repeat(300), amount: '1.00', currency: 'EUR' });
      const r = await w.post('openOrder', b);
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1019 });
      expect(r.json.reason).toContain('clientUniqueId');
    });

    it('a missing required field is refused naming it', async () => {
      const r = await w.post('openOrder', w.signed(A, { amount: '1.00', currency: 'EUR' }));
      expect(r.json).toMatchObject({ status: 'ERROR' });
      expect(r.json.reason).toContain('clientUniqueId');
    });

    it('an empty CVV: status ERROR, reason naming cardData.CVV as the real gateway does', async () => {
      // (a payment in a session without an order is docs/decisions/0140's: here the order is opened first)
      const o = await w.call('openOrder', A, { clientUniqueId: 'wt-cvv', amount: '5.00', currency: 'USD' });
      const b = w.signed(A, {
        sessionToken: o.json.sessionToken,
        clientRequestId: 'cvv-1',
        clientUniqueId: 'wt-cvv',
        amount: '5.00',
        currency: 'USD',
        paymentOption: {
          card: {
            cardNumber: '4761344136141390',
            cardHolderName: 'Ada Byron',
            expirationMonth: '09',
            expirationYear: '2030',
            CVV: '',
          },
        },
        billingAddress: { email: 'ada@example.com', country: 'GB' },
        deviceDetails: { ipAddress: '127.0.0.1' },
      });
      const r = await gw.request('POST', '/ppp/api/v1/payment', { body: b });
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1062 });
      expect(r.json.reason).toMatch(/cardData\.CVV is invalid/);
    });

    it('a wrong checksum is still 1001, even with tolerated forms', async () => {
      const b = w.signed(S, { timeStamp: 20240722172128 });
      b.checksum = 'ab'.repeat(32);
      expect((await w.post('getSessionToken', b)).json).toMatchObject({ status: 'ERROR', errCode: 1001 });
    });
  });
});
