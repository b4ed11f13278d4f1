import creditCardType from 'credit-card-type';
import type { CardInfo } from '../domain/payments/acquirer.port.js';
import { secondaryBrandOf } from './co-badged.js';
import { findTestCard, luhnValid } from './test-cards.js';

/**
 * Card information from BIN data, deterministic so tests can rely on it.
 *
 * - **Brand** from the number's prefix through `credit-card-type` (Braintree's BIN-range table),
 *   mapped to the display names below; a prefix it does not know is brand `Unknown`.
 * - **Credit / Debit**: a row of the test-card table says which (4761344136141390 is the only
 *   debit test card). Otherwise the debit-only brands (Maestro, Verve, Naranja) are Debit; Visa
 *   and Mastercard are Debit when the digit sum of the 6-digit BIN is odd, Credit when even (e.g.
 *   411111… Debit, 424242… Credit); every other brand is Credit.
 * - **Issuer country and currency**: Visa numbers `400000CCC…` (the convention of the common
 *   public test cards, e.g. 4000002760003184 Germany, 4000008260000000 United Kingdom,
 *   4000003920000003 Japan) take the ISO 3166 numeric country code `CCC` from
 *   `ISSUER_COUNTRY_BY_NUMERIC`; a few other prefixes come from `ISSUER_BY_PREFIX`
 *   (JCB → JP/JPY, UnionPay → CN/CNY, Maestro 6759 → GB/GBP, ...); everything else is US/USD.
 * - **Bank**: card networks that issue themselves (American Express, Discover, Diners Club, JCB)
 *   name themselves; otherwise `Gatehouse Test Bank` with the country for non-US issuers.
 * - **Co-badged**: the BIN ranges of `co-badged.ts` add a `secondaryBrand` (Cartes Bancaires, eftpos).
 * - **Prepaid**: no simulated card is prepaid.
 * - **DCC**: allowed for Visa, Mastercard and Maestro (the schemes that allow dynamic currency
 *   conversion at the point of sale).
 * - **Masked number**: the first 6 and last 4 digits with `*` in between, as long as the number
 *   (at most 19 characters; the spec allows 20).
 */

/** credit-card-type ids → display brands (docs/session-methods.md `brand`, REST `cardBrand`). */
export const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  discover: 'Discover',
  'diners-club': 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  mir: 'Mir',
  elo: 'Elo',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
  troy: 'Troy',
  verve: 'Verve',
  naranja: 'Naranja',
};

export const UNKNOWN_BRAND = 'Unknown';

const DEBIT_ONLY_BRANDS = new Set(['Maestro', 'Verve', 'Naranja']);
const DCC_BRANDS = new Set(['Visa', 'Mastercard', 'Maestro']);
const SELF_ISSUING_BRANDS: Readonly<Record<string, string>> = {
  'American Express': 'American Express',
  Discover: 'Discover Bank',
  'Diners Club': 'Diners Club International',
  JCB: 'JCB Co., Ltd.',
};

export interface Issuer {
  country: string;
  currency: string;
}

/** ISO 3166 numeric code → issuer country and its currency, for Visa numbers `400000CCC…`. */
export const ISSUER_COUNTRY_BY_NUMERIC: Readonly<Record<string, Issuer>> = {
  '036': { country: 'AU', currency: 'AUD' },
  '048': { country: 'BH', currency: 'BHD' },
  '076': { country: 'BR', currency: 'BRL' },
  '124': { country: 'CA', currency: 'CAD' },
  '156': { country: 'CN', currency: 'CNY' },
  '250': { country: 'FR', currency: 'EUR' },
  '276': { country: 'DE', currency: 'EUR' },
  '380': { country: 'IT', currency: 'EUR' },
  '392': { country: 'JP', currency: 'JPY' },
  '414': { country: 'KW', currency: 'KWD' },
  '484': { country: 'MX', currency: 'MXN' },
  '528': { country: 'NL', currency: 'EUR' },
  '578': { country: 'NO', currency: 'NOK' },
  '724': { country: 'ES', currency: 'EUR' },
  '752': { country: 'SE', currency: 'SEK' },
  '756': { country: 'CH', currency: 'CHF' },
  '826': { country: 'GB', currency: 'GBP' },
  '840': { country: 'US', currency: 'USD' },
};

/** Other issuer ranges, longest prefix first wins. */
export const ISSUER_BY_PREFIX: Readonly<Record<string, Issuer>> = {
  '35': { country: 'JP', currency: 'JPY' }, // JCB
  '62': { country: 'CN', currency: 'CNY' }, // UnionPay
  '6759': { country: 'GB', currency: 'GBP' }, // Maestro (UK)
  '4462': { country: 'GB', currency: 'GBP' }, // simulated UK Visa range
  '4973': { country: 'FR', currency: 'EUR' }, // simulated French Visa range (co-badged Cartes Bancaires 497301)
  '513101': { country: 'FR', currency: 'EUR' }, // simulated French Mastercard, co-badged Cartes Bancaires
  '456400': { country: 'AU', currency: 'AUD' }, // simulated Australian Visa, co-badged eftpos
  '5160': { country: 'DE', currency: 'EUR' }, // simulated German Mastercard range
  '476134': { country: 'SG', currency: 'SGD' }, // the Visa debit test card 4761344136141390: issued in Singapore, as on the real gateway
};

/** The currency of an issuer country of the numeric ranges above (ISO 3166 alpha-2, upper case). */
export function currencyOfIssuerCountry(country: string): string | undefined {
  return Object.values(ISSUER_COUNTRY_BY_NUMERIC).find((i) => i.country === country)?.currency;
}

export const DEFAULT_ISSUER: Issuer = { country: 'US', currency: 'USD' };

const VISA_COUNTRY_RANGE = /^400000(\d{3})/;

/** The prefixes of ISSUER_BY_PREFIX, longest first (the first of a length as listed): the first match wins. */
const PREFIXES_LONGEST_FIRST = Object.entries(ISSUER_BY_PREFIX)
  .map(([prefix, issuer], order) => ({ prefix, issuer, order }))
  .sort((a, b) => b.prefix.length - a.prefix.length || a.order - b.order);

export function issuerOf(number: string): Issuer {
  const m = VISA_COUNTRY_RANGE.exec(number);
  if (m) return ISSUER_COUNTRY_BY_NUMERIC[m[1]!] ?? DEFAULT_ISSUER;
  for (const { prefix, issuer } of PREFIXES_LONGEST_FIRST) if (number.startsWith(prefix)) return issuer;
  return DEFAULT_ISSUER;
}

/** The display brand of a number (or of a prefix of at least one digit); `Unknown` when no range matches. */
export function brandOf(number: string): string {
  const matches = creditCardType(number);
  // Prefer a brand whose lengths include this number's length (a full number), else the first.
  const exact = matches.find((t) => t.lengths.includes(number.length)) ?? matches[0];
  if (exact === undefined) return UNKNOWN_BRAND;
  return BRAND_NAMES[exact.type] ?? exact.niceType;
}

function digitSum(text: string): number {
  let sum = 0;
  for (const ch of text) sum += ch.charCodeAt(0) - 48;
  return sum;
}

export function cardTypeOf(number: string, brand: string): 'Credit' | 'Debit' {
  const testCard = findTestCard(number);
  if (testCard) return testCard.cardType;
  if (DEBIT_ONLY_BRANDS.has(brand)) return 'Debit';
  if (brand === 'Visa' || brand === 'Mastercard') return digitSum(number.slice(0, 6)) % 2 === 1 ? 'Debit' : 'Credit';
  return 'Credit';
}

/** `476134******1390`: first 6, `*` for the middle, last 4; never longer than 19 characters. */
export function maskCardNumber(number: string): string {
  if (number.length <= 10) return '*'.repeat(number.length);
  return number.slice(0, 6) + '*'.repeat(number.length - 10) + number.slice(-4);
}

/**
 * BIN data for a full card number (digits only). `undefined` when the text is not 12 to 19 digits
 * passing the Luhn check. The number itself is neither kept nor returned.
 */
export function cardInfoOf(number: string): CardInfo | undefined {
  if (!luhnValid(number)) return undefined;
  const brand = findTestCard(number)?.brand ?? brandOf(number);
  const issuer = issuerOf(number);
  const secondaryBrand = secondaryBrandOf(number);
  return {
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    masked: maskCardNumber(number),
    brand,
    ...(secondaryBrand ? { secondaryBrand } : {}),
    cardType: cardTypeOf(number, brand),
    issuerCountry: issuer.country,
    issuerBankName:
      SELF_ISSUING_BRANDS[brand] ??
      (issuer.country === 'US' ? 'Gatehouse Test Bank' : `Gatehouse Test Bank ${issuer.country}`),
    currency: issuer.currency,
    isPrepaid: false,
    dccAllowed: DCC_BRANDS.has(brand),
  };
}
