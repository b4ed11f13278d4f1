import { type Minor, formatDecimal, exponentOf, isCurrency, parseDecimal } from '../../lib/money.js';
import { AmountMismatch, type FieldSubject, Invalid, InvalidCurrency, UnsupportedCurrency } from '../errors.js';
import type { OrderDetails, Pricing } from './session.types.js';

/**
 * ISO 4217 codes that name no currency a card can be charged in: special drawing rights and the
 * SUCRE unit, and codes withdrawn since (replaced by EUR, SLE, ZWG, XCG; CUC is out of circulation).
 * They are well-formed and known, so they get errCode 1070 rather than 1041.
 */
export const UNSUPPORTED_CURRENCIES: ReadonlySet<string> = new Set(['XDR', 'XSU', 'HRK', 'SLL', 'ZWL', 'CUC', 'ANG']);

export function checkCurrency(code: string, field: string): string {
  if (!isCurrency(code)) throw new InvalidCurrency(field);
  if (UNSUPPORTED_CURRENCIES.has(code)) throw new UnsupportedCurrency(field, `Currency not supported: ${code}`);
  return code;
}

/** A decimal string (`"10.50"`) in minor units of `currency`, or `Invalid(field, rule)`. */
export function toMinor(text: string, currency: string, field: string, subject: FieldSubject = 'field'): Minor {
  const r = parseDecimal(text, currency);
  if (r.ok) return r.minor;
  switch (r.rule) {
    case 'precision':
      throw new Invalid(field, `must have at most ${exponentOf(currency)} decimal places in ${currency}`, subject);
    case 'negative':
      throw new Invalid(field, 'must be greater than or equal to 0', subject);
    case 'range':
      throw new Invalid(field, 'is out of range', subject);
    default:
      throw new Invalid(field, 'must be a decimal number such as 10.50', subject);
  }
}

function positiveInteger(text: string, field: string): bigint {
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) throw new Invalid(field, 'must be a positive integer');
  return BigInt(text);
}

interface ItemLike {
  type?: unknown;
  price?: unknown;
  quantity?: unknown;
}

const AMOUNT_DETAILS_SIGN = { totalShipping: 1n, totalHandling: 1n, totalTax: 1n, totalDiscount: -1n } as const;

/**
 * The total that `items` and `amountDetails` give: Σ price × quantity (Discount items subtract),
 * plus totalShipping, totalHandling and totalTax, minus totalDiscount; in minor units of `currency`.
 */
export function itemsTotal(
  items: readonly ItemLike[],
  amountDetails: Record<string, unknown> | undefined,
  currency: string,
): bigint {
  let total = 0n;
  items.forEach((item, i) => {
    const price = BigInt(toMinor(String(item.price), currency, `items[${i}].price`));
    const quantity = positiveInteger(String(item.quantity), `items[${i}].quantity`);
    total += (item.type === 'Discount' ? -1n : 1n) * price * quantity;
  });
  for (const [name, sign] of Object.entries(AMOUNT_DETAILS_SIGN)) {
    const v = amountDetails?.[name];
    if (typeof v === 'string') total += sign * BigInt(toMinor(v, currency, `amountDetails.${name}`));
  }
  return total;
}

/**
 * Checks an order's money: amount and currency come together; currency is ISO 4217 and payable;
 * amounts, openAmount limits, item prices and amountDetails fit the currency's exponent; the amount
 * lies within openAmount; items and amountDetails sum to the amount (errCode 1063).
 * Null when the order carries no amount.
 */
export function priceOrder(d: OrderDetails): Pricing | null {
  const amount = d.amount as string | undefined;
  const currency = d.currency as string | undefined;
  if (d.currencyConversion) {
    const cc = d.currencyConversion as { originalAmount: string; originalCurrency: string };
    checkCurrency(cc.originalCurrency, 'currencyConversion.originalCurrency');
    toMinor(cc.originalAmount, cc.originalCurrency, 'currencyConversion.originalAmount');
  }
  if (amount !== undefined && currency === undefined)
    throw new Invalid('currency', 'must not be null when amount is given', 'currency');
  if (currency !== undefined && amount === undefined)
    throw new Invalid('amount', 'must not be null when currency is given', 'amount');
  if (amount === undefined || currency === undefined) {
    for (const f of ['openAmount', 'items', 'amountDetails']) {
      if (d[f] !== undefined) throw new Invalid('amount', `and currency must not be null when ${f} is given`, 'amount');
    }
    return null;
  }
  checkCurrency(currency, 'currency');
  const minor = toMinor(amount, currency, 'amount', 'amount');

  let openAmount: Pricing['openAmount'] = null;
  if (d.openAmount) {
    const oa = d.openAmount as { min: string; max: string };
    const min = toMinor(oa.min, currency, 'openAmount.min');
    const max = toMinor(oa.max, currency, 'openAmount.max');
    if (max < min) throw new Invalid('openAmount.max', 'must be greater than or equal to openAmount.min');
    if (minor < min || minor > max)
      throw new Invalid('amount', 'must be between openAmount.min and openAmount.max', 'amount');
    openAmount = { min, max };
  }

  const items = d.items as ItemLike[] | undefined;
  const amountDetails = d.amountDetails as Record<string, unknown> | undefined;
  if (items && items.length > 0) {
    const total = itemsTotal(items, amountDetails, currency);
    if (total !== BigInt(minor)) {
      throw new AmountMismatch(
        `Total amount does not match items sum: items and amountDetails give ${formatDecimal(total, currency)}, amount is ${formatDecimal(minor, currency)}`,
      );
    }
  } else if (amountDetails) {
    itemsTotal([], amountDetails, currency);
  }
  return { amount: minor, currency, openAmount };
}
