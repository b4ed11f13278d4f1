import { expiryProblem, fullYear, luhn, digitsOf } from '@gatehouse/protocol';
import {
  amountText,
  bool,
  type Check,
  checkShape,
  email,
  exactlyOne,
  isObj,
  letters,
  type Obj,
  object,
  oneOf,
  opt,
  present,
  req,
  type SdkError,
  sdkError,
  type Shape,
  text,
} from './rules.js';

/**
 * The input rules of every Web SDK function (docs/web-sdk.md), as pure functions: each answers undefined when
 * the input is acceptable, or the error result the callback receives — no network call is made then.
 * errCode: 1019 validation error, 1004 card number, 1029 expiry, 1062 CVV, 1040 amount (docs/session-api.md).
 */

export { type SdkError, sdkError } from './rules.js';

const SESSION_TOKEN = text(36);

// ---------------------------------------------------------------------------------------------
// Reusable classes

/** createPayment / createWalletPayment billing address: country, email, firstName, lastName required. */
export const paymentBillingAddress = object({
  country: req(letters(2)),
  email: req(email),
  firstName: req(text(30)),
  lastName: req(text(40)),
  address: opt(text(50)),
  addressLine2: opt(text(50)),
  addressLine3: opt(text(50)),
  phone: opt(text(18)),
  zip: opt(text(10)),
  city: opt(text(30)),
  state: opt(text(3)),
  county: opt(text(255)),
});

/** addApmUpo / addCardUpo billing address: every member optional, with its length. */
export const upoBillingAddress = object({
  country: opt(letters(2)),
  email: opt(email),
  firstName: opt(text(30)),
  lastName: opt(text(40)),
  address: opt(text(50)),
  cell: opt(text(18)),
  phone: opt(text(18)),
  zip: opt(text(10)),
  city: opt(text(30)),
  state: opt(text(3)),
  county: opt(text(255)),
});

const month: Check = (v, path) =>
  /^(0[1-9]|1[0-2])$/.test(String(v)) ? undefined : sdkError(1029, `${path} must be a two-digit month 01 to 12`);

const cardNumber: Check = (v, path) => {
  const err = text(20, 1004)(v, path);
  if (err) return err;
  const n = digitsOf(String(v));
  if (!/^\d{12,19}$/.test(n)) return sdkError(1004, `${path} must have 12 to 19 digits`);
  if (!luhn(n)) return sdkError(1004, `${path} is not a valid card number`);
  return undefined;
};

const cvv: Check = (v, path) =>
  /^\d{3,4}$/.test(String(v)) ? undefined : sdkError(1062, `${path} must be 3 or 4 digits`);

/** The expiry pair: month 01-12, year of 2 (2000 + value) or 4 digits, not past, at most 10 years ahead. */
export function checkExpiry(monthValue: unknown, yearValue: unknown, now: number, prefix = ''): SdkError | undefined {
  const p = (n: string) => (prefix ? `${prefix}.${n}` : n);
  const y = String(yearValue);
  if (!/^(\d{2}|\d{4})$/.test(y)) return sdkError(1029, `${p('expirationYear')} must have 2 or 4 digits`);
  if (Number.isNaN(fullYear(y))) return sdkError(1029, `${p('expirationYear')} is invalid`);
  const problem = expiryProblem(String(monthValue), y, now);
  return problem ? sdkError(1029, `expiration date: ${problem}`) : undefined;
}

// ---------------------------------------------------------------------------------------------
// ServiceSdk(params)

export function validateInit(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'ServiceSdk needs an object of parameters');
  const err = checkShape(p, {
    sessionToken: req(SESSION_TOKEN),
    merchantId: req(text(20)),
    merchantSiteId: req(text(20)),
    env: opt(oneOf(['prod', 'int'])),
    blockPasteCard: opt(bool),
    support19Digits: opt(bool),
    disableServiceAnalytics: opt(bool),
    showAccountCapture: opt(bool),
    strictCardBlocking: opt(bool),
  });
  if (err) return err;
  if (p.logLevel !== undefined && !/^[0-6]$/.test(String(p.logLevel))) return sdkError(1019, 'logLevel must be 0 to 6');
  if (p.onPaymentEvent !== undefined && typeof p.onPaymentEvent !== 'function')
    return sdkError(1019, 'onPaymentEvent must be a function');
  if (p.blockCards !== undefined) {
    const b = p.blockCards;
    if (
      !Array.isArray(b) ||
      !b.every(
        (rule) => Array.isArray(rule) && rule.every((a) => typeof a === 'string' && a.length > 0 && a.length <= 50),
      )
    ) {
      return sdkError(1019, 'blockCards must be an array of attribute lists, e.g. [["visa", "credit"], ["amex"]]');
    }
  }
  if (p.cvvIcon !== undefined && typeof p.cvvIcon !== 'boolean') {
    const c = p.cvvIcon;
    if (!isObj(c)) return sdkError(1019, 'cvvIcon must be true, false or {backgroundImage, tooltipPosition}');
    if (
      c.backgroundImage !== undefined &&
      (typeof c.backgroundImage !== 'string' || !/^(https?:|data:image\/)/.test(c.backgroundImage))
    ) {
      return sdkError(1019, 'cvvIcon.backgroundImage must be an http(s) or data:image URL');
    }
    if (c.tooltipPosition !== undefined && c.tooltipPosition !== 'top' && c.tooltipPosition !== 'bottom') {
      return sdkError(1019, 'cvvIcon.tooltipPosition must be top or bottom');
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// createPayment(params)

/** `isFields(v)`: whether v is a hosted fields object of this SDK (told by the caller). */
export function validateCreatePayment(
  p: unknown,
  isFields: (v: unknown) => boolean,
  now: number,
): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'createPayment needs an object of parameters');
  let err = checkShape(p, {
    sessionToken: req(SESSION_TOKEN),
    paymentOption: req(() => undefined),
    apmWindowType: opt(oneOf(['popup', 'newTab', 'redirect', 'customRedirect'])),
    selectedBrand: opt(text(128)),
    cardHolderName: opt(text(70)),
    clientUniqueId: opt(text(45)),
    billingAddress: opt(paymentBillingAddress),
  });
  if (err) return err;
  if (
    p.alwaysCollectCvv !== undefined &&
    p.alwaysCollectCvv !== 'optional' &&
    typeof p.alwaysCollectCvv !== 'boolean'
  ) {
    return sdkError(1019, 'alwaysCollectCvv must be "optional", true or false');
  }
  const option = p.paymentOption;
  if (isFields(option)) return undefined;
  if (!isObj(option)) return sdkError(1019, 'paymentOption must be the hosted card fields or an object');
  err = exactlyOne(option, ['userPaymentOptionId', 'alternativePaymentMethod', 'subMethod', 'card'], 'paymentOption');
  if (err) return err;
  if (present(option.userPaymentOptionId)) {
    err = checkShape(option, { userPaymentOptionId: req(text(20)) }, 'paymentOption');
    if (err) return err;
    const card = option.card;
    if (card !== undefined)
      return sdkError(1019, 'exactly one of paymentOption.userPaymentOptionId, paymentOption.card must be given');
    err = checkShape(
      option,
      { expirationMonth: opt(month), expirationYear: opt(text(4, 1029)), CVV: opt(cvv) },
      'paymentOption',
    );
    if (err) return err;
    if (present(option.expirationMonth) !== present(option.expirationYear)) {
      return sdkError(1029, 'paymentOption.expirationMonth and paymentOption.expirationYear go together');
    }
    if (present(option.expirationMonth))
      return checkExpiry(option.expirationMonth, option.expirationYear, now, 'paymentOption');
    return undefined;
  }
  if (present(option.alternativePaymentMethod)) {
    return checkShape(
      option,
      { alternativePaymentMethod: req(object({ paymentMethod: req(text(50)) })) },
      'paymentOption',
    );
  }
  if (present(option.subMethod)) {
    return checkShape(
      option,
      { subMethod: req(object({ subMethod: req(text(50)), referenceId: opt(text(255)), email: opt(email) })) },
      'paymentOption',
    );
  }
  const card = option.card;
  err = checkShape(
    option,
    {
      card: req(
        object({
          cardNumber: req(cardNumber),
          cardHolderName: req(text(70)),
          expirationMonth: req(month),
          expirationYear: req(text(4, 1029)),
          CVV: req(cvv),
        }),
      ),
    },
    'paymentOption',
  );
  if (err) return err;
  const c = card as Obj;
  return checkExpiry(c.expirationMonth, c.expirationYear, now, 'paymentOption.card');
}

// ---------------------------------------------------------------------------------------------
// getApms, getCardDetails, clientGetDccDetails, accountCapture, setOpenAmount

export function validateGetApms(p: unknown): SdkError | undefined {
  if (p === undefined) return undefined;
  if (!isObj(p)) return sdkError(1019, 'getApms needs an object of parameters');
  const err = checkShape(p, {
    currencyCode: opt(letters(3)),
    languageCode: opt(letters(2)),
    type: opt(oneOf(['DEPOSIT', 'WITHDRAWAL'])),
  });
  if (err) return err;
  if (present(p.countryCode) && p.countryCode !== 'detect') return letters(2)(p.countryCode, 'countryCode');
  return undefined;
}

const IDENTITY: Shape = { sessionToken: req(text(36)), merchantId: req(text(20)), merchantSiteId: req(text(20)) };

export function validateGetCardDetails(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'getCardDetails needs an object of parameters');
  const err = checkShape(p, { ...IDENTITY, clientRequestId: opt(text(255)), clientUniqueId: opt(text(45)) });
  if (err) return err;
  return (
    exactlyOne(p, ['cardNumber', 'useFields']) ??
    checkShape(p, {
      cardNumber: opt(cardNumber),
      useFields: opt((v, path) => (v === true ? undefined : sdkError(1019, `${path} must be true`))),
    })
  );
}

export function validateDccDetails(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'clientGetDccDetails needs an object of parameters');
  let err = checkShape(p, { ...IDENTITY, clientUniqueId: req(text(45)), clientRequestId: opt(text(255)) });
  if (err) return err;
  err = exactlyOne(p, ['cardNumber', 'apm', 'useFields']);
  if (err) return err;
  err = checkShape(p, {
    cardNumber: opt(cardNumber),
    apm: opt(text(50)),
    useFields: opt((v, path) => (v === true ? undefined : sdkError(1019, `${path} must be true`))),
  });
  if (err) return err;
  if (!present(p.currency) && !present(p.country)) return sdkError(1019, 'one of currency, country is required');
  // currency wins when both are given
  return checkShape(p, { currency: opt(letters(3)), ...(present(p.currency) ? {} : { country: opt(letters(2)) }) });
}

const url =
  (max: number): Check =>
  (v, path) =>
    text(max)(v, path) ??
    (/^https?:\/\/\S+$/.test(String(v)) ? undefined : sdkError(1019, `${path} must be an http(s) URL`));

export function validateAccountCapture(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'accountCapture needs an object of parameters');
  return checkShape(p, {
    ...IDENTITY,
    userTokenId: req(text(255)),
    paymentMethod: req(text(50)),
    currencyCode: req(letters(3)),
    countryCode: req(letters(2)),
    languageCode: opt(letters(2)),
    urlDetails: opt(
      object({
        successUrl: opt(url(1000)),
        failureUrl: opt(url(1000)),
        pendingUrl: opt(url(1000)),
        notificationUrl: opt(url(1000)),
        appReturnLink: opt(text(255)),
        appUrl: opt(text(255)),
      }),
    ),
  });
}

export function validateSetOpenAmount(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'setOpenAmount needs an object of parameters');
  return checkShape(p, { amount: req(amountText), clientRequestId: opt(text(255)), clientUniqueId: opt(text(45)) });
}

// ---------------------------------------------------------------------------------------------
// getToken, addApmUpo, addCardUpo, createWalletPayment

export function validateGetToken(fieldsGiven: boolean, p: unknown): SdkError | undefined {
  if (!fieldsGiven) return sdkError(1019, 'getToken needs the hosted card fields as its first argument');
  if (!isObj(p)) return sdkError(1019, 'getToken needs an object of parameters');
  return checkShape(p, {
    sessionToken: req(SESSION_TOKEN),
    cardHolderName: req(text(70)),
    billingAddress: opt(upoBillingAddress),
  });
}

export function validateAddApmUpo(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'addApmUpo needs an object of parameters');
  const err = checkShape(p, {
    paymentMethodName: req(text(50)),
    apmData: req((v, path) => {
      if (!isObj(v) || Object.keys(v).length === 0)
        return sdkError(1019, `${path} must be an object of name-value pairs`);
      for (const [k, value] of Object.entries(v)) {
        if (typeof value !== 'string') return sdkError(1019, `${path}.${k} must be a string`);
      }
      return undefined;
    }),
    billingAddress: opt(upoBillingAddress),
  });
  return err;
}

export function validateAddCardUpo(p: unknown, now: number): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'addCardUpo needs an object of parameters');
  let err = exactlyOne(p, ['useFields', 'cardNumber']);
  if (err) return err;
  err = checkShape(p, { billingAddress: opt(upoBillingAddress) });
  if (err) return err;
  if (present(p.useFields)) {
    if (p.useFields !== true) return sdkError(1019, 'useFields must be true');
    if (present(p.cardHolderName))
      return sdkError(1019, 'cardHolderName is taken from the hosted fields with useFields');
    if (present(p.expMonth) || present(p.expYear))
      return sdkError(1019, 'expMonth and expYear are taken from the hosted fields with useFields');
    return undefined;
  }
  err = checkShape(p, {
    cardNumber: req(cardNumber),
    expMonth: req(month),
    expYear: req(text(4, 1029)),
    cardHolderName: opt(text(70)),
  });
  if (err) return err;
  return checkExpiry(p.expMonth, p.expYear, now);
}

export function validateWalletPayment(p: unknown): SdkError | undefined {
  if (!isObj(p)) return sdkError(1019, 'createWalletPayment needs an object of parameters');
  return checkShape(p, {
    ...IDENTITY,
    currencyCode: req(letters(3)),
    countryCode: req(letters(2)),
    total: req(object({ label: req(text(100)), amount: req(amountText) })),
    walletPay3Dflow: opt(oneOf(['enable', 'disable'])),
    collectUserDetails: opt((v, path) =>
      v === 'true' || v === 'false' || typeof v === 'boolean'
        ? undefined
        : sdkError(1019, `${path} must be true or false`),
    ),
    clientUniqueId: opt(text(45)),
    billingAddress: opt(paymentBillingAddress),
  });
}
