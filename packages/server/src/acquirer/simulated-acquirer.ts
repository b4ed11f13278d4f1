import type {
  Acquirer,
  AuthorizeOutcome,
  AuthorizeRequest,
  CardInput,
  FollowUpOutcome,
  FollowUpRequest,
  PayoutRequest,
  ThreeDResult,
} from '../domain/payments/acquirer.port.js';
import type { Clock } from '../lib/clock.js';
import { MAX_MINOR } from '../lib/money.js';
import type { Secret } from '../lib/secret.js';
import { canPayOutApm, decideApmPayout } from './apm-payout.js';
import { apmMethodInfo, completeApmPayment, decideApmPayment } from './apm-payments.js';
import { brandOf, cardInfoOf, currencyOfIssuerCountry } from './bin-data.js';
import { dayOf, quoteDcc } from './dcc-rates.js';
import { digitsOf, hexOf } from './derive.js';
import {
  avsCodeFor,
  findTestCard,
  GATEWAY_ERROR,
  INVALID_CARD_NUMBER,
  luhnValid,
  RESPONSE_CODES,
  type TestCardOutcome,
} from './test-cards.js';
import { authenticationResponse, challengeOutcome, decideThreeDFlow } from './three-d-secure.js';

/**
 * The simulated acquirer: a deterministic implementation of the `Acquirer` port following the
 * test-card table of docs/testing.md (see `test-cards.ts`). It keeps no state at all, so it never
 * retains a card number or CVV: each call exposes the `Secret` locally for the table lookups and
 * the derivations, and drops it.
 *
 * Authorisation (`authorize`, and `payout` for the credit side), in this order:
 * 1. a number that is not 12-19 digits passing Luhn, or an amount that is not a safe
 *    non-negative integer → `error` (the domain rejects these first; this is a backstop);
 * 2. the gateway-error card → `error`, `Gateway Error`, code 96;
 * 3. an expiry before the clock's current month (UTC), or a month outside 1-12 → declined
 *    `Expired Card` (54);
 * 4. a credit (`payout`) to a card whose row names a credit decline: declined with it (4000128449498204,
 *    `External Error in Processing`);
 * 5. a declining row of the table: declined with its reason and code, whatever the 3-D Secure
 *    result (so 4000008400001629, "challenge, then declined", is always `Decline`);
 *    `Insufficient Funds` instead approves floor(amount / 2) when partial approval is on (declines
 *    when that is 0), and approves a zero-amount authorisation (an account check needs no funds),
 *    unless 3-D Secure failed;
 * 6. a 3-D Secure result with status N or R → declined `Authentication Failed` (05);
 * 7. the CVV-mismatch card declines `CVV Mismatch` (N7) with cvv2Code N when a CVV is sent
 *    (without a CVV nothing can mismatch: approved, cvv2Code P); so does any card whose CVV is
 *    not 3 or 4 digits;
 * 8. otherwise approved for the full amount (0 for a zero-amount authorisation).
 *
 * Codes: cvv2Code M when a CVV was sent and matched, P when none was sent, N on mismatch; avsCode
 * N for billing zip `00000`, else Y. The authCode (6 digits) and externalTransactionId
 * (`SIM` + 24 hex) are derived from the gateway transactionId, so a retried call answers the same.
 * Capture, refund and void are always approved.
 */

export interface SimulatedAcquirerDeps {
  clock: Clock;
}

/** The 6-digit authorisation code the simulated issuer gives a transaction. */
export function authCodeOf(transactionId: string): string {
  return digitsOf(6, 'auth-code', transactionId);
}

/** The acquirer's own id for a transaction (max 50 characters by docs/rest-orders.md; this is 27). */
export function externalTransactionIdOf(operation: string, transactionId: string): string {
  return `SIM${hexOf(24, 'external-transaction-id', operation, transactionId)}`;
}

function digitsOfCard(number: Secret<string>): string {
  return number.expose().replace(/[\s-]/g, '');
}

function isExpired(card: CardInput, nowMs: number): boolean {
  const { expMonth, expYear } = card;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return true;
  if (!Number.isInteger(expYear) || expYear < 1000 || expYear > 9999) return true;
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

const CAVV_ERROR = {
  reason: 'UNEXPECTED SYSTEM ERROR - PLEASE RETRY LATER',
  code: RESPONSE_CODES.systemMalfunction,
} as const;

/** A CAVV as 3-D Secure 2 carries it: 20 bytes, 28 base64 characters. */
function isCavv(cavv: string): boolean {
  return /^[A-Za-z0-9+/]{27}=$/.test(cavv) && Buffer.from(cavv, 'base64').length === 20;
}

interface Decision {
  operation: 'authorize' | 'payout';
  transactionId: string;
  amount: number;
  card: CardInput;
  zip?: string;
  partialApproval: boolean;
  threeD?: ThreeDResult;
}

function decide(d: Decision, nowMs: number): AuthorizeOutcome {
  const number = digitsOfCard(d.card.number);
  if (!luhnValid(number)) return { status: 'error', ...INVALID_CARD_NUMBER };
  if (!Number.isSafeInteger(d.amount) || d.amount < 0 || d.amount > MAX_MINOR) {
    return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
  }
  // an authentication claimed (Y or A) must carry a CAVV of 20 bytes in base64, as an external MPI's
  // result may not (docs/decisions/0142): the scheme's check fails as the real gateway reports it
  if (d.threeD && (d.threeD.status === 'Y' || d.threeD.status === 'A') && !isCavv(d.threeD.cavv)) {
    return { status: 'error', ...CAVV_ERROR };
  }
  const row = findTestCard(number);
  const outcome: TestCardOutcome = row?.outcome ?? { kind: 'approve' };
  if (outcome.kind === 'error') return { status: 'error', ...GATEWAY_ERROR };

  const cvv = d.card.cvv?.expose();
  const cvvSent = cvv !== undefined && cvv !== '';
  const avsCode = avsCodeFor(d.zip);
  const externalTransactionId = externalTransactionIdOf(d.operation, d.transactionId);
  const cvv2Code: 'M' | 'P' = cvvSent ? 'M' : 'P';
  const declined = (reason: string, code: string, cvvCode: 'M' | 'N' | 'P' = cvv2Code): AuthorizeOutcome => ({
    status: 'declined',
    reason,
    code,
    cvv2Code: cvvCode,
    avsCode,
    externalTransactionId,
  });
  const approved = (approvedAmount: number): AuthorizeOutcome => ({
    status: 'approved',
    authCode: authCodeOf(d.transactionId),
    approvedAmount,
    cvv2Code,
    avsCode,
    externalTransactionId,
  });

  if (isExpired(d.card, nowMs)) return declined('Expired Card', RESPONSE_CODES.expiredCard);
  if (d.operation === 'payout' && row?.creditDecline) return declined(row.creditDecline.reason, row.creditDecline.code);
  const threeDFailed = d.threeD !== undefined && (d.threeD.status === 'N' || d.threeD.status === 'R');
  if (outcome.kind === 'decline') {
    if (outcome.partialApproval && !threeDFailed) {
      if (d.amount === 0) return approved(0);
      const half = Math.floor(d.amount / 2);
      if (d.partialApproval && half > 0) return approved(half);
    }
    // a declining row keeps its reason whatever the 3-D Secure result (stable for merchants' tests)
    return declined(outcome.reason, outcome.code);
  }
  if (threeDFailed) return declined('Authentication Failed', RESPONSE_CODES.authenticationFailed);
  if (outcome.kind === 'cvv-mismatch' && cvvSent) return declined('CVV Mismatch', RESPONSE_CODES.cvvMismatch, 'N');
  if (cvvSent && !/^\d{3,4}$/.test(cvv)) return declined('CVV Mismatch', RESPONSE_CODES.cvvMismatch, 'N');
  return approved(d.amount);
}

function followUp(operation: 'capture' | 'refund' | 'void', req: FollowUpRequest): FollowUpOutcome {
  if (!Number.isSafeInteger(req.amount) || req.amount < 0 || req.amount > MAX_MINOR) {
    return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
  }
  return {
    status: 'approved',
    authCode: authCodeOf(req.transactionId),
    externalTransactionId: externalTransactionIdOf(operation, req.transactionId),
  };
}

function brandFor(number: string): string {
  return cardInfoOf(number)?.brand ?? brandOf(number);
}

export function createSimulatedAcquirer(deps: SimulatedAcquirerDeps): Acquirer {
  return {
    // APM payments (docs/decisions/0360): apm-payments.ts
    apmMethod: (name) => apmMethodInfo(name),
    apmPay: async (req) => decideApmPayment(req),
    apmComplete: async (req) => completeApmPayment(req),

    cardInfo: (number) => cardInfoOf(digitsOfCard(number)),

    threeDFlow: (card) => decideThreeDFlow(digitsOfCard(card.number), card.holderName),

    authenticateFrictionless: (card, amount, currency) => {
      const number = digitsOfCard(card.number);
      const flow = decideThreeDFlow(number, card.holderName);
      return authenticationResponse(flow, number, brandFor(number), amount, currency);
    },

    challengeResult: (card, completed) => {
      const number = digitsOfCard(card.number);
      return challengeOutcome(number, brandFor(number), completed);
    },

    authorize: async (req: AuthorizeRequest) => {
      // Passthrough (docs/decisions/0362): a zero-amount authorisation is an Auth or PreAuth only; a
      // recurring or merchant-initiated payment has no cardholder, so 3-D Secure and CVV play no part.
      if (req.amount === 0 && req.kind === 'Sale') {
        return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
      }
      const mit = req.isRebilling === true || req.rebill?.step === 'recurring' || req.rebill?.step === 'MIT';
      const { cvv: _cvv, ...cardWithoutCvv } = req.card;
      return decide(
        {
          operation: 'authorize',
          transactionId: req.transactionId,
          amount: req.amount,
          card: mit ? cardWithoutCvv : req.card,
          zip: req.billing?.zip,
          partialApproval: req.partialApproval,
          ...(mit ? {} : { threeD: req.threeD }),
        },
        deps.clock.now(),
      );
    },

    capture: async (req) => followUp('capture', req),
    refund: async (req) => followUp('refund', req),
    void: async (req) => followUp('void', req),

    payout: async (req: PayoutRequest) => {
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0) {
        return { status: 'error', reason: 'Invalid Amount', code: RESPONSE_CODES.invalidAmount };
      }
      return decide(
        {
          operation: 'payout',
          transactionId: req.transactionId,
          amount: req.amount,
          card: req.card,
          partialApproval: false,
        },
        deps.clock.now(),
      );
    },

    canPayOut: (paymentMethod, currency) => canPayOutApm(paymentMethod, currency),
    apmPayout: async (req) => decideApmPayout(req),

    dccQuote: (amount, from, to, day) => quoteDcc(amount, from, to, day),
    dccDay: (at) => dayOf(at),
    issuerCountryCurrency: (country) => currencyOfIssuerCountry(country),
  };
}
