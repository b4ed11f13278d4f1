import { describe, expect, it } from 'vitest';
import {
  checkExpiry,
  validateAccountCapture,
  validateAddApmUpo,
  validateAddCardUpo,
  validateCreatePayment,
  validateDccDetails,
  validateGetApms,
  validateGetCardDetails,
  validateGetToken,
  validateInit,
  validateSetOpenAmount,
  validateWalletPayment,
} from '../src/validation.js';

// 2026-11-22T12:00:00Z: expiry rules are checked against this instant.
const NOW = Date.UTC(2026, 10, 22, 12);
const TOKEN = '3f1c2b8e-1d2a-4c5b-9e7f-0a1b2c3d4e5f';
const ID = { sessionToken: TOKEN, merchantId: '1234567890', merchantSiteId: '123456' };
const VISA = '4761344136141390';
const billing = { country: 'US', email: 'john@example.com', firstName: 'John', lastName: 'Smith' };
const FIELDS = Symbol('fields');
const isFields = (v: unknown) => v === FIELDS;

/** The error's code and a description naming the field, or undefined. */
const err = (e: { errCode: number; errorDescription: string } | undefined) =>
  e ? `${e.errCode} ${e.errorDescription}` : undefined;

describe('ServiceSdk(params)', () => {
  const ok = { ...ID, env: 'int' };
  it('accepts the required members', () => expect(validateInit(ok)).toBeUndefined());
  it.each(['sessionToken', 'merchantId', 'merchantSiteId'])('requires %s', (f) => {
    expect(err(validateInit({ ...ok, [f]: undefined }))).toBe(`1019 ${f} is required`);
  });
  it('limits merchantId and merchantSiteId to 20 characters, sessionToken to 36', () => {
    expect(err(validateInit({ ...ok, merchantId: '1'.repeat(21) }))).toMatch(/merchantId must be at most 20/);
    expect(err(validateInit({ ...ok, merchantSiteId: '1'.repeat(21) }))).toMatch(/merchantSiteId must be at most 20/);
    expect(err(validateInit({ ...ok, sessionToken: 'x'.repeat(37) }))).toMatch(/sessionToken must be at most 36/);
  });
  it('env is prod (default) or int', () => {
    expect(validateInit({ ...ID })).toBeUndefined();
    expect(validateInit({ ...ID, env: 'prod' })).toBeUndefined();
    expect(err(validateInit({ ...ID, env: 'test' }))).toMatch(/env must be one of prod, int/);
  });
  it('logLevel is 0 to 6', () => {
    for (const l of [0, '1', 6]) expect(validateInit({ ...ok, logLevel: l })).toBeUndefined();
    expect(err(validateInit({ ...ok, logLevel: 7 }))).toMatch(/logLevel must be 0 to 6/);
    expect(err(validateInit({ ...ok, logLevel: 'debug' }))).toMatch(/logLevel/);
  });
  it.each(['blockPasteCard', 'support19Digits', 'disableServiceAnalytics', 'showAccountCapture', 'strictCardBlocking'])(
    '%s is a boolean',
    (f) => {
      expect(validateInit({ ...ok, [f]: true })).toBeUndefined();
      expect(err(validateInit({ ...ok, [f]: 'yes' }))).toBe(`1019 ${f} must be true or false`);
    },
  );
  it('blockCards is an array of attribute lists', () => {
    expect(validateInit({ ...ok, blockCards: [['visa', 'credit'], ['amex']] })).toBeUndefined();
    expect(err(validateInit({ ...ok, blockCards: ['visa'] }))).toMatch(
      /blockCards must be an array of attribute lists/,
    );
    expect(err(validateInit({ ...ok, blockCards: [[1]] }))).toMatch(/blockCards/);
  });
  it('onPaymentEvent is a function', () => {
    expect(validateInit({ ...ok, onPaymentEvent: () => undefined })).toBeUndefined();
    expect(err(validateInit({ ...ok, onPaymentEvent: 'x' }))).toMatch(/onPaymentEvent must be a function/);
  });
  it('cvvIcon is a boolean or {backgroundImage, tooltipPosition top|bottom}', () => {
    expect(validateInit({ ...ok, cvvIcon: true })).toBeUndefined();
    expect(
      validateInit({ ...ok, cvvIcon: { backgroundImage: 'https://x.test/cvv.png', tooltipPosition: 'bottom' } }),
    ).toBeUndefined();
    expect(err(validateInit({ ...ok, cvvIcon: { tooltipPosition: 'left' } }))).toMatch(
      /tooltipPosition must be top or bottom/,
    );
    expect(err(validateInit({ ...ok, cvvIcon: { backgroundImage: 'javascript:alert(1)' } }))).toMatch(
      /backgroundImage/,
    );
    expect(err(validateInit({ ...ok, cvvIcon: 'yes' }))).toMatch(/cvvIcon/);
  });
  it('needs an object', () => expect(err(validateInit(undefined))).toMatch(/ServiceSdk needs an object/));
});

describe('createPayment(params)', () => {
  const card = {
    cardNumber: VISA,
    cardHolderName: 'John Smith',
    expirationMonth: '12',
    expirationYear: '2030',
    CVV: '217',
  };
  const v = (p: Record<string, unknown>) => err(validateCreatePayment(p, isFields, NOW));
  it('accepts the hosted fields as paymentOption', () =>
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS })).toBeUndefined());
  it('requires sessionToken and paymentOption', () => {
    expect(v({ paymentOption: FIELDS })).toBe('1019 sessionToken is required');
    expect(v({ sessionToken: TOKEN })).toBe('1019 paymentOption is required');
  });
  it('paymentOption has exactly one of userPaymentOptionId, alternativePaymentMethod, subMethod, card', () => {
    expect(v({ sessionToken: TOKEN, paymentOption: {} })).toMatch(
      /^1019 one of paymentOption.userPaymentOptionId, .* is required/,
    );
    expect(
      v({
        sessionToken: TOKEN,
        paymentOption: { card, alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay' } },
      }),
    ).toMatch(/exactly one of/);
  });
  it('card: every member required, with its length', () => {
    expect(v({ sessionToken: TOKEN, paymentOption: { card } })).toBeUndefined();
    for (const f of Object.keys(card)) {
      expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, [f]: undefined } } })).toBe(
        `1019 paymentOption.card.${f} is required`,
      );
    }
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, cardNumber: '4'.repeat(21) } } })).toMatch(
      /^1004 paymentOption.card.cardNumber must be at most 20/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, cardNumber: '4761344136141391' } } })).toMatch(
      /^1004 .*not a valid card number/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, cardHolderName: 'x'.repeat(71) } } })).toMatch(
      /cardHolderName must be at most 70/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationMonth: '13' } } })).toMatch(
      /^1029 .*expirationMonth/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationYear: '20301' } } })).toMatch(
      /^1029 .*expirationYear must be at most 4/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, CVV: '12' } } })).toMatch(
      /^1062 paymentOption.card.CVV must be 3 or 4 digits/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { card: { ...card, CVV: '12345' } } })).toMatch(/^1062/);
  });
  it('card expiry: in the future, at most 10 years ahead, two-digit years are 2000 + value', () => {
    expect(
      v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationMonth: '11', expirationYear: '26' } } }),
    ).toBeUndefined();
    expect(
      v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationMonth: '10', expirationYear: '2026' } } }),
    ).toBe('1029 expiration date: card is expired');
    expect(
      v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationMonth: '11', expirationYear: '2036' } } }),
    ).toBeUndefined();
    expect(
      v({ sessionToken: TOKEN, paymentOption: { card: { ...card, expirationMonth: '12', expirationYear: '36' } } }),
    ).toBe('1029 expiration date: expiration date must be at most 10 years ahead');
  });
  it('userPaymentOptionId: optional expirationMonth (2), expirationYear (4), CVV (4)', () => {
    expect(v({ sessionToken: TOKEN, paymentOption: { userPaymentOptionId: '123' } })).toBeUndefined();
    expect(
      v({
        sessionToken: TOKEN,
        paymentOption: { userPaymentOptionId: '123', CVV: '217', expirationMonth: '01', expirationYear: '2028' },
      }),
    ).toBeUndefined();
    expect(v({ sessionToken: TOKEN, paymentOption: { userPaymentOptionId: '123', CVV: '2' } })).toMatch(/^1062/);
    expect(v({ sessionToken: TOKEN, paymentOption: { userPaymentOptionId: '123', expirationMonth: '01' } })).toMatch(
      /go together/,
    );
    expect(
      v({
        sessionToken: TOKEN,
        paymentOption: { userPaymentOptionId: '123', expirationMonth: '01', expirationYear: '20281' },
      }),
    ).toMatch(/^1029/);
    expect(v({ sessionToken: TOKEN, paymentOption: { userPaymentOptionId: 'x'.repeat(21) } })).toMatch(
      /userPaymentOptionId must be at most 20/,
    );
  });
  it('alternativePaymentMethod needs paymentMethod (50); subMethod needs subMethod (50), email (255)', () => {
    expect(
      v({ sessionToken: TOKEN, paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay' } } }),
    ).toBeUndefined();
    expect(v({ sessionToken: TOKEN, paymentOption: { alternativePaymentMethod: {} } })).toBe(
      '1019 paymentOption.alternativePaymentMethod.paymentMethod is required',
    );
    expect(
      v({ sessionToken: TOKEN, paymentOption: { alternativePaymentMethod: { paymentMethod: 'x'.repeat(51) } } }),
    ).toMatch(/at most 50/);
    expect(v({ sessionToken: TOKEN, paymentOption: { subMethod: { subMethod: 'ApplePay' } } })).toBeUndefined();
    expect(v({ sessionToken: TOKEN, paymentOption: { subMethod: { referenceId: 'r' } } })).toBe(
      '1019 paymentOption.subMethod.subMethod is required',
    );
    expect(v({ sessionToken: TOKEN, paymentOption: { subMethod: { subMethod: 'x', email: 'not-mail' } } })).toMatch(
      /email must be an e-mail/,
    );
  });
  it('billingAddress requires country, email, firstName, lastName and keeps the lengths', () => {
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, billingAddress: billing })).toBeUndefined();
    for (const f of ['country', 'email', 'firstName', 'lastName']) {
      expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, billingAddress: { ...billing, [f]: undefined } })).toBe(
        `1019 billingAddress.${f} is required`,
      );
    }
    const long: Record<string, number> = {
      address: 50,
      addressLine2: 50,
      addressLine3: 50,
      phone: 18,
      zip: 10,
      city: 30,
      state: 3,
      county: 255,
      firstName: 30,
      lastName: 40,
    };
    for (const [f, n] of Object.entries(long)) {
      expect(
        v({ sessionToken: TOKEN, paymentOption: FIELDS, billingAddress: { ...billing, [f]: 'a'.repeat(n + 1) } }),
      ).toBe(`1019 billingAddress.${f} must be at most ${n} characters`);
    }
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, billingAddress: { ...billing, country: 'USA' } })).toMatch(
      /country must be 2 letters/,
    );
  });
  it('apmWindowType, alwaysCollectCvv, selectedBrand (128), cardHolderName (70), clientUniqueId (45)', () => {
    for (const t of ['popup', 'newTab', 'redirect', 'customRedirect'])
      expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, apmWindowType: t })).toBeUndefined();
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, apmWindowType: 'iframe' })).toMatch(
      /apmWindowType must be one of/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, alwaysCollectCvv: 'optional' })).toBeUndefined();
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, alwaysCollectCvv: 'never' })).toMatch(/alwaysCollectCvv/);
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, selectedBrand: 'x'.repeat(129) })).toMatch(
      /selectedBrand must be at most 128/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, cardHolderName: 'x'.repeat(71) })).toMatch(
      /cardHolderName must be at most 70/,
    );
    expect(v({ sessionToken: TOKEN, paymentOption: FIELDS, clientUniqueId: 'x'.repeat(46) })).toMatch(
      /clientUniqueId must be at most 45/,
    );
  });
});

describe('getApms(params)', () => {
  it('all members optional', () => {
    expect(validateGetApms(undefined)).toBeUndefined();
    expect(validateGetApms({})).toBeUndefined();
    expect(
      validateGetApms({ currencyCode: 'EUR', countryCode: 'DE', languageCode: 'de', type: 'WITHDRAWAL' }),
    ).toBeUndefined();
  });
  it('countryCode is 2 letters or detect; currencyCode 3 letters; languageCode 2; type DEPOSIT or WITHDRAWAL', () => {
    expect(validateGetApms({ countryCode: 'detect' })).toBeUndefined();
    expect(err(validateGetApms({ countryCode: 'DEU' }))).toMatch(/countryCode must be 2 letters/);
    expect(err(validateGetApms({ currencyCode: 'EU' }))).toMatch(/currencyCode must be 3 letters/);
    expect(err(validateGetApms({ languageCode: 'eng' }))).toMatch(/languageCode must be 2 letters/);
    expect(err(validateGetApms({ type: 'PAYOUT' }))).toMatch(/type must be one of DEPOSIT, WITHDRAWAL/);
  });
});

describe('getCardDetails(params)', () => {
  it('sessionToken (36), merchantId, merchantSiteId required', () => {
    expect(validateGetCardDetails({ ...ID, cardNumber: VISA })).toBeUndefined();
    for (const f of Object.keys(ID))
      expect(err(validateGetCardDetails({ ...ID, [f]: undefined, cardNumber: VISA }))).toBe(`1019 ${f} is required`);
    expect(err(validateGetCardDetails({ ...ID, sessionToken: 'x'.repeat(37), cardNumber: VISA }))).toMatch(
      /at most 36/,
    );
  });
  it('exactly one of cardNumber (20) and useFields', () => {
    expect(validateGetCardDetails({ ...ID, useFields: true })).toBeUndefined();
    expect(err(validateGetCardDetails({ ...ID }))).toBe('1019 one of cardNumber, useFields is required');
    expect(err(validateGetCardDetails({ ...ID, cardNumber: VISA, useFields: true }))).toBe(
      '1019 exactly one of cardNumber, useFields must be given',
    );
    expect(err(validateGetCardDetails({ ...ID, cardNumber: '4'.repeat(21) }))).toMatch(
      /^1004 cardNumber must be at most 20/,
    );
    expect(err(validateGetCardDetails({ ...ID, useFields: 'yes' }))).toMatch(/useFields must be true/);
  });
  it('clientRequestId (255), clientUniqueId (45) optional', () => {
    expect(
      validateGetCardDetails({ ...ID, cardNumber: VISA, clientRequestId: 'r', clientUniqueId: 'u' }),
    ).toBeUndefined();
    expect(err(validateGetCardDetails({ ...ID, cardNumber: VISA, clientRequestId: 'r'.repeat(256) }))).toMatch(
      /clientRequestId must be at most 255/,
    );
    expect(err(validateGetCardDetails({ ...ID, cardNumber: VISA, clientUniqueId: 'u'.repeat(46) }))).toMatch(
      /clientUniqueId must be at most 45/,
    );
  });
});

describe('clientGetDccDetails(params)', () => {
  const base = { ...ID, clientUniqueId: 'u1', currency: 'USD' };
  it('clientUniqueId (45) required', () => {
    expect(validateDccDetails({ ...base, cardNumber: VISA })).toBeUndefined();
    expect(err(validateDccDetails({ ...base, clientUniqueId: undefined, cardNumber: VISA }))).toBe(
      '1019 clientUniqueId is required',
    );
    expect(err(validateDccDetails({ ...base, clientUniqueId: 'u'.repeat(46), cardNumber: VISA }))).toMatch(
      /at most 45/,
    );
  });
  it('exactly one of cardNumber (20), apm (50), useFields', () => {
    expect(validateDccDetails({ ...base, apm: 'apmgw_RedirectPay' })).toBeUndefined();
    expect(validateDccDetails({ ...base, useFields: true })).toBeUndefined();
    expect(err(validateDccDetails({ ...base }))).toBe('1019 one of cardNumber, apm, useFields is required');
    expect(err(validateDccDetails({ ...base, apm: 'x', useFields: true }))).toBe(
      '1019 exactly one of cardNumber, apm, useFields must be given',
    );
    expect(err(validateDccDetails({ ...base, apm: 'x'.repeat(51) }))).toMatch(/apm must be at most 50/);
  });
  it('currency (3) or country (2) required; currency wins when both are given', () => {
    expect(err(validateDccDetails({ ...ID, clientUniqueId: 'u', apm: 'x' }))).toBe(
      '1019 one of currency, country is required',
    );
    expect(validateDccDetails({ ...ID, clientUniqueId: 'u', apm: 'x', country: 'GB' })).toBeUndefined();
    expect(err(validateDccDetails({ ...ID, clientUniqueId: 'u', apm: 'x', country: 'GBR' }))).toMatch(
      /country must be 2 letters/,
    );
    expect(validateDccDetails({ ...base, apm: 'x', country: 'GBR' })).toBeUndefined();
    expect(err(validateDccDetails({ ...base, currency: 'US', apm: 'x' }))).toMatch(/currency must be 3 letters/);
  });
});

describe('accountCapture(params)', () => {
  const ok = { ...ID, userTokenId: 'u1', paymentMethod: 'apmgw_BankPayout', currencyCode: 'EUR', countryCode: 'DE' };
  it('all required except languageCode and urlDetails', () => {
    expect(validateAccountCapture(ok)).toBeUndefined();
    for (const f of Object.keys(ok))
      expect(err(validateAccountCapture({ ...ok, [f]: undefined }))).toBe(`1019 ${f} is required`);
  });
  it('lengths: userTokenId 255, paymentMethod 50, currencyCode 3, countryCode 2, languageCode 2, URLs 1000, app links 255', () => {
    expect(err(validateAccountCapture({ ...ok, userTokenId: 'u'.repeat(256) }))).toMatch(
      /userTokenId must be at most 255/,
    );
    expect(err(validateAccountCapture({ ...ok, paymentMethod: 'p'.repeat(51) }))).toMatch(
      /paymentMethod must be at most 50/,
    );
    expect(err(validateAccountCapture({ ...ok, currencyCode: 'EURO' }))).toMatch(/currencyCode must be 3 letters/);
    expect(err(validateAccountCapture({ ...ok, countryCode: 'DEU' }))).toMatch(/countryCode must be 2 letters/);
    expect(err(validateAccountCapture({ ...ok, languageCode: 'deu' }))).toMatch(/languageCode must be 2 letters/);
    expect(
      validateAccountCapture({ ...ok, urlDetails: { successUrl: 'https://shop.test/ok', appUrl: 'app://x' } }),
    ).toBeUndefined();
    expect(
      err(validateAccountCapture({ ...ok, urlDetails: { successUrl: `https://shop.test/${'a'.repeat(1000)}` } })),
    ).toMatch(/urlDetails.successUrl must be at most 1000/);
    expect(err(validateAccountCapture({ ...ok, urlDetails: { failureUrl: 'not a url' } }))).toMatch(
      /urlDetails.failureUrl must be an http/,
    );
    expect(err(validateAccountCapture({ ...ok, urlDetails: { appReturnLink: 'a'.repeat(256) } }))).toMatch(
      /appReturnLink must be at most 255/,
    );
  });
});

describe('setOpenAmount(params)', () => {
  it('amount required as a decimal string; clientRequestId (255), clientUniqueId (45)', () => {
    expect(validateSetOpenAmount({ amount: '12.50', clientRequestId: 'r', clientUniqueId: 'u' })).toBeUndefined();
    expect(err(validateSetOpenAmount({}))).toBe('1019 amount is required');
    expect(err(validateSetOpenAmount({ amount: '-1' }))).toMatch(/^1040 amount must be a decimal amount/);
    expect(err(validateSetOpenAmount({ amount: 12 }))).toMatch(/^1040/);
    expect(err(validateSetOpenAmount({ amount: '1', clientUniqueId: 'u'.repeat(46) }))).toMatch(/at most 45/);
    expect(err(validateSetOpenAmount({ amount: '1', clientRequestId: 'r'.repeat(256) }))).toMatch(/at most 255/);
  });
});

describe('getToken(cardFields, params)', () => {
  it('needs the hosted fields, sessionToken and cardHolderName (70)', () => {
    expect(validateGetToken(true, { sessionToken: TOKEN, cardHolderName: 'John Smith' })).toBeUndefined();
    expect(err(validateGetToken(false, { sessionToken: TOKEN, cardHolderName: 'John' }))).toMatch(
      /needs the hosted card fields/,
    );
    expect(err(validateGetToken(true, { cardHolderName: 'John' }))).toBe('1019 sessionToken is required');
    expect(err(validateGetToken(true, { sessionToken: TOKEN }))).toBe('1019 cardHolderName is required');
    expect(err(validateGetToken(true, { sessionToken: TOKEN, cardHolderName: 'x'.repeat(71) }))).toMatch(/at most 70/);
  });
});

describe('addApmUpo(params)', () => {
  const ok = { paymentMethodName: 'apmgw_DirectDebit', apmData: { iban: 'DE89370400440532013000' } };
  it('paymentMethodName (50) and apmData (name-value pairs) required', () => {
    expect(validateAddApmUpo(ok)).toBeUndefined();
    expect(err(validateAddApmUpo({ ...ok, paymentMethodName: undefined }))).toBe('1019 paymentMethodName is required');
    expect(err(validateAddApmUpo({ ...ok, paymentMethodName: 'x'.repeat(51) }))).toMatch(/at most 50/);
    expect(err(validateAddApmUpo({ ...ok, apmData: undefined }))).toBe('1019 apmData is required');
    expect(err(validateAddApmUpo({ ...ok, apmData: {} }))).toMatch(/apmData must be an object of name-value pairs/);
    expect(err(validateAddApmUpo({ ...ok, apmData: { iban: 7 } }))).toMatch(/apmData.iban must be a string/);
  });
  it('billingAddress: every member optional, with its length', () => {
    expect(validateAddApmUpo({ ...ok, billingAddress: { country: 'DE' } })).toBeUndefined();
    const long: Record<string, number> = {
      email: 100,
      firstName: 30,
      lastName: 40,
      address: 50,
      cell: 18,
      phone: 18,
      zip: 10,
      city: 30,
      state: 3,
      county: 255,
    };
    for (const [f, n] of Object.entries(long)) {
      expect(err(validateAddApmUpo({ ...ok, billingAddress: { [f]: 'a'.repeat(n + 1) } }))).toBe(
        `1019 billingAddress.${f} must be at most ${n} characters`,
      );
    }
    expect(err(validateAddApmUpo({ ...ok, billingAddress: { country: 'DEU' } }))).toMatch(/country must be 2 letters/);
  });
});

describe('addCardUpo(params)', () => {
  const ok = { cardNumber: VISA, expMonth: '12', expYear: '2030', cardHolderName: 'John Smith' };
  const v = (p: Record<string, unknown>) => err(validateAddCardUpo(p, NOW));
  it('exactly one of useFields and cardNumber', () => {
    expect(v(ok)).toBeUndefined();
    expect(v({ useFields: true })).toBeUndefined();
    expect(v({})).toBe('1019 one of useFields, cardNumber is required');
    expect(v({ ...ok, useFields: true })).toBe('1019 exactly one of useFields, cardNumber must be given');
  });
  it('cardNumber needs expMonth and expYear; cardHolderName (70) only without useFields', () => {
    expect(v({ ...ok, expMonth: undefined })).toBe('1019 expMonth is required');
    expect(v({ ...ok, expYear: undefined })).toBe('1019 expYear is required');
    expect(v({ ...ok, cardHolderName: 'x'.repeat(71) })).toMatch(/cardHolderName must be at most 70/);
    expect(v({ useFields: true, cardHolderName: 'John' })).toMatch(/cardHolderName is taken from the hosted fields/);
    expect(v({ ...ok, cardNumber: '4'.repeat(21) })).toMatch(/^1004/);
  });
  it('expYear of 2 digits is 2000 + value; in the future; at most 10 years ahead', () => {
    expect(v({ ...ok, expMonth: '12', expYear: '30' })).toBeUndefined();
    expect(v({ ...ok, expMonth: '11', expYear: '26' })).toBeUndefined();
    expect(v({ ...ok, expMonth: '10', expYear: '26' })).toBe('1029 expiration date: card is expired');
    expect(v({ ...ok, expMonth: '11', expYear: '36' })).toBeUndefined();
    expect(v({ ...ok, expMonth: '12', expYear: '2036' })).toBe(
      '1029 expiration date: expiration date must be at most 10 years ahead',
    );
    expect(v({ ...ok, expYear: '203' })).toMatch(/^1029 expirationYear must have 2 or 4 digits/);
    expect(v({ ...ok, expMonth: '00' })).toMatch(/^1029 expMonth must be a two-digit month/);
  });
});

describe('createWalletPayment(params)', () => {
  const ok = { ...ID, currencyCode: 'EUR', countryCode: 'DE', total: { label: 'Shop', amount: '15.00' } };
  it('sessionToken, merchantId, merchantSiteId, currencyCode, countryCode, total required', () => {
    expect(validateWalletPayment(ok)).toBeUndefined();
    for (const f of Object.keys(ok))
      expect(err(validateWalletPayment({ ...ok, [f]: undefined }))).toBe(`1019 ${f} is required`);
    expect(err(validateWalletPayment({ ...ok, total: { label: 'Shop' } }))).toBe('1019 total.amount is required');
    expect(err(validateWalletPayment({ ...ok, total: { amount: '1.00' } }))).toBe('1019 total.label is required');
  });
  it('walletPay3Dflow enable|disable, collectUserDetails true|false, billingAddress required members', () => {
    expect(
      validateWalletPayment({ ...ok, walletPay3Dflow: 'enable', collectUserDetails: 'true', billingAddress: billing }),
    ).toBeUndefined();
    expect(err(validateWalletPayment({ ...ok, walletPay3Dflow: 'on' }))).toMatch(
      /walletPay3Dflow must be one of enable, disable/,
    );
    expect(err(validateWalletPayment({ ...ok, collectUserDetails: 'yes' }))).toMatch(
      /collectUserDetails must be true or false/,
    );
    expect(err(validateWalletPayment({ ...ok, billingAddress: { country: 'DE' } }))).toBe(
      '1019 billingAddress.email is required',
    );
    expect(err(validateWalletPayment({ ...ok, currencyCode: 'EURO' }))).toMatch(/currencyCode must be 3 letters/);
  });
});

describe('checkExpiry', () => {
  it('names the rule that failed', () => {
    expect(checkExpiry('12', '2030', NOW)).toBeUndefined();
    expect(err(checkExpiry('12', '30', NOW))).toBeUndefined();
    expect(err(checkExpiry('13', '2030', NOW))).toBe('1029 expiration date: expiration month must be 01 to 12');
    expect(err(checkExpiry('12', '2', NOW))).toBe('1029 expirationYear must have 2 or 4 digits');
  });
});
