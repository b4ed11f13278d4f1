import type { ApmMethodInfo, ApmOutcome, ApmPayRequest } from '../domain/payments/acquirer.port.js';
import { MAX_MINOR } from '../lib/money.js';
import { findApm, type SimulatedApm, validateApmData } from './apm-catalogue.js';
import { digitsOf, hexOf } from './derive.js';
import { RESPONSE_CODES } from './test-cards.js';

/**
 * APM payments in the simulated acquirer (docs/decisions/0360), deterministic like the card side:
 * - a `redirect` method (apmgw_RedirectPay, apmgw_expresscheckout) answers `redirect`: the shopper
 *   decides on Gatehouse's page under `/apm/...` (approve, decline, or leave pending for an operator);
 * - an `async` method (apmgw_BankTransfer, apmgw_ACH, apmgw_VIP_Preferred) answers `pending`: an
 *   operator completes it later;
 * - a `direct` method (apmgw_DirectDebit, apmgw_MobileWallet, apmgw_PlayPlus) answers at once from the
 *   data: an account (IBAN or phone number) ending in `0000` is declined `Insufficient Funds` (51), one
 *   ending in `0005` is declined `Do Not Honor` (05); anything else (an e-mail account too) is
 *   approved. Only the last 4 characters decide, so a stored (masked) payment option answers as the
 *   data it was stored from.
 * The authCode and externalTransactionId derive from the gateway transactionId.
 */

const ACCOUNT_FIELDS = ['iban', 'phone'] as const;

function maskKeepLast4(value: string, keepFirst: number): string {
  const v = value.replace(/\s+/g, '');
  if (v.length <= 4 + keepFirst) return '*'.repeat(Math.max(0, v.length - 4)) + v.slice(-4);
  return v.slice(0, keepFirst) + '*'.repeat(v.length - 4 - keepFirst) + v.slice(-4);
}

function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at)}`;
}

/**
 * The method's fields only; IBAN and phone keep their first 2 and last 4 characters, an e-mail its
 * first letter and domain, an account or document number (`masked` fields) its last 4 characters.
 */
export function maskApmData(
  apm: SimulatedApm,
  data: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of apm.fields) {
    const v = data[f.name]?.trim();
    if (v === undefined || v === '') continue;
    if (f.masked) out[f.name] = maskKeepLast4(v, 0);
    else if (f.name === 'iban') out[f.name] = maskKeepLast4(v.toUpperCase(), 2);
    else if (f.name === 'phone') out[f.name] = maskKeepLast4(v, 3);
    else if (f.name === 'email') out[f.name] = maskEmail(v);
    else out[f.name] = v;
  }
  return out;
}

function english(messages: ReadonlyArray<{ language: string; message: string }>): string {
  return messages.find((m) => m.language === 'en')?.message ?? messages[0]?.message ?? 'invalid';
}

/** The catalogue entry as the payments port describes it. */
export function apmMethodInfo(name: string): ApmMethodInfo | undefined {
  const apm = findApm(name);
  if (!apm) return undefined;
  return {
    name: apm.paymentMethod,
    flow: apm.flow,
    depositCapable: apm.depositCapable,
    payoutCapable: apm.payoutCapable,
    // where a payer may bill from: wider than the listing for a US bank account (docs/decisions/0372)
    countries: apm.payerCountries ?? apm.countries,
    currencies: apm.currencies,
    validate: (data) =>
      validateApmData(apm, data).map((e) => ({
        field: e.field,
        message: english(e.message),
        regex: apm.fields.find((f) => f.name === e.field)?.regex ?? '',
      })),
    mask: (data) => maskApmData(apm, data),
  };
}

const externalIdOf = (transactionId: string) => `SIM${hexOf(24, 'external-transaction-id', 'apm', transactionId)}`;

export function decideApmPayment(req: ApmPayRequest): ApmOutcome {
  const apm = findApm(req.method);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0 || req.amount > MAX_MINOR) {
    return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
  }
  if (!apm || !apm.depositCapable || !apm.currencies.includes(req.currency)) {
    return { status: 'error', reason: 'Payment method not enabled', code: RESPONSE_CODES.systemMalfunction };
  }
  const externalTransactionId = externalIdOf(req.transactionId);
  if (apm.flow === 'redirect') return { status: 'redirect', externalTransactionId };
  if (apm.flow === 'async') return { status: 'pending', externalTransactionId };
  const account = ACCOUNT_FIELDS.map((f) => req.data[f]).find((v) => v !== undefined) ?? '';
  const last4 = account.slice(-4);
  if (last4 === '0000')
    return {
      status: 'declined',
      reason: 'Insufficient Funds',
      code: RESPONSE_CODES.insufficientFunds,
      externalTransactionId,
    };
  if (last4 === '0005')
    return { status: 'declined', reason: 'Do Not Honor', code: RESPONSE_CODES.doNotHonor, externalTransactionId };
  return { status: 'approved', authCode: digitsOf(6, 'auth-code', req.transactionId), externalTransactionId };
}

/** The outcome the shopper (redirect page) or an operator (asynchronous method) gave. */
export function completeApmPayment(req: { transactionId: string; outcome: 'approved' | 'declined' }): ApmOutcome {
  const externalTransactionId = externalIdOf(req.transactionId);
  if (req.outcome === 'approved') {
    return { status: 'approved', authCode: digitsOf(6, 'auth-code', req.transactionId), externalTransactionId };
  }
  return { status: 'declined', reason: 'Decline', code: RESPONSE_CODES.decline, externalTransactionId };
}
