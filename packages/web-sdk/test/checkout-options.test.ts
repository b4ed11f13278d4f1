import { describe, expect, it } from 'vitest';
import { validateCheckout } from '../src/checkout/options.js';
import { normaliseOptions } from '../src/checkout/normalise.js';

/** checkout(params) input rules (docs/checkout.md, docs/decisions/0410): every option, good and bad. */

const onResult = () => undefined;
const valid = {
  sessionToken: '0b1f6a3c-7f7e-4a56-9d57-3d7f0c1e2a44',
  merchantId: '4791862335123456789',
  merchantSiteId: '204388',
  amount: '15.00',
  currency: 'EUR',
  renderTo: '#checkout',
  country: 'DE',
  userId: 'customer-42',
  onResult,
  billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
};
const check = (extra: Record<string, unknown>) => validateCheckout({ ...valid, ...extra });
const without = (k: keyof typeof valid) => {
  const p: Record<string, unknown> = { ...valid };
  delete p[k];
  return validateCheckout(p);
};

describe('checkout() required parameters', () => {
  it('accepts the minimal valid call', () => {
    expect(validateCheckout(valid)).toBeUndefined();
  });
  it('refuses a non-object', () => {
    expect(validateCheckout('x')).toMatchObject({ result: 'ERROR', status: 'ERROR', errCode: 1019 });
  });
  it.each(Object.keys(valid) as Array<keyof typeof valid>)('%s is required', (k) => {
    expect(without(k)).toMatchObject({ result: 'ERROR', errCode: 1019, errorDescription: `${k} is required` });
  });
  it.each([
    ['sessionToken', 'x'.repeat(37), 1019],
    ['merchantId', 'x'.repeat(21), 1019],
    ['merchantSiteId', 'x'.repeat(21), 1019],
    ['amount', '10,50', 1040],
    ['amount', '-1', 1040],
    ['currency', 'eur', 1041],
    ['currency', 'EURO', 1041],
    ['country', 'de', 1019],
    ['country', 'DEU', 1019],
    ['userId', 'x'.repeat(21), 1019],
    ['onResult', 'not a function', 1019],
    ['billingAddress', { country: 'DE' }, 1019],
    ['billingAddress', { ...valid.billingAddress, email: 'nope' }, 1019],
  ])('%s = %j is refused (errCode %i)', (k, v, code) => {
    expect(check({ [k]: v })).toMatchObject({ result: 'ERROR', errCode: code });
  });
  it('accepts country detect and a numeric amount', () => {
    expect(check({ country: 'detect', amount: 15 })).toBeUndefined();
  });
});

describe('checkout() options', () => {
  it.each([
    ['savePM', 'true'],
    ['savePM', true],
    ['savePM', 'force'],
    ['savePM', 'false'],
    ['savePM', 'always'],
    ['apmConfig', { apmgw_RedirectPay: { savePM: 'false' }, cc_card: { savePM: 'always' } }],
    ['selectUpo', 'first'],
    ['selectUpo', 12345],
    ['selectPM', 'apmgw_RedirectPay'],
    ['selectPM', 'first'],
    ['selectPM', 'none'],
    ['fullName', 'John Smith'],
    ['email', 'john@example.com'],
    ['support19Digits', true],
    ['upoRestriction', { maxApmUpos: 2, onePerApm: true, maxCards: 3 }],
    [
      'cardInstallments',
      { installmentType: { singlePayment: true, type1: [3, 6], type2: [12], type3: [18] }, nationalId: '' },
    ],
    ['promoCode', true],
    ['useDualBrand', true],
    ['logLevel', 6],
    ['env', 'int'],
    ['cardLogo', false],
    ['cardLogo', { cardLogoPosition: 'left', backgroundSize: '24px' }],
    ['disableDeleteUpoButton', true],
    ['prepopulateApmFields', { email: 'a@b.co', iban: 'DE89370400440532013000' }],
    ['readonlyPrepopulateApmFields', true],
    ['strictCardBlocking', true],
    ['asciiValidation', true],
    ['preventScrollOnInt', true],
    ['blockCards', [['visa'], ['mastercard', 'credit']]],
    ['cardWhitelist', [['visa']]],
    ['pmWhitelist', ['cc_card', 'apmgw_RedirectPay']],
    ['locale', 'pl'],
    ['useDCC', 'force'],
    ['strictDcc', true],
    ['subMethod', 'QuickPay'],
    ['showCardLogos', false],
    ['maskCvv', true],
    ['alwaysCollectCvv', 'optional'],
    ['alwaysCollectCvv', false],
    ['textDirection', 'rtl'],
    ['theme', 'cashier'],
    ['paymentTiles', 'showMore'],
    ['apmWindowType', 'newTab'],
    ['disableDeclineRecovery', true],
    ['i18n', { title: 'Kasse' }],
    ['showResponseMessage', false],
    ['userDetails', { firstName: 'John' }],
    ['shippingAddress', { country: 'DE' }],
    ['merchantDetails', { customField1: 'x' }],
    ['onReady', () => undefined],
    ['prePayment', () => Promise.resolve()],
    ['onDeclineRecovery', () => Promise.resolve({})],
  ])('%s = %j is accepted', (k, v) => {
    expect(check({ [k]: v })).toBeUndefined();
  });

  it.each([
    ['savePM', 'maybe'],
    ['apmConfig', { paypal: {} }],
    ['apmConfig', { apmgw_X: { savePM: 'force' } }],
    ['selectPM', 'paypal'],
    ['fullName', 'x'.repeat(71)],
    ['support19Digits', 'yes'],
    ['upoRestriction', { maxCards: -1 }],
    ['upoRestriction', { onePerApm: 'yes' }],
    ['cardInstallments', { installmentType: { type1: [0] } }],
    ['cardInstallments', { installmentType: { type2: [] } }],
    ['cardInstallments', { installmentType: {} }],
    ['cardInstallments', {}],
    ['logLevel', 9],
    ['env', 'dev'],
    ['cardLogo', true],
    ['cardLogo', { cardLogoPosition: 'top' }],
    ['prepopulateApmFields', { email: { a: 1 } }],
    ['blockCards', ['visa']],
    ['pmWhitelist', 'cc_card'],
    ['locale', 'nl'],
    ['useDCC', 'yes'],
    ['alwaysCollectCvv', 'sometimes'],
    ['textDirection', 'ttb'],
    ['theme', 'grid'],
    ['paymentTiles', 'all'],
    ['apmWindowType', 'iframe'],
    ['i18n', 'de'],
    ['onReady', 'ready'],
    ['prePayment', true],
  ])('%s = %j is refused with the SDK error shape', (k, v) => {
    const err = check({ [k]: v });
    expect(err).toMatchObject({ result: 'ERROR', status: 'ERROR', errCode: 1019 });
    expect(err!.errorDescription).toContain(k);
  });

  it('blockCards and cardWhitelist are never both given', () => {
    expect(check({ blockCards: [['visa']], cardWhitelist: [['mastercard']] })).toMatchObject({
      errCode: 1019,
      errorDescription: 'blockCards and cardWhitelist cannot both be given',
    });
  });
  it('savePmUrl needs savePM always, and an http(s) URL', () => {
    expect(check({ savePmUrl: 'https://shop.example/terms' })).toMatchObject({ errCode: 1019 });
    expect(check({ savePM: 'always', savePmUrl: 'https://shop.example/terms' })).toBeUndefined();
    expect(check({ savePM: 'always', savePmUrl: 'javascript:alert(1)' })).toMatchObject({ errCode: 1019 });
  });
  it('openAmount: min ≤ amount ≤ max; amountSuggestions at most three, within the bounds, only with openAmount', () => {
    const openAmount = { min: 5, max: 50 };
    expect(check({ openAmount, amountSuggestions: ['10.00', '20.00', '30.00'] })).toBeUndefined();
    expect(check({ openAmount, amountSuggestions: ['10.00', '20.00', '30.00', '40.00'] })).toMatchObject({
      errorDescription: 'amountSuggestions must have at most 3 amounts',
    });
    expect(check({ openAmount, amountSuggestions: ['60.00'] })).toMatchObject({ errCode: 1019 });
    expect(check({ amountSuggestions: ['10.00'] })).toMatchObject({
      errorDescription: 'amountSuggestions needs openAmount',
    });
    expect(check({ openAmount: { min: 50, max: 5 } })).toMatchObject({ errCode: 1019 });
    expect(check({ openAmount: { min: 20, max: 50 } })).toMatchObject({ errCode: 1040 });
    expect(check({ openAmount: { min: 5 } })).toMatchObject({ errorDescription: 'openAmount.max is required' });
  });
});

describe('useDualBrand (docs/decisions/0413)', () => {
  it.each(['yes', 1, {}])('refuses %j: a boolean only', (v) => {
    expect(check({ useDualBrand: v })).toMatchObject({ result: 'ERROR', errCode: 1019 });
    expect(check({ useDualBrand: v })?.errorDescription).toMatch(/useDualBrand/);
  });
  it('is off unless set to true', () => {
    expect(normaliseOptions({ ...valid }).useDualBrand).toBe(false);
    expect(normaliseOptions({ ...valid, useDualBrand: false }).useDualBrand).toBe(false);
    expect(normaliseOptions({ ...valid, useDualBrand: true }).useDualBrand).toBe(true);
  });
});

describe('normaliseOptions', () => {
  it('fills the documented defaults', () => {
    const o = normaliseOptions({ ...valid });
    expect(o).toMatchObject({
      env: 'prod',
      logLevel: 0,
      savePM: 'true',
      locale: 'en',
      useDCC: 'disable',
      theme: 'tiles',
      paymentTiles: 'splash',
      apmWindowType: 'popup',
      textDirection: 'ltr',
      alwaysCollectCvv: 'always',
      showResponseMessage: true,
      showCardLogos: true,
      cardLogo: { cardLogoPosition: 'right' },
      disableDeclineRecovery: false,
      amountSuggestions: [],
      blockCards: [],
      cardWhitelist: [],
    });
    expect(o.callbacks.onResult).toBe(onResult);
  });
  it('reads boolean savePM, alwaysCollectCvv false and installments', () => {
    const o = normaliseOptions({
      ...valid,
      savePM: false,
      alwaysCollectCvv: false,
      cardInstallments: { installmentType: { type2: [3] } },
      openAmount: { min: '5.00', max: '50' },
    });
    expect(o.savePM).toBe('false');
    expect(o.alwaysCollectCvv).toBe('never');
    expect(o.cardInstallments?.installmentType).toEqual({ singlePayment: false, type1: [], type2: [3], type3: [] });
    expect(o.openAmount).toEqual({ min: 5, max: 50 });
  });
});
