import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * Co-badged cards (docs/decisions/0413): getCardDetails answers the second brand, createPayment's
 * `selectedBrand` must be one of the card's brands, and the brand a payment was processed with is
 * recorded: getPaymentStatus `processedBrand`, the DMN's `cardCompany`.
 */

const CB_VISA = '4973010000000012';
const CB_MASTERCARD = '5131010000000018';
const EFTPOS_VISA = '4564000000000018';
const PLAIN_VISA = '4761344136141390';
const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  cardNumber,
  cardHolderName: 'John Smith',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
  ...extra,
});

describe.each(dialects())('co-badged cards through the client API on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [CB_VISA, CB_MASTERCARD, EFTPOS_VISA, PLAIN_VISA])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const call = async (method: string, body: Record<string, unknown>) => {
    const r = await gw.request('POST', `/client/v1/${method}`, { body, headers: { origin: 'http://localhost:9999' } });
    expect(r.status).toBe(200);
    return r.json;
  };
  const open = async () =>
    (
      await sc.openOrder({
        clientUniqueId: `dual-${++seq}`,
        amount: '12.00',
        currency: 'EUR',
        urlDetails: { notificationUrl: 'http://127.0.0.1:9/dmn' },
      })
    ).sessionToken;
  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const dmnOf = async (transactionId: string) => {
    const rows = await gw.rt.store.db
      .selectFrom('outbox')
      .select(['payload'])
      .where('kind', '=', 'dmn')
      .where('transaction_id', '=', transactionId)
      .execute();
    expect(rows).toHaveLength(1);
    return new URLSearchParams(rows[0]!.payload);
  };

  it.each([
    [CB_VISA, 'Visa', 'Cartes Bancaires', 'FR'],
    [CB_MASTERCARD, 'Mastercard', 'Cartes Bancaires', 'FR'],
    [EFTPOS_VISA, 'Visa', 'eftpos', 'AU'],
    [PLAIN_VISA, 'Visa', '', 'SG'],
  ])(
    'getCardDetails of %s: brand %s, secondaryBrand %j, issuer %s',
    async (cardNumber, brand, secondaryBrand, country) => {
      const sessionToken = await open();
      expect(await call('getCardDetails', { sessionToken, cardNumber })).toMatchObject({
        status: 'SUCCESS',
        brand,
        secondaryBrand,
        issuerCountry: country,
      });
    },
  );

  it('pays a co-badged card with the chosen second brand: getPaymentStatus and the DMN show it', async () => {
    const sessionToken = await open();
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { card: card(CB_VISA) },
      selectedBrand: 'Cartes Bancaires',
    });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    expect((await status(sessionToken)).paymentOption.card).toMatchObject({
      cardBrand: 'Visa',
      secondaryBrand: 'Cartes Bancaires',
      processedBrand: 'Cartes Bancaires',
    });
    expect((await dmnOf(r.transactionId)).get('cardCompany')).toBe('Cartes Bancaires');
  });

  it('takes paymentOption.card.selectedBrand too, ignoring case and underscores', async () => {
    const sessionToken = await open();
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { card: card(EFTPOS_VISA, { selectedBrand: 'EFTPOS' }) },
    });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    expect((await status(sessionToken)).paymentOption.card.processedBrand).toBe('eftpos');
    const mc = await open();
    const r2 = await call('createPayment', {
      sessionToken: mc,
      paymentOption: { card: card(CB_MASTERCARD) },
      selectedBrand: 'CARTES_BANCAIRES',
    });
    expect(r2).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    expect((await status(mc)).paymentOption.card).toMatchObject({
      cardBrand: 'Mastercard',
      processedBrand: 'Cartes Bancaires',
    });
  });

  it('without a choice the primary brand is processed', async () => {
    const sessionToken = await open();
    const r = await call('createPayment', { sessionToken, paymentOption: { card: card(CB_VISA) } });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    expect((await status(sessionToken)).paymentOption.card).toMatchObject({
      cardBrand: 'Visa',
      secondaryBrand: 'Cartes Bancaires',
      processedBrand: 'Visa',
    });
    expect((await dmnOf(r.transactionId)).get('cardCompany')).toBe('Visa');
  });

  it('a plain card may name its own brand; its status has no secondaryBrand', async () => {
    const sessionToken = await open();
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { card: card(PLAIN_VISA) },
      selectedBrand: 'visa',
    });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    const c = (await status(sessionToken)).paymentOption.card;
    expect(c).toMatchObject({ cardBrand: 'Visa', processedBrand: 'Visa' });
    expect(c.secondaryBrand).toBeUndefined();
  });

  it.each([
    ['a brand the co-badged card does not carry', CB_VISA, 'Mastercard', 'Visa'],
    ['a second brand on a card that has none', PLAIN_VISA, 'Cartes Bancaires', 'Visa'],
  ])(
    "processes the card's own brand for %s, as the real gateway does (0413, amended)",
    async (_what, number, selectedBrand, processed) => {
      const sessionToken = await open();
      const r = await call('createPayment', { sessionToken, paymentOption: { card: card(number) }, selectedBrand });
      expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
      expect((await status(sessionToken)).paymentOption.card.processedBrand).toBe(processed);
    },
  );

  it('refuses a brand of more than 128 characters, and no payment is made', async () => {
    const sessionToken = await open();
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { card: card(CB_VISA) },
      selectedBrand: 'x'.repeat(129),
    });
    expect(r.status).toBe('ERROR');
    expect(r.reason).toMatch(/selectedBrand/);
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
    const ok = await call('createPayment', { sessionToken, paymentOption: { card: card(CB_VISA) } });
    expect(ok).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
  });

  it('takes the choice at initPayment (3-D Secure) already: a brand of the card is kept, another is not refused', async () => {
    const sessionToken = await open();
    const r = await call('initPayment', {
      sessionToken,
      paymentOption: { card: card(CB_VISA) },
      selectedBrand: 'American Express',
    });
    expect(r).toMatchObject({ status: 'SUCCESS' });
    const ok = await call('initPayment', {
      sessionToken: await open(),
      paymentOption: { card: card(CB_VISA) },
      selectedBrand: 'Cartes Bancaires',
    });
    expect(ok).toMatchObject({ status: 'SUCCESS' });
  });
});
