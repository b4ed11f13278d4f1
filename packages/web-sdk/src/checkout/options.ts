import {
  bool,
  type Check,
  checkShape,
  isObj,
  type Obj,
  object,
  oneOf,
  opt,
  req,
  type SdkError,
  sdkError,
  str,
  text,
} from '../rules.js';
import { paymentBillingAddress } from '../validation.js';
import { INSTALLMENT_COUNTRIES } from './installments.js';
import type { Appearance } from '../ui/theme.js';
import {
  amountLike,
  amountSuggestionsRule,
  appearanceRule,
  boolOrText,
  cardRules,
  checkOpenAmount,
  countryRule,
  currencyRule,
  flatObject,
  fn,
  ID20,
  logLevelRule,
  notBoth,
  savePmUrlRule,
  selectPmRule,
  selectUpoRule,
  stringList,
} from '../screen-rules.js';

/**
 * The parameters of `checkout(params)` (docs/checkout.md): the rules every one is checked by (an invalid call
 * answers the SDK's error result and renders nothing) and the normalised options the form runs on,
 * with the defaults of docs/decisions/0410. Pure: no DOM, unit-tested in test/checkout-options.test.ts.
 */

export const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const THEMES = ['tiles', 'accordion', 'horizontal', 'cashier'] as const;
export type Theme = (typeof THEMES)[number];
export const SAVE_PM = ['true', 'force', 'false', 'always'] as const;
export type SavePm = (typeof SAVE_PM)[number];
export const APM_WINDOW_TYPES = ['popup', 'newTab', 'redirect', 'customRedirect'] as const;
/** The six countries whose card installments checkout() offers (docs/checkout.md). */
export { INSTALLMENT_COUNTRIES };
export const CALLBACKS = [
  'onResult',
  'onReady',
  'onFormValidated',
  'prePayment',
  'upoDeleted',
  'onPaymentFormChange',
  'onSelectPaymentMethod',
  'onPaymentEvent',
  'onDeclineRecovery',
  'userData',
  'onSuggestedAmount',
  'wdRequestCanceled',
] as const;
export type CallbackName = (typeof CALLBACKS)[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any;

export interface InstallmentTypes {
  singlePayment: boolean;
  type1: number[];
  type2: number[];
  type3: number[];
}

export interface CheckoutOptions {
  sessionToken: string;
  merchantId: string;
  merchantSiteId: string;
  amount: string;
  currency: string;
  renderTo: string;
  country: string;
  userId: string;
  /** the session's user: the form lists that user's pending withdrawal requests, each cancellable */
  userTokenId?: string;
  billingAddress: Obj;
  userDetails?: Obj;
  shippingAddress?: Obj;
  merchantDetails?: Obj;
  env: 'prod' | 'int';
  logLevel: number;
  savePM: SavePm;
  savePmUrl?: string;
  /** per method (`apmgw_…` or `cc_card`): its savePM */
  apmConfig: Record<string, { savePM?: 'true' | 'false' | 'always' }>;
  selectUpo?: string;
  selectPM?: string;
  fullName?: string;
  email?: string;
  support19Digits: boolean;
  upoRestriction?: { maxApmUpos?: number; onePerApm: boolean; maxCards?: number };
  cardInstallments?: { installmentType: InstallmentTypes; nationalId?: string };
  promoCode: boolean;
  useDualBrand: boolean;
  cardLogo: false | { cardLogoPosition: 'right' | 'left'; backgroundSize?: string };
  disableDeleteUpoButton: boolean;
  prepopulateApmFields: Record<string, string>;
  readonlyPrepopulateApmFields: boolean;
  strictCardBlocking: boolean;
  asciiValidation: boolean;
  preventScrollOnInt: boolean;
  blockCards: string[][];
  cardWhitelist: string[][];
  pmWhitelist?: string[];
  openAmount?: { min: number; max: number };
  amountSuggestions: string[];
  locale: Locale;
  useDCC: 'enable' | 'disable' | 'force';
  strictDcc: boolean;
  subMethod?: string;
  showCardLogos: boolean;
  maskCvv: boolean;
  alwaysCollectCvv: 'always' | 'optional' | 'never';
  textDirection: 'ltr' | 'rtl';
  theme: Theme;
  paymentTiles: 'splash' | 'showMore';
  apmWindowType: (typeof APM_WINDOW_TYPES)[number];
  disableDeclineRecovery: boolean;
  i18n: Record<string, string>;
  showResponseMessage: boolean;
  /** theme tokens over the theme's own (docs/checkout.md, Appearance) */
  appearance?: Appearance;
  callbacks: Partial<Record<CallbackName, Fn>>;
}

const positiveInt: Check = (v, path) =>
  Number.isInteger(v) && (v as number) > 0 && (v as number) <= 120
    ? undefined
    : sdkError(1019, `${path} must be a positive integer`);
const nonNegativeInt: Check = (v, path) =>
  Number.isInteger(v) && (v as number) >= 0 ? undefined : sdkError(1019, `${path} must be a whole number`);

const intList: Check = (v, path) => {
  if (!Array.isArray(v) || v.length === 0) return sdkError(1019, `${path} must be a non-empty array of months`);
  for (const [i, n] of v.entries()) {
    const err = positiveInt(n, `${path}[${i}]`);
    if (err) return err;
  }
  return undefined;
};

const SHAPE = {
  sessionToken: req(text(36)),
  merchantId: req(ID20),
  merchantSiteId: req(ID20),
  amount: req(amountLike),
  currency: req(currencyRule),
  renderTo: req(str(255)),
  country: req(countryRule),
  userId: req(ID20),
  userTokenId: opt(text(255)),
  onResult: req(fn),
  billingAddress: req(paymentBillingAddress),
  userDetails: opt(object({})),
  shippingAddress: opt(object({})),
  merchantDetails: opt(object({})),
  env: opt(oneOf(['prod', 'int'])),
  logLevel: opt(logLevelRule),
  savePM: opt((v, path) => oneOf(SAVE_PM)(boolOrText(v), path)),
  savePmUrl: opt(savePmUrlRule),
  apmConfig: opt((v, path) => {
    if (!isObj(v)) return sdkError(1019, `${path} must be an object`);
    for (const [k, c] of Object.entries(v)) {
      if (k !== 'cc_card' && !/^apmgw_[A-Za-z0-9_]{1,44}$/.test(k))
        return sdkError(1019, `${path}.${k}: members are apmgw_<method> or cc_card`);
      const err = object({ savePM: opt((s, p) => oneOf(['true', 'false', 'always'])(boolOrText(s), p)) })(
        c,
        `${path}.${k}`,
      );
      if (err) return err;
    }
    return undefined;
  }),
  selectUpo: opt(selectUpoRule),
  selectPM: opt(selectPmRule),
  fullName: opt(text(70)),
  email: opt(text(100)),
  support19Digits: opt(bool),
  upoRestriction: opt(object({ maxApmUpos: opt(nonNegativeInt), onePerApm: opt(bool), maxCards: opt(nonNegativeInt) })),
  cardInstallments: opt(
    object({
      installmentType: req(
        object({ singlePayment: opt(bool), type1: opt(intList), type2: opt(intList), type3: opt(intList) }),
      ),
      nationalId: opt(text(30)),
    }),
  ),
  promoCode: opt(bool),
  useDualBrand: opt(bool),
  cardLogo: opt((v, path) =>
    v === false
      ? undefined
      : object({ cardLogoPosition: opt(oneOf(['right', 'left'])), backgroundSize: opt(str(40)) })(v, path),
  ),
  disableDeleteUpoButton: opt(bool),
  prepopulateApmFields: opt(flatObject),
  readonlyPrepopulateApmFields: opt(bool),
  strictCardBlocking: opt(bool),
  asciiValidation: opt(bool),
  preventScrollOnInt: opt(bool),
  blockCards: opt(cardRules),
  cardWhitelist: opt(cardRules),
  pmWhitelist: opt(stringList(50)),
  openAmount: opt(object({ min: req(amountLike), max: req(amountLike) })),
  amountSuggestions: opt(amountSuggestionsRule),
  locale: opt(oneOf(LOCALES)),
  useDCC: opt(oneOf(['enable', 'disable', 'force'])),
  strictDcc: opt(bool),
  subMethod: opt(str(50)),
  showCardLogos: opt(bool),
  maskCvv: opt(bool),
  alwaysCollectCvv: opt((v, path) =>
    typeof v === 'boolean' ? undefined : oneOf(['always', 'optional', 'never', 'true', 'false'])(v, path),
  ),
  textDirection: opt(oneOf(['ltr', 'rtl'])),
  theme: opt(oneOf(THEMES)),
  paymentTiles: opt(oneOf(['splash', 'showMore'])),
  apmWindowType: opt(oneOf(APM_WINDOW_TYPES)),
  disableDeclineRecovery: opt(bool),
  i18n: opt(flatObject),
  showResponseMessage: opt(bool),
  appearance: opt(appearanceRule),
  ...Object.fromEntries(CALLBACKS.filter((c) => c !== 'onResult').map((c) => [c, opt(fn)])),
};

/** undefined when `params` may render a checkout, else the error result (docs/checkout.md shape). */
export function validateCheckout(params: unknown): SdkError | undefined {
  if (!isObj(params)) return sdkError(1019, 'checkout() takes an object of parameters');
  const err = checkShape(params, SHAPE);
  if (err) return err;
  const both = notBoth(params, 'blockCards', 'cardWhitelist');
  if (both) return both;
  if (params.savePmUrl !== undefined && boolOrText(params.savePM) !== 'always')
    return sdkError(1019, 'savePmUrl is only shown with savePM always');
  const open = checkOpenAmount(params);
  if (open) return open;
  if (isObj(params.cardInstallments)) {
    const t = params.cardInstallments.installmentType as Obj;
    if (!t.singlePayment && !t.type1 && !t.type2 && !t.type3)
      return sdkError(1019, 'cardInstallments.installmentType must offer at least one kind');
  }
  return undefined;
}

// normaliseOptions lives in normalise.ts (it reads this file's types, so this file does not re-export it)
