import type { DccAnswer } from '../domain/payments/dcc.service.js';
import { formatDecimal } from '../lib/money.js';

/** A DCC quote as docs/web-sdk.md answers it, on the session API and the client API alike. */
export function dccDetailsOf({ quote, dccFullSupport }: DccAnswer) {
  return {
    rateValueWithMarkup: quote.rateWithMarkup,
    markUpValue: quote.markUp,
    dccFullSupport,
    amount: formatDecimal(quote.amount, quote.currency),
    currency: quote.currency,
    originalAmount: formatDecimal(quote.originalAmount, quote.originalCurrency),
    originalCurrency: quote.originalCurrency,
  };
}
