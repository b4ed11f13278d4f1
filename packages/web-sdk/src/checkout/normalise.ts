import { isObj, type Obj } from '../rules.js';
import type { Appearance } from '../ui/theme.js';
import type { CallbackName, CheckoutOptions, Locale, SavePm, Theme } from './options.js';
import { CALLBACKS } from './options.js';

/**
 * The options a valid `checkout(params)` gives (validated first by options.ts), with the defaults of
 * docs/decisions/0410 filled in: what the checkout form runs on.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any;
const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

const cvvMode = (v: unknown): CheckoutOptions['alwaysCollectCvv'] => {
  if (v === 'optional') return 'optional';
  if (v === false || v === 'false' || v === 'never') return 'never';
  return 'always';
};

/** The options a valid `params` gives, with the defaults filled in. */
export function normaliseOptions(p: Obj): CheckoutOptions {
  const s = (k: string) => (p[k] === undefined ? undefined : String(p[k]));
  const b = (k: string, d = false) => (typeof p[k] === 'boolean' ? (p[k] as boolean) : d);
  const callbacks: Partial<Record<CallbackName, Fn>> = {};
  for (const c of CALLBACKS) if (typeof p[c] === 'function') callbacks[c] = p[c] as Fn;
  const apmConfig: CheckoutOptions['apmConfig'] = {};
  if (isObj(p.apmConfig))
    for (const [k, c] of Object.entries(p.apmConfig)) {
      const save = isObj(c) && c.savePM !== undefined ? String(c.savePM) : undefined;
      apmConfig[k] = save ? { savePM: save as 'true' | 'false' | 'always' } : {};
    }
  const inst = isObj(p.cardInstallments) ? p.cardInstallments : undefined;
  const it = inst && isObj(inst.installmentType) ? inst.installmentType : undefined;
  const upoR = isObj(p.upoRestriction) ? p.upoRestriction : undefined;
  const logo = p.cardLogo === false ? false : isObj(p.cardLogo) ? p.cardLogo : {};
  return {
    sessionToken: String(p.sessionToken),
    merchantId: String(p.merchantId),
    merchantSiteId: String(p.merchantSiteId),
    amount: String(p.amount),
    currency: String(p.currency),
    renderTo: String(p.renderTo),
    country: String(p.country),
    userId: String(p.userId),
    ...(typeof p.userTokenId === 'string' ? { userTokenId: p.userTokenId } : {}),
    billingAddress: p.billingAddress as Obj,
    ...(isObj(p.userDetails) ? { userDetails: p.userDetails } : {}),
    ...(isObj(p.shippingAddress) ? { shippingAddress: p.shippingAddress } : {}),
    ...(isObj(p.merchantDetails) ? { merchantDetails: p.merchantDetails } : {}),
    env: p.env === 'int' ? 'int' : 'prod',
    logLevel: p.logLevel === undefined ? 0 : Number(p.logLevel),
    savePM: (s('savePM') ?? 'true') as SavePm,
    ...(s('savePmUrl') ? { savePmUrl: s('savePmUrl') } : {}),
    apmConfig,
    ...(p.selectUpo !== undefined ? { selectUpo: String(p.selectUpo) } : {}),
    ...(s('selectPM') ? { selectPM: s('selectPM') } : {}),
    ...(s('fullName') ? { fullName: s('fullName') } : {}),
    ...(s('email') ? { email: s('email') } : {}),
    support19Digits: b('support19Digits'),
    ...(upoR
      ? {
          upoRestriction: {
            ...(upoR.maxApmUpos !== undefined ? { maxApmUpos: Number(upoR.maxApmUpos) } : {}),
            onePerApm: upoR.onePerApm === true,
            ...(upoR.maxCards !== undefined ? { maxCards: Number(upoR.maxCards) } : {}),
          },
        }
      : {}),
    ...(it
      ? {
          cardInstallments: {
            installmentType: {
              singlePayment: it.singlePayment === true,
              type1: (it.type1 as number[]) ?? [],
              type2: (it.type2 as number[]) ?? [],
              type3: (it.type3 as number[]) ?? [],
            },
            ...(typeof inst!.nationalId === 'string' ? { nationalId: inst!.nationalId } : {}),
          },
        }
      : {}),
    promoCode: b('promoCode'),
    useDualBrand: b('useDualBrand'),
    cardLogo:
      logo === false
        ? false
        : {
            cardLogoPosition: logo.cardLogoPosition === 'left' ? 'left' : 'right',
            ...(typeof logo.backgroundSize === 'string' ? { backgroundSize: logo.backgroundSize } : {}),
          },
    disableDeleteUpoButton: b('disableDeleteUpoButton'),
    prepopulateApmFields: isObj(p.prepopulateApmFields)
      ? Object.fromEntries(Object.entries(p.prepopulateApmFields).map(([k, v]) => [k, String(v)]))
      : {},
    readonlyPrepopulateApmFields: b('readonlyPrepopulateApmFields'),
    strictCardBlocking: b('strictCardBlocking'),
    asciiValidation: b('asciiValidation'),
    preventScrollOnInt: b('preventScrollOnInt'),
    blockCards: (p.blockCards as string[][]) ?? [],
    cardWhitelist: (p.cardWhitelist as string[][]) ?? [],
    ...(Array.isArray(p.pmWhitelist) ? { pmWhitelist: p.pmWhitelist as string[] } : {}),
    ...(isObj(p.openAmount)
      ? { openAmount: { min: toNumber(p.openAmount.min), max: toNumber(p.openAmount.max) } }
      : {}),
    amountSuggestions: Array.isArray(p.amountSuggestions) ? p.amountSuggestions.map(String) : [],
    locale: (s('locale') ?? 'en') as Locale,
    useDCC: (s('useDCC') ?? 'disable') as CheckoutOptions['useDCC'],
    strictDcc: b('strictDcc'),
    ...(s('subMethod') ? { subMethod: s('subMethod') } : {}),
    showCardLogos: b('showCardLogos', true),
    maskCvv: b('maskCvv'),
    alwaysCollectCvv: cvvMode(p.alwaysCollectCvv),
    textDirection: p.textDirection === 'rtl' ? 'rtl' : 'ltr',
    theme: (s('theme') ?? 'tiles') as Theme,
    paymentTiles: p.paymentTiles === 'showMore' ? 'showMore' : 'splash',
    apmWindowType: (s('apmWindowType') ?? 'popup') as CheckoutOptions['apmWindowType'],
    disableDeclineRecovery: b('disableDeclineRecovery'),
    i18n: isObj(p.i18n) ? Object.fromEntries(Object.entries(p.i18n).map(([k, v]) => [k, String(v)])) : {},
    showResponseMessage: b('showResponseMessage', true),
    ...(isObj(p.appearance) ? { appearance: p.appearance as Appearance } : {}),
    callbacks,
  };
}
