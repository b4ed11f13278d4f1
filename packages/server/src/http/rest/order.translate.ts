import { type FieldSubject, Invalid, InvalidCurrency, Missing } from '../../domain/errors.js';
import type { CreateOrderCommand } from '../../domain/orders/order.types.js';
import { type Minor, exponentOf, isCurrency, parseJsonNumber } from '../../lib/money.js';
import type { OrderRequest } from '../../schemas/rest/order.schema.js';

/**
 * REST order request → domain command: the semantic rules a schema cannot state (ISO codes,
 * currency precision, required-when rules, calendar dates, min ≤ max), and money into minor units.
 */
export function toCreateOrderCommand(body: OrderRequest, requestJson: string): CreateOrderCommand {
  const currency = checkCurrency(body.currency, 'currency');
  const amount = toMinor(body.amount, currency, 'amount', 'amount');

  if (body.currencyConversion) {
    const cc = body.currencyConversion;
    const original = checkCurrency(cc.originalCurrency, 'currencyConversion.originalCurrency');
    toMinor(cc.originalAmount, original, 'currencyConversion.originalAmount');
  }

  let openAmount: CreateOrderCommand['openAmount'] = null;
  if (body.openAmount) {
    const min = toMinor(body.openAmount.min, currency, 'openAmount.min');
    if (body.openAmount.max < body.openAmount.min) {
      throw new Invalid('openAmount.max', 'must be greater than or equal to openAmount.min');
    }
    const max = toMinor(body.openAmount.max, currency, 'openAmount.max');
    if (amount < min || amount > max)
      throw new Invalid('amount', 'must be between openAmount.min and openAmount.max', 'amount');
    openAmount = { min, max };
  }

  if (body.rebill) {
    const r = body.rebill;
    if (r.step === 'init') {
      if (r.expiry === undefined) throw new Missing('rebill.expiry');
      if (r.frequency === undefined) throw new Missing('rebill.frequency');
    }
    if (r.expiry !== undefined && !isCalendarDate(r.expiry)) {
      throw new Invalid('rebill.expiry', 'must be a date in format YYYYMMDD');
    }
    if (r.frequency !== undefined && r.frequency < 1) throw new Invalid('rebill.frequency', 'must be greater than 0');
  }

  checkCountry(body.feeOriginCountryCode, 'feeOriginCountryCode');
  checkCountry(body.subMerchant?.countryCode, 'subMerchant.countryCode');
  body.items?.forEach((item, i) => {
    if (item.quantity < 1) throw new Invalid(`items[${i}].quantity`, 'must be greater than 0');
  });

  const productId =
    body.productId ||
    (body.items && body.items.length > 0
      ? body.items
          .map((i) => i.name)
          .join('')
          .slice(0, 50)
      : null) ||
    null;

  return {
    entityId: body.processingEntityId,
    merchantTransactionId: body.merchantTransactionId ?? null,
    amount,
    currency,
    transactionType: body.transactionType ?? null,
    openAmount,
    permittedOperations: body.permittedOperations,
    productId,
    webhookUrl: body.urlDetails?.webhookUrl ?? null,
    requestJson,
  };
}

export function checkCurrency(code: string, field: string): string {
  if (!isCurrency(code)) throw new InvalidCurrency(field);
  return code;
}

export function toMinor(value: number, currency: string, field: string, subject: FieldSubject = 'field'): Minor {
  const r = parseJsonNumber(value, currency);
  if (r.ok) return r.minor;
  switch (r.rule) {
    case 'precision':
      return fail(field, `must have at most ${decimals(currency)} decimal places in ${currency}`, subject);
    case 'negative':
      return fail(field, 'must be greater than or equal to 0', subject);
    default:
      return fail(field, 'is out of range', subject);
  }
}

function decimals(currency: string): number {
  return exponentOf(currency);
}

function fail(field: string, rule: string, subject: FieldSubject = 'field'): never {
  throw new Invalid(field, rule, subject);
}

function checkCountry(code: string | undefined, field: string): void {
  if (code !== undefined && !/^[A-Z]{2}$/.test(code)) {
    throw new Invalid(field, 'must be an upper-case ISO 3166-1 alpha-2 country code');
  }
}

export function isCalendarDate(yyyymmdd: string): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1]!;
}
