import { Invalid, Missing } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import { checkCurrency, toMinor } from '../sessions/session.pricing.js';
import type { Minor } from '../../lib/money.js';
import type { Transaction } from './transaction.types.js';
import type { Acquirer, DccQuote } from './acquirer.port.js';
import { cardDetails } from './card-details.service.js';

/**
 * getDccDetails (docs/session-methods.md; the client API's clientGetDccDetails, docs/web-sdk.md): the day's DCC quote of an amount into the
 * cardholder's currency. The target currency is `currency` when given (it wins over `country`), else
 * the currency of `country`, else the issuing currency of `cardNumber`. The rate is the acquirer's
 * deterministic rate of the clock's UTC day, 3.5% markup included (docs/decisions/0321).
 */

/** Countries beyond those of the acquirer's BIN data: the euro area and a few more. */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  AT: 'EUR',
  BE: 'EUR',
  CY: 'EUR',
  EE: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  HR: 'EUR',
  IE: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  MT: 'EUR',
  PT: 'EUR',
  SI: 'EUR',
  SK: 'EUR',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  IS: 'ISK',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  TR: 'TRY',
  UA: 'UAH',
  IN: 'INR',
  ZA: 'ZAR',
};

/** The currency of an ISO 3166 alpha-2 country (the acquirer's issuer countries first), or `Invalid('country')`. */
export function currencyOfCountry(acquirer: Pick<Acquirer, 'issuerCountryCurrency'>, country: string): string {
  const upper = country.toUpperCase();
  const c = COUNTRY_CURRENCY[upper] ?? acquirer.issuerCountryCurrency(upper);
  if (c === undefined) throw new Invalid('country', 'is not a country with a known currency');
  return c;
}

export interface DccRequest {
  originalAmount: number;
  originalCurrency: string;
  currency?: string;
  country?: string;
  cardNumber?: string;
}

export interface DccAnswer {
  quote: DccQuote;
  /** false when the card's brand does not take DCC (the quote is still given) */
  dccFullSupport: boolean;
}

export function quoteForCardholder(deps: Pick<DomainDeps, 'acquirer' | 'clock'>, req: DccRequest): DccAnswer {
  const card = req.cardNumber === undefined ? undefined : cardDetails(deps, req.cardNumber);
  const target =
    req.currency ?? (req.country !== undefined ? currencyOfCountry(deps.acquirer, req.country) : card?.currency);
  if (target === undefined) throw new Missing('currency', 'currency');
  const day = deps.acquirer.dccDay(deps.clock.now());
  const quote = deps.acquirer.dccQuote(req.originalAmount, req.originalCurrency, target, day);
  return { quote, dccFullSupport: card ? card.dccAllowed : true };
}

/** The quote a DCC payment must match: the converted amount of the day for the original amount. */
export function checkDccCharge(
  deps: Pick<DomainDeps, 'acquirer' | 'clock'>,
  charge: { amount: number; currency: string },
  original: { amount: number; currency: string },
): DccQuote {
  const day = deps.acquirer.dccDay(deps.clock.now());
  const quote = deps.acquirer.dccQuote(original.amount, original.currency, charge.currency, day);
  if (quote.amount !== charge.amount) {
    throw new Invalid(
      'amount',
      `must be the DCC amount of the day for the originalAmount (${quote.amount} minor units)`,
      'amount',
    );
  }
  return quote;
}

/**
 * The `currencyConversion` of a payment: `{type: 'DCC', originalAmount, originalCurrency}` means the
 * payment's amount and currency are the day's DCC conversion of the original (the order's) amount.
 * Answers the quote, or undefined when the payment has no DCC conversion.
 */
export function dccOfPayment(
  deps: Pick<DomainDeps, 'acquirer' | 'clock'>,
  conversion: unknown,
  charge: { amount: number; currency: string },
): DccQuote | undefined {
  if (conversion === undefined || conversion === null) return undefined;
  if (typeof conversion !== 'object' || Array.isArray(conversion))
    throw new Invalid('currencyConversion', 'must be an object');
  const c = conversion as Record<string, unknown>;
  if (c.type !== 'DCC') return undefined;
  if (typeof c.originalCurrency !== 'string') throw new Missing('currencyConversion.originalCurrency');
  if (typeof c.originalAmount !== 'string') throw new Missing('currencyConversion.originalAmount');
  const originalCurrency = checkCurrency(c.originalCurrency, 'currencyConversion.originalCurrency');
  const originalAmount = toMinor(c.originalAmount, originalCurrency, 'currencyConversion.originalAmount');
  return checkDccCharge(deps, charge, { amount: originalAmount, currency: originalCurrency });
}

/** The `pay` option that records the conversion in the write persisting the pending transaction. */
export function recordDccOption(deps: Pick<DomainDeps, 'clock'>, quote: DccQuote | undefined) {
  if (!quote) return {};
  return {
    onPending: (repos: Repos, tx: Transaction) =>
      repos.dcc.record(
        {
          transactionId: tx.id,
          originalAmount: quote.originalAmount as Minor,
          originalCurrency: quote.originalCurrency,
          rateWithMarkup: quote.rateWithMarkup,
          markUp: quote.markUp,
        },
        deps.clock.now(),
      ),
  };
}

/** The original amount of a quote, in minor units. */
export function originalOf(quote: DccQuote): { amount: Minor; currency: string } {
  return { amount: quote.originalAmount as Minor, currency: quote.originalCurrency };
}
