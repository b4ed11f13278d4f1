import { checksum, CHECKSUM_FIELDS, type SessionMethod } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { createSite } from '../../domain/merchants/merchant.service.js';

/**
 * For every session method: a correct checksum passes, any single checksummed field changed without
 * recomputing it fails with 1001, and fields absent from the request are skipped.
 */

interface Ctx {
  sessionToken: string;
  orderId: string;
}

const URLS = {
  successUrl: 'https://shop.example/ok',
  failureUrl: 'https://shop.example/ko',
  pendingUrl: 'https://shop.example/wait',
  notificationUrl: 'https://shop.example/dmn',
};
const related = { relatedTransactionId: '1110000000001', authCode: 'A1B2', comment: 'partial', urlDetails: URLS };

type Outcome = { status: 'SUCCESS' } | { status: 'ERROR'; errCode: number; reason: string };
const ok: Outcome = { status: 'SUCCESS' };
// Past the checksum, these calls meet their own rules: an empty paymentOption, an unknown transaction.
const noCard: Outcome = { status: 'ERROR', errCode: 1060, reason: '[paymentOption.card] must not be null' };
const unknownRelated: Outcome = { status: 'ERROR', errCode: 1019, reason: 'Invalid relatedTransactionId' };

/** A valid request of each method (credentials, timeStamp and checksum are added by the kit). */
const CALLS: Record<SessionMethod, { fields: (c: Ctx) => Record<string, unknown>; outcome: Outcome }> = {
  getSessionToken: { fields: () => ({ clientRequestId: 'r-gst' }), outcome: ok },
  openOrder: {
    fields: () => ({ clientRequestId: 'r-oo', clientUniqueId: 'u-oo', amount: '10.00', currency: 'EUR' }),
    outcome: ok,
  },
  updateOrder: {
    fields: (c) => ({ ...c, clientRequestId: 'r-uo', clientUniqueId: 'u-uo', amount: '11.00', currency: 'EUR' }),
    outcome: ok,
  },
  getPaymentStatus: {
    fields: (c) => ({ sessionToken: c.sessionToken, clientRequestId: 'r-gps', amount: '11.00', currency: 'EUR' }),
    outcome: ok,
  },
  payment: {
    fields: (c) => ({
      sessionToken: c.sessionToken,
      clientRequestId: 'r-p',
      amount: '11.00',
      currency: 'EUR',
      paymentOption: {},
    }),
    outcome: noCard,
  },
  initPayment: {
    fields: (c) => ({
      sessionToken: c.sessionToken,
      clientRequestId: 'r-ip',
      amount: '11.00',
      currency: 'EUR',
      paymentOption: {},
    }),
    outcome: noCard,
  },
  settleTransaction: {
    fields: () => ({
      clientRequestId: 'r-st',
      clientUniqueId: 'u-st',
      amount: '5.00',
      currency: 'EUR',
      ...related,
      descriptorMerchantName: 'Shop',
      descriptorMerchantPhone: '+4930123',
    }),
    outcome: unknownRelated,
  },
  refundTransaction: {
    fields: () => ({ clientRequestId: 'r-rt', clientUniqueId: 'u-rt', amount: '5.00', currency: 'EUR', ...related }),
    outcome: unknownRelated,
  },
  voidTransaction: {
    fields: () => ({ clientRequestId: 'r-vt', clientUniqueId: 'u-vt', amount: '5.00', currency: 'EUR', ...related }),
    outcome: unknownRelated,
  },
  payout: {
    fields: () => ({ clientRequestId: 'r-po', amount: '5.00', currency: 'EUR', userTokenId: 'user-1' }),
    // past the checksum: no destination named (docs/decisions/0501)
    outcome: { status: 'ERROR', errCode: 1011, reason: '[userPaymentOption.userPaymentOptionId] must not be null' },
  },
  getCardDetails: {
    fields: (c) => ({ sessionToken: c.sessionToken, clientRequestId: 'r-gcd', cardNumber: '4761344136141390' }),
    outcome: ok,
  },
  getDccDetails: {
    fields: (c) => ({
      sessionToken: c.sessionToken,
      clientRequestId: 'r-dcc',
      clientUniqueId: 'u-dcc',
      amount: '5.00',
      currency: 'USD',
    }),
    outcome: ok,
  },
  cardTokenization: {
    fields: (c) => ({
      sessionToken: c.sessionToken,
      clientRequestId: 'r-ct',
      cardData: {
        cardNumber: '4761344136141390',
        cardHolderName: 'John Smith',
        expirationMonth: '12',
        expirationYear: '2030',
      },
    }),
    outcome: ok,
  },
  getUserUPOs: { fields: () => ({ userTokenId: 'user-1', clientRequestId: 'r-gu' }), outcome: ok },
  deleteUPO: {
    fields: () => ({ userTokenId: 'user-1', clientRequestId: 'r-du', userPaymentOptionId: '2000001' }),
    outcome: { status: 'ERROR', errCode: 1011, reason: '[userPaymentOptionId] is not a payment option of this user' },
  },
};

/** The same value with one character changed, kept well-formed where the format is checked first. */
function altered(field: string, value: string): string {
  if (field === 'timeStamp') return value.slice(0, 12) + (value.slice(12) === '00' ? '01' : '00');
  return value + 'x';
}

function expectOutcome(json: any, outcome: Outcome): void {
  expect(json.status, JSON.stringify(json)).toBe(outcome.status);
  if (outcome.status === 'ERROR') expect(json).toMatchObject({ errCode: outcome.errCode, reason: outcome.reason });
  else expect(json).toMatchObject({ errCode: 0, reason: '' });
}

describe.each(dialects())('session checksums on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  let ctx: Ctx;
  let otherSiteId: string;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
    const o = await s.openOrder();
    ctx = { sessionToken: o.sessionToken, orderId: o.orderId };
    otherSiteId = (await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'Second site' })).site.id;
  });
  afterAll(async () => {
    await gw.close();
  });

  describe.each(Object.keys(CALLS) as SessionMethod[])('%s', (method) => {
    const call = CALLS[method];

    it('passes with a correct checksum', async () => {
      const r = await s.send(method, call.fields(ctx));
      expect(r.status).toBe(200);
      expectOutcome(r.json, call.outcome);
    });

    it('fails with 1001 when any checksummed field changes after signing', async () => {
      const body = s.signed(method, call.fields(ctx));
      const changes: Array<[string, Record<string, unknown>]> = [];
      for (const field of CHECKSUM_FIELDS[method]) {
        const value = body[field];
        if (field === 'merchantId' || value === undefined) continue;
        // getPaymentStatus knows its site from the session: another site id there is 1022 (tested below).
        if (field === 'merchantSiteId') {
          if (method !== 'getPaymentStatus') changes.push([field, { merchantSiteId: otherSiteId }]);
        } else if (field === 'urlDetails') {
          for (const u of Object.keys(URLS) as Array<keyof typeof URLS>) {
            changes.push([`urlDetails.${u}`, { urlDetails: { ...URLS, [u]: URLS[u] + '/x' } }]);
          }
        } else changes.push([field, { [field]: altered(field, String(value)) }]);
      }
      expect(changes.length).toBeGreaterThanOrEqual(3);
      for (const [name, change] of changes) {
        const r = await s.call(method, { ...body, ...change });
        expect(r.status).toBe(200);
        expect(r.json, `${method} with ${name} changed`).toMatchObject({
          status: 'ERROR',
          errCode: 1001,
          reason: 'Invalid checksum',
        });
      }
    });

    it('checks the merchant before the checksum: a changed merchantId is 1013', async () => {
      const body = s.signed(method, call.fields(ctx));
      const r = await s.call(method, { ...body, merchantId: `${gw.demo.merchantId}9` });
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1013, reason: 'Invalid merchant ID' });
    });

    if (method === 'getPaymentStatus') {
      it('checks merchantId and merchantSiteId against the session before the checksum', async () => {
        const body = s.signed(method, call.fields(ctx));
        expect((await s.call(method, { ...body, merchantSiteId: otherSiteId })).json).toMatchObject({ errCode: 1022 });
        expect((await s.call(method, { ...body, merchantId: '1' })).json).toMatchObject({ errCode: 1013 });
      });
    }

    it('skips fields absent from the request', async () => {
      const { clientRequestId: _dropped, ...fields } = call.fields(ctx);
      const r = await s.send(method, fields);
      expectOutcome(r.json, call.outcome);
      // A checksum that covers a value the request does not carry is wrong.
      const body = s.signed(method, fields);
      const values = CHECKSUM_FIELDS[method].map((f) =>
        f === 'clientRequestId' ? 'r-absent' : (body[f] as string | undefined),
      );
      const r2 = await s.call(method, {
        ...body,
        checksum: checksum(
          values.filter((v) => typeof v === 'string'),
          s.creds.merchantSecretKey,
        ),
      });
      expect(r2.json).toMatchObject({ status: 'ERROR', errCode: 1001 });
    });

    it('refuses a missing or non-hex checksum with 1001', async () => {
      const { checksum: _c, ...unsigned } = s.signed(method, call.fields(ctx));
      for (const bad of [undefined, '', 'zz', 42]) {
        const r = await s.call(method, bad === undefined ? unsigned : { ...unsigned, checksum: bad });
        // without a checksum the sessionToken authorises these calls, merchant ids or not (docs/decisions/0135)
        const unsignedForm = ['getPaymentStatus', 'getCardDetails', 'getDccDetails', 'cardTokenization'].includes(
          method,
        );
        if (unsignedForm && bad === undefined) expectOutcome(r.json, ok);
        else expect(r.json, `checksum ${String(bad)}`).toMatchObject({ status: 'ERROR', errCode: 1001 });
      }
    });
  });

  it('accepts changes to members outside the checksum (openOrder clientUniqueId)', async () => {
    const body = s.signed('openOrder', CALLS.openOrder.fields(ctx));
    const r = await s.call('openOrder', { ...body, clientUniqueId: 'changed-after-signing' });
    expect(r.json).toMatchObject({ status: 'SUCCESS', clientUniqueId: 'changed-after-signing' });
  });

  it("accepts the checksum of @gatehouse/client for a second site with that site's own secret only", async () => {
    const { site, merchantSecretKey } = await createSite(gw.rt.deps, {
      merchantId: gw.demo.merchantId,
      name: 'Third site',
    });
    const third = sessionClient(gw, {
      merchantId: gw.demo.merchantId,
      merchantSiteId: site.id,
      merchantSecretKey: merchantSecretKey.expose(),
    });
    expect((await third.send('getSessionToken', {})).json.status).toBe('SUCCESS');
    const wrongSecret = sessionClient(gw, { ...third.creds, merchantSecretKey: gw.demo.merchantSecretKey });
    expect((await wrongSecret.send('getSessionToken', {})).json).toMatchObject({ status: 'ERROR', errCode: 1001 });
  });
});
