import { describe, expect, it } from 'vitest';
import { validateWithdrawal } from '../src/withdrawal/options.js';
import { normaliseWithdrawal } from '../src/withdrawal/normalise.js';

/**
 * withdrawal(params) input rules (docs/web-sdk.md, withdrawal(); docs/decisions/0520): every parameter,
 * good and bad. The stub in websdk.js answers these errors (the SDK's error shape) before anything
 * renders or downloads; e2e/withdrawal-ui.e2e.test.ts shows that in the browser.
 */

const onResult = () => undefined;
const valid = {
  sessionToken: '0b1f6a3c-7f7e-4a56-9d57-3d7f0c1e2a44',
  merchantId: '4791862335123456789',
  merchantSiteId: '204388',
  amount: '20.00',
  currency: 'EUR',
  renderTo: '#cashier',
  country: 'DE',
  userId: 'user-42',
  onResult,
};
const check = (extra: Record<string, unknown>) => validateWithdrawal({ ...valid, ...extra });
const without = (k: keyof typeof valid) => {
  const p: Record<string, unknown> = { ...valid };
  delete p[k];
  return validateWithdrawal(p);
};
const SHAPE = { result: 'ERROR', status: 'ERROR' };

describe('withdrawal() required parameters', () => {
  it('accepts the minimal valid call', () => {
    expect(validateWithdrawal(valid)).toBeUndefined();
  });
  it('refuses a non-object', () => {
    expect(validateWithdrawal(null)).toMatchObject({ ...SHAPE, errCode: 1019 });
    expect(validateWithdrawal('x')).toMatchObject({ ...SHAPE, errCode: 1019 });
  });
  it.each(Object.keys(valid) as Array<keyof typeof valid>)('%s is required', (k) => {
    expect(without(k)).toEqual({
      ...SHAPE,
      errCode: 1019,
      reason: `${k} is required`,
      errorDescription: `${k} is required`,
    });
  });
  it.each([
    ['sessionToken', 'x'.repeat(37), 1019],
    ['merchantId', 'x'.repeat(21), 1019],
    ['merchantSiteId', 'x'.repeat(21), 1019],
    ['amount', 'ten', 1040],
    ['amount', '-5', 1040],
    ['amount', '0', 1040],
    ['currency', 'eur', 1041],
    ['currency', 'EURO', 1041],
    ['renderTo', 42, 1019],
    ['country', 'de', 1019],
    ['country', 'DEU', 1019],
    ['userId', 'x'.repeat(256), 1019],
    ['onResult', 'not a function', 1019],
  ])('%s = %j is refused (%i)', (k, v, code) => {
    expect(check({ [k]: v })).toMatchObject({ ...SHAPE, errCode: code });
  });
  it('takes amount as a number and country detect', () => {
    expect(check({ amount: 20, country: 'detect' })).toBeUndefined();
  });
});

describe('withdrawal() optional parameters', () => {
  it.each([
    ['clientUniqueId', 'c-1'],
    ['userTokenId', 'user-42'],
    ['merchantWDRequestId', 'mwd-1'],
    ['merchantUniqueId', 'mu-1'],
    ['userAccountId', 'acc-1'],
    ['userDetails', { firstName: 'John', lastName: 'Smith', countryCode: 'DE', email: 'john@example.com' }],
    ['locale', 'he'],
    ['locale', 'ru'],
    ['i18n', { withdraw: 'Cash out' }],
    ['theme', 'tiles'],
    ['theme', 'horizontal'],
    ['theme', 'accordion'],
    ['theme', 'cashier'],
    ['paymentTiles', 'showMore'],
    ['payButton', 'textButton'],
    ['pmWhitelist', ['cc_card', 'apmgw_expresscheckout']],
    ['pmBlacklist', ['apmgw_expresscheckout']],
    ['blockCards', [['visa'], ['mastercard', 'prepaid']]],
    ['cardWhiteList', [['visa']]],
    ['cardWhitelist', [['visa']]],
    ['showResponseMessage', true],
    ['showResponseMessage', false],
    ['showResponseMessage', { pending: false, decline: true }],
    ['savePmUrl', 'https://shop.example/terms'],
    ['selectUpo', 'first'],
    ['selectUpo', 12345],
    ['selectPM', 'cc_card'],
    ['selectPM', 'none'],
    ['logLevel', 3],
    ['env', 'int'],
    ['strictCardBlocking', true],
    ['wdRequestsLimit', '3'],
    ['wdRequestsLimit', 2],
    ['onReady', () => undefined],
    ['onSuggestedAmount', () => undefined],
    ['wdRequestCanceled', () => undefined],
    ['appearance', { variables: { colorPrimary: '#0a7d38' } }],
  ])('%s = %j is accepted', (k, v) => {
    expect(check({ [k]: v })).toBeUndefined();
  });

  it.each([
    ['clientUniqueId', 'x'.repeat(46)],
    ['userTokenId', 'x'.repeat(256)],
    ['merchantWDRequestId', 7],
    ['userDetails', { email: 'not-an-email' }],
    ['userDetails', { firstName: 'x'.repeat(31) }],
    ['userDetails', 'John'],
    ['locale', 'ar'],
    ['locale', 'EN'],
    ['i18n', { withdraw: { nested: true } }],
    ['theme', 'carousel'],
    ['paymentTiles', 'all'],
    ['payButton', 'bigButton'],
    ['pmWhitelist', 'cc_card'],
    ['pmBlacklist', [1]],
    ['blockCards', ['visa']],
    ['cardWhiteList', 'visa'],
    ['showResponseMessage', 'yes'],
    ['showResponseMessage', { approved: true }],
    ['showResponseMessage', { pending: 'no' }],
    ['savePmUrl', 'javascript:alert(1)'],
    ['selectUpo', 'x'.repeat(21)],
    ['selectPM', 'paypal'],
    ['logLevel', 9],
    ['env', 'test'],
    ['strictCardBlocking', 'yes'],
    ['wdRequestsLimit', '0'],
    ['wdRequestsLimit', 'one'],
    ['wdRequestsLimit', '1000'],
    ['onReady', 'ready'],
    ['wdRequestCanceled', {}],
    ['appearance', { variables: { colorPrimary: 'red;}' } }],
  ])('%s = %j is refused with the SDK error shape', (k, v) => {
    const err = check({ [k]: v });
    expect(err).toMatchObject({ ...SHAPE, errCode: expect.any(Number) });
    expect(err!.reason).toBe(err!.errorDescription);
    expect(String(err!.reason)).toContain(k);
  });

  it.each([
    [{ pmWhitelist: ['cc_card'], pmBlacklist: ['apmgw_x'] }, 'pmWhitelist and pmBlacklist cannot both be given'],
    [{ blockCards: [['visa']], cardWhiteList: [['mastercard']] }, 'blockCards and cardWhiteList cannot both be given'],
    [{ blockCards: [['visa']], cardWhitelist: [['mastercard']] }, 'blockCards and cardWhitelist cannot both be given'],
  ])('never both of a pair: %j', (extra, reason) => {
    expect(check(extra)).toMatchObject({ ...SHAPE, errCode: 1019, reason });
  });

  it('amountSuggestions: at most three, within openAmount, and only with it', () => {
    const openAmount = { min: 10, max: 100 };
    expect(check({ openAmount, amountSuggestions: ['20', '50', '100'] })).toBeUndefined();
    expect(check({ openAmount, amountSuggestions: ['20', '30', '40', '50'] })).toMatchObject({
      ...SHAPE,
      errCode: 1019,
      reason: 'amountSuggestions must have at most 3 amounts',
    });
    expect(check({ openAmount, amountSuggestions: ['200'] })).toMatchObject({ errCode: 1019 });
    expect(check({ amountSuggestions: ['20'] })).toMatchObject({ reason: 'amountSuggestions needs openAmount' });
  });

  it('openAmount: an object of min and max around the amount', () => {
    expect(check({ openAmount: { min: 10, max: 100 } })).toBeUndefined();
    expect(check({ openAmount: { min: 100, max: 10 } })).toMatchObject({ errCode: 1019 });
    expect(check({ openAmount: { min: 30, max: 100 } })).toMatchObject({ errCode: 1040 });
    expect(check({ openAmount: 50 })).toMatchObject({ errCode: 1019 });
    expect(check({ openAmount: { min: 'x', max: 10 } })).toMatchObject({ errCode: 1040 });
  });
});

describe('withdrawal() defaults', () => {
  it('fills in the defaults of docs/decisions/0520', () => {
    const o = normaliseWithdrawal({ ...valid });
    expect(o).toMatchObject({
      userTokenId: 'user-42',
      locale: 'en',
      theme: 'horizontal',
      paymentTiles: 'splash',
      payButton: 'amountButton',
      wdRequestsLimit: 1,
      env: 'prod',
      logLevel: 0,
      strictCardBlocking: false,
      blockCards: [],
      cardWhitelist: [],
      amountSuggestions: [],
      showResponseMessage: { pending: true, decline: true, success: true, expired: true },
    });
    expect(o.callbacks.onResult).toBe(onResult);
  });
  it('showResponseMessage false keeps only the expired pop-up; an object leaves the rest on', () => {
    expect(normaliseWithdrawal({ ...valid, showResponseMessage: false }).showResponseMessage).toEqual({
      pending: false,
      decline: false,
      success: false,
      expired: true,
    });
    expect(
      normaliseWithdrawal({ ...valid, showResponseMessage: { pending: false, expired: false } }).showResponseMessage,
    ).toEqual({ pending: false, decline: true, success: true, expired: true });
  });
  it('cardWhiteList and cardWhitelist are the same option; wdRequestsLimit a number', () => {
    expect(normaliseWithdrawal({ ...valid, cardWhiteList: [['visa']] }).cardWhitelist).toEqual([['visa']]);
    expect(normaliseWithdrawal({ ...valid, cardWhitelist: [['visa']] }).cardWhitelist).toEqual([['visa']]);
    expect(normaliseWithdrawal({ ...valid, wdRequestsLimit: '3', userTokenId: 'tok-1' })).toMatchObject({
      wdRequestsLimit: 3,
      userTokenId: 'tok-1',
    });
  });
});
