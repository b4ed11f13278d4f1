/**
 * Card checks shared by the SDK and the hosted field pages: Luhn, brand by number prefix, lengths,
 * expiry (two-digit years are 2000 + value; in the future and at most 10 years ahead) and CVV.
 * Pure functions; no card data leaves them.
 */

export interface Brand {
  /** lowercase scheme name used by blockCards: visa, mastercard, amex, discover, ... */
  id: string;
  label: string;
  lengths: number[];
  cvv: number;
}

const BRANDS: Array<Brand & { pattern: RegExp }> = [
  { id: 'amex', label: 'American Express', pattern: /^3[47]/, lengths: [15], cvv: 4 },
  { id: 'diners', label: 'Diners Club', pattern: /^3(0[0-5]|[689])/, lengths: [14, 16, 19], cvv: 3 },
  { id: 'jcb', label: 'JCB', pattern: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvv: 3 },
  { id: 'discover', label: 'Discover', pattern: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19], cvv: 3 },
  { id: 'unionpay', label: 'UnionPay', pattern: /^62/, lengths: [16, 17, 18, 19], cvv: 3 },
  {
    id: 'maestro',
    label: 'Maestro',
    pattern: /^(5018|5020|5038|5893|6304|6759|676[1-3])/,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvv: 3,
  },
  {
    id: 'mastercard',
    label: 'Mastercard',
    pattern: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/,
    lengths: [16],
    cvv: 3,
  },
  { id: 'visa', label: 'Visa', pattern: /^4/, lengths: [13, 16, 19], cvv: 3 },
];

export const digitsOf = (value: string): string => value.replace(/[\s-]/g, '');

export function luhn(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): Brand | undefined {
  const n = digitsOf(number);
  const found = BRANDS.find((b) => b.pattern.test(n));
  if (!found) return undefined;
  const { pattern: _pattern, ...brand } = found;
  return brand;
}

/** The most digits a number may have: 19 with `support19Digits`, else 16 (15 for a 15-digit-only brand). */
export function maxDigits(number: string, support19Digits: boolean): number {
  const brand = brandOf(number);
  const most = brand ? Math.max(...brand.lengths) : 19;
  return Math.min(most, support19Digits ? 19 : 16);
}

export type NumberState = 'empty' | 'incomplete' | 'invalid' | 'complete';

/** The state of a typed card number (what the field shows), with a reason when invalid. */
export function numberState(value: string, support19Digits: boolean): { state: NumberState; reason?: string } {
  const n = digitsOf(value);
  if (n === '') return { state: 'empty' };
  if (!/^\d+$/.test(n)) return { state: 'invalid', reason: 'Card number must contain digits only' };
  const max = maxDigits(n, support19Digits);
  if (n.length > max) return { state: 'invalid', reason: `Card number must have at most ${max} digits` };
  const brand = brandOf(n);
  const lengths = brand
    ? brand.lengths.filter((l) => l <= max)
    : [12, 13, 14, 15, 16, 17, 18, 19].filter((l) => l <= max);
  if (lengths.includes(n.length) && luhn(n)) return { state: 'complete' };
  if (n.length < Math.max(...lengths)) return { state: 'incomplete', reason: 'Card number is incomplete' };
  return { state: 'invalid', reason: 'Card number is invalid' };
}

/** A two-digit year is 2000 + value; a four-digit year as written; anything else NaN. */
export function fullYear(year: string | number): number {
  const text = String(year).trim();
  if (/^\d{2}$/.test(text)) return 2000 + Number(text);
  if (/^\d{4}$/.test(text)) return Number(text);
  return Number.NaN;
}

/** Why an expiry is unusable (month 1-12; not past; at most 10 years ahead), or undefined when fine. */
export function expiryProblem(month: string | number, year: string | number, now: number): string | undefined {
  const m = String(month).trim();
  if (!/^\d{1,2}$/.test(m) || Number(m) < 1 || Number(m) > 12) return 'expiration month must be 01 to 12';
  const y = fullYear(year);
  if (Number.isNaN(y)) return 'expiration year must have 2 or 4 digits';
  const today = new Date(now);
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const expiry = y * 12 + (Number(m) - 1);
  if (expiry < current) return 'card is expired';
  if (expiry > current + 120) return 'expiration date must be at most 10 years ahead';
  return undefined;
}

/** `MM/YY`, `MM/YYYY`, `MMYY` or `MM / YY` → month and year strings; undefined when not that shape. */
export function parseExpiry(value: string): { month: string; year: string } | undefined {
  const v = value.replace(/\s/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(
    v.includes('/') ? v : v.length === 4 || v.length === 6 ? `${v.slice(0, 2)}/${v.slice(2)}` : v,
  );
  if (!m) return undefined;
  return { month: m[1]!.padStart(2, '0'), year: m[2]!.length === 2 ? String(2000 + Number(m[2])) : m[2]! };
}

export function expiryState(value: string, now: number): { state: NumberState; reason?: string } {
  if (value.trim() === '') return { state: 'empty' };
  const parsed = parseExpiry(value);
  if (!parsed)
    return /^\d{0,2}\/?\d{0,3}$/.test(value.replace(/\s/g, ''))
      ? { state: 'incomplete', reason: 'Expiration date is incomplete' }
      : { state: 'invalid', reason: 'Expiration date must be MM/YY' };
  const problem = expiryProblem(parsed.month, parsed.year, now);
  return problem ? { state: 'invalid', reason: `Expiration date: ${problem}` } : { state: 'complete' };
}

/** CVV: 3 digits, or 4 for American Express; unknown brand: 3 or 4. */
export function cvvState(value: string, number: string): { state: NumberState; reason?: string } {
  const v = value.trim();
  if (v === '') return { state: 'empty' };
  if (!/^\d+$/.test(v)) return { state: 'invalid', reason: 'CVV must contain digits only' };
  const brand = brandOf(number);
  const allowed = brand ? [brand.cvv] : [3, 4];
  if (allowed.includes(v.length)) return { state: 'complete' };
  if (v.length < Math.max(...allowed)) return { state: 'incomplete', reason: 'CVV is incomplete' };
  return { state: 'invalid', reason: `CVV must have ${allowed.join(' or ')} digits` };
}

/** What blockCards can match: brand (scheme), card type, category (prepaid), issuer country. */
export interface CardAttributes {
  brand?: string;
  cardType?: string;
  isPrepaid?: boolean;
  issuerCountry?: string;
}

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');

function attributeMatches(attr: string, card: CardAttributes): boolean {
  const a = norm(attr);
  if (card.brand && (norm(card.brand) === a || (a === 'americanexpress' && norm(card.brand) === 'amex'))) return true;
  if (card.cardType && norm(card.cardType) === a) return true;
  if (a === 'prepaid' && card.isPrepaid === true) return true;
  if (card.issuerCountry && attr.length === 2 && attr.toUpperCase() === card.issuerCountry.toUpperCase()) return true;
  return false;
}

/** blockCards: a list of attribute lists; a card is blocked when it matches every attribute of one list. */
export function isBlocked(blockCards: ReadonlyArray<ReadonlyArray<string>> | undefined, card: CardAttributes): boolean {
  if (!blockCards) return false;
  return blockCards.some((rule) => rule.length > 0 && rule.every((attr) => attributeMatches(attr, card)));
}

/** Whether deciding blockCards needs issuer data (card type, prepaid, country) beyond the brand. */
export function blockingNeedsLookup(blockCards: ReadonlyArray<ReadonlyArray<string>> | undefined): boolean {
  if (!blockCards) return false;
  const local = new Set(BRANDS.map((b) => b.id).concat(['americanexpress']));
  return blockCards.some((rule) => rule.some((attr) => !local.has(norm(attr))));
}
