import { setTimeout as sleep } from 'node:timers/promises';
import type { Acquirer, AuthorizeOutcome, CardInput, FollowUpOutcome } from '../domain/payments/acquirer.port.js';
import { GATEWAY_ERROR } from './test-cards.js';

/**
 * Acquirer faults on request (sandbox mode, docs/decisions/0941): a decorator around any `Acquirer`
 * that, for a test card below or for a site an operator set a fault on, makes the money-moving calls
 * (authorise, capture, refund, void, payouts, APM payments) slow, lost or failed, the way a real
 * acquirer's connection fails. The payments domain sees only what it would see from a real one: a
 * late answer, an error answer, or a call that throws (which it records as `Acquirer unavailable`,
 * docs/decisions/0303). Nothing here is in the domain, and without a fault the calls pass untouched.
 */

export type AcquirerFaultMode = 'delay' | 'timeout' | 'error' | 'refused';

export interface AcquirerFault {
  mode: AcquirerFaultMode;
  /** delay: the wait before the real answer; timeout: the wait before the call is given up */
  ms: number;
}

/** The test cards that ask for a fault, whatever the site (docs/testing.md, "Faults"). */
export const FAULT_CARDS: Readonly<Record<string, AcquirerFault>> = {
  '4000000000000416': { mode: 'delay', ms: 2_000 },
  '4000000000000424': { mode: 'timeout', ms: 3_000 },
  '4000000000000432': { mode: 'error', ms: 0 },
  '4000000000000440': { mode: 'refused', ms: 0 },
};

/** What a 5xx answer of the acquirer becomes: the gateway error of the test-card table (96). */
export const ACQUIRER_ERROR = {
  status: 'error',
  reason: `${GATEWAY_ERROR.reason}: acquirer answered HTTP 503`,
  code: GATEWAY_ERROR.code,
} as const;

/** Thrown for `timeout` (after its wait) and `refused`: the call got no answer. */
export class AcquirerConnectionError extends Error {
  constructor(
    readonly mode: 'timeout' | 'refused',
    ms: number,
  ) {
    super(
      mode === 'timeout'
        ? `acquirer did not answer within ${ms} ms (sandbox fault)`
        : 'acquirer refused the connection (sandbox fault)',
    );
    this.name = 'AcquirerConnectionError';
  }
}

export interface FaultSource {
  /** is a fault set on any site? (when not, no call is looked up) */
  anySet(): boolean;
  /** the fault set on the site of `transactionId`, if any */
  forTransaction(transactionId: string): Promise<AcquirerFault | undefined>;
}

/** The fault a card asks for. The number is read only to compare it with the table, as the simulated acquirer does. */
export function faultOfCard(card: CardInput | undefined): AcquirerFault | undefined {
  return card ? FAULT_CARDS[card.number.expose()] : undefined;
}

export function withFaults(inner: Acquirer, source: FaultSource): Acquirer {
  const faultOf = async (transactionId: string, card?: CardInput): Promise<AcquirerFault | undefined> =>
    faultOfCard(card) ?? (source.anySet() ? await source.forTransaction(transactionId) : undefined);

  /** Runs `call` as the fault says: delayed, its answer lost after a wait, an error answer, or no connection. */
  async function faulty<T>(fault: AcquirerFault | undefined, call: () => Promise<T>, errorAnswer: T): Promise<T> {
    if (!fault) return call();
    switch (fault.mode) {
      case 'delay':
        await sleep(fault.ms);
        return call();
      case 'timeout': {
        // The request reached the acquirer, the answer never came back: it may have acted.
        await call();
        await sleep(fault.ms);
        throw new AcquirerConnectionError('timeout', fault.ms);
      }
      case 'error':
        return errorAnswer;
      case 'refused':
        throw new AcquirerConnectionError('refused', 0);
    }
  }
  const authError: AuthorizeOutcome = { ...ACQUIRER_ERROR };
  const followUpError: FollowUpOutcome = { ...ACQUIRER_ERROR };

  return {
    apmMethod: (name) => inner.apmMethod(name),
    apmPay: async (req) => faulty(await faultOf(req.transactionId), () => inner.apmPay(req), { ...ACQUIRER_ERROR }),
    apmComplete: (req) => inner.apmComplete(req),
    cardInfo: (number) => inner.cardInfo(number),
    threeDFlow: (card) => inner.threeDFlow(card),
    authenticateFrictionless: (card, amount, currency) => inner.authenticateFrictionless(card, amount, currency),
    challengeResult: (card, completed) => inner.challengeResult(card, completed),
    authorize: async (req) => faulty(await faultOf(req.transactionId, req.card), () => inner.authorize(req), authError),
    capture: async (req) => faulty(await faultOf(req.transactionId), () => inner.capture(req), followUpError),
    refund: async (req) => faulty(await faultOf(req.transactionId), () => inner.refund(req), followUpError),
    void: async (req) => faulty(await faultOf(req.transactionId), () => inner.void(req), followUpError),
    payout: async (req) => faulty(await faultOf(req.transactionId, req.card), () => inner.payout(req), authError),
    canPayOut: (method, currency) => inner.canPayOut(method, currency),
    apmPayout: async (req) => faulty(await faultOf(req.transactionId), () => inner.apmPayout(req), authError),
    dccQuote: (amount, from, to, day) => inner.dccQuote(amount, from, to, day),
    dccDay: (at) => inner.dccDay(at),
    issuerCountryCurrency: (country) => inner.issuerCountryCurrency(country),
  };
}
