import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../packages/server/test/card-scan.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { eventsNamed, fillValidCard, pay, type Shop, startShop, WAIT } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The hosted checkout (spec 4.3) in real headless Chromium: a merchant page on its own origin calls
 * checkout(); the shopper pays in the form; every test asserts the callbacks and the server's status
 * (getPaymentStatus, getUserUPOs) of the session.
 */

const APPROVED = '4761344136141390';
const DECLINED = '4000000000000002';
const CHALLENGE = '2221008123677736';
const CHALLENGE_FAIL = '4000008400001629';
const GBP_CARD = '4000008260000000';

describe('hosted checkout in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    shop = await startShop(gw, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    try {
      expect(await cardNumbersAtRest(gw, [APPROVED, DECLINED, CHALLENGE, CHALLENGE_FAIL, GBP_CARD])).toEqual([]);
    } finally {
      await gw?.close();
    }
  });

  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const order = (extra: Record<string, unknown> = {}) => sc.openOrder({ amount: '15.00', currency: 'EUR', ...extra });
  const cardOnly = { pmWhitelist: ['cc_card'], savePM: 'false' };

  it('a new card: onReady, onFormValidated, prePayment and onResult APPROVED; the server agrees', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({ token: sessionToken, opts: cardOnly });
    expect((await eventsNamed(p, 'ready'))[0]).toEqual({ loaded: true });
    // pmWhitelist ['cc_card']: the card form is open at once, with the standard autocomplete attributes
    expect(await p.locator('[data-ghc-form=cc_card]').count()).toBe(1);
    expect(await p.locator('#ghc-name').getAttribute('autocomplete')).toBe('cc-name');
    await fillValidCard(p, APPROVED);
    const result = await pay(p);
    expect(result).toMatchObject({ result: 'APPROVED', errCode: 0, transactionStatus: 'APPROVED', last4Digits: '1390' });
    expect(Object.keys(result).every((k) => !['status', 'reason', 'version'].includes(k))).toBe(true);
    const [pre] = await eventsNamed(p, 'prePayment');
    expect(pre).toEqual({
      paymentOption: { paymentMethod: 'cc_card' },
      amount: '15.00',
      currency: 'EUR',
      useDCC: false,
      dccDetails: null,
      savePM: false,
      installmentType: null,
      numberOfInstallments: 'none',
      promoCode: false,
    });
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED', transactionId: result.transactionId });
    await p.locator('.ghc-status.ghc-ok').waitFor(WAIT);
    await p.close();
  });
});
