import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';

/**
 * getCardDetails and getDccDetails as the server SDKs send them (server facts 2.10 and 4: "no checksum";
 * docs/decisions/0135): the sessionToken alone authorises the call; once merchant ids, timeStamp or a
 * checksum are sent, the signed form is verified as before (1001). A dead or foreign session is refused.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const DEAD = '00000000-0000-4000-8000-000000000000';

describe.each(dialects())(
  'getCardDetails and getDccDetails with and without checksum on %s',
  (dialect: DialectName) => {
    let gw: Gateway;
    let sc: SessionClient;
    let theirs: SessionClient;

    beforeAll(async () => {
      gw = await startGateway({ dialect, clockStart: T0 });
      sc = sessionClient(gw);
      const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
      theirs = sessionClient(gw, {
        merchantId: m.merchant.id,
        merchantSiteId: m.site.id,
        merchantSecretKey: m.merchantSecretKey.expose(),
      });
    });
    afterAll(async () => {
      await gw.close();
    });

    const unsigned = (method: string, body: Record<string, unknown>) => sc.call(method, body).then((r) => r.json);
    const cardBody = (sessionToken: string) => ({
      sessionToken,
      clientRequestId: 'cd-1',
      cardNumber: '4761344136141390',
    });
    const dccBody = (sessionToken: string) => ({
      sessionToken,
      clientRequestId: 'dcc-1',
      clientUniqueId: 'u-1',
      originalAmount: '10.00',
      originalCurrency: 'EUR',
      currency: 'USD',
    });

    it('sessionToken alone (as P and N send them): the card details and the DCC quote of the live session', async () => {
      const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
      expect(await unsigned('getCardDetails', cardBody(sessionToken))).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        reason: '',
        brand: expect.any(String),
        bin: '476134',
        last4Digits: '1390',
        clientRequestId: 'cd-1',
      });
      const q = await unsigned('getDccDetails', dccBody(sessionToken));
      expect(q).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        originalAmount: '10.00',
        originalCurrency: 'EUR',
        currency: 'USD',
      });
      expect(q.rateValueWithMarkup).toMatch(/^\d+\.\d+$/);
    });

    it.each(['getCardDetails', 'getDccDetails'] as const)(
      '%s signed still works; a checksum sent is verified (1001); ids and timeStamp without one are the unsigned form',
      async (method) => {
        const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
        const body = method === 'getCardDetails' ? cardBody(sessionToken) : dccBody(sessionToken);
        expect((await sc.send(method, body)).json).toMatchObject({ status: 'SUCCESS' });
        const signed = sc.signed(method, body);
        expect(await unsigned(method, { ...signed, checksum: 'ab'.repeat(32) })).toMatchObject({
          status: 'ERROR',
          errCode: 1001,
          reason: 'Invalid checksum',
        });
        // the PHP SDK's form: merchant ids and timeStamp, no checksum; the sessionToken authorises (0135, amended)
        const { checksum: _c, ...noChecksum } = signed;
        expect(await unsigned(method, noChecksum)).toMatchObject({ status: 'SUCCESS', errCode: 0 });
        // ids without a checksum must still be the session's
        expect(await unsigned(method, { ...noChecksum, merchantSiteId: '999999999' })).toMatchObject({
          status: 'ERROR',
          errCode: 1022,
        });
      },
    );

    it.each(['getCardDetails', 'getDccDetails'] as const)(
      "%s unsigned: a dead (1069), missing or other merchant's sessionToken is refused",
      async (method) => {
        const { sessionToken: foreign } = await theirs.openOrder({ amount: '10.00', currency: 'EUR' });
        const make = method === 'getCardDetails' ? cardBody : dccBody;
        expect(await unsigned(method, make(DEAD))).toMatchObject({ status: 'ERROR', errCode: 1069 });
        const { sessionToken: _t, ...none } = make(DEAD);
        expect(await unsigned(method, none)).toMatchObject({
          status: 'ERROR',
          reason: expect.stringContaining('sessionToken'),
        });
        // our signature on the other merchant's session: not ours
        expect((await sc.send(method, make(foreign))).json).toMatchObject({ status: 'ERROR', errCode: 1069 });
        // unsigned with their session but our merchant ids: not the session's ids, refused
        expect(
          await unsigned(method, {
            merchantId: sc.creds.merchantId,
            merchantSiteId: sc.creds.merchantSiteId,
            ...make(foreign),
          }),
        ).toMatchObject({ status: 'ERROR' });
      },
    );
  },
);
