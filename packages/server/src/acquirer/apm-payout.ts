import type { ApmPayoutRequest, AuthorizeOutcome } from '../domain/payments/acquirer.port.js';
import { MAX_MINOR } from '../lib/money.js';
import { findApm } from './apm-catalogue.js';
import { RESPONSE_CODES } from './test-cards.js';
import { digitsOf, hexOf } from './derive.js';

/**
 * Payouts to APM accounts in the simulated acquirer (docs/decisions/0502): a method of the catalogue
 * marked payout-capable, in one of its currencies, pays out any positive amount; anything else is
 * refused. Deterministic like the card side: the authCode and externalTransactionId derive from the
 * gateway transactionId, so a retried call answers the same.
 */

/** Can the catalogue's `paymentMethod` pay out in `currency`? */
export function canPayOutApm(paymentMethod: string, currency: string): boolean {
  const apm = findApm(paymentMethod);
  return apm !== undefined && apm.payoutCapable && apm.currencies.includes(currency);
}

export function decideApmPayout(req: ApmPayoutRequest): AuthorizeOutcome {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0 || req.amount > MAX_MINOR) {
    return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
  }
  const externalTransactionId = `SIM${hexOf(24, 'external-transaction-id', 'apm-payout', req.transactionId)}`;
  if (!canPayOutApm(req.paymentMethod, req.currency)) {
    return {
      status: 'declined',
      reason: 'Payment method not enabled',
      code: RESPONSE_CODES.decline,
      cvv2Code: 'P',
      avsCode: 'U',
      externalTransactionId,
    };
  }
  return {
    status: 'approved',
    authCode: digitsOf(6, 'auth-code', req.transactionId),
    approvedAmount: req.amount,
    cvv2Code: 'P',
    avsCode: 'U',
    externalTransactionId,
  };
}
