import type { Minor } from '../../lib/money.js';
import { Invalid, Missing } from '../errors.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import { cardOfRestTempToken, cardOfTempToken, type TokenCard } from '../payment-methods/tokens.service.js';
import { cardOfUpo, saveCardUpo, UPO_OPTION_FIELD, type UpoOwner } from '../payment-methods/upos.service.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { BillingInfo, CardInput, DccQuote, ThreeDResult } from './acquirer.port.js';
import { apmUpoOf, payApm, type ApmInput } from './apm.service.js';
import { recordDccOption } from './dcc.service.js';
import { outcomeEffects } from './outcome-effects.js';
import {
  externalMpiResult,
  linkedPaymentOf,
  requireFirstPayment,
  requireThreeDStep,
  type ExternalMpi,
} from './merchant-initiated.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { pay } from './card-payment.js';
import { type GuardPlan, guardOfPlan } from './order-guard.js';
import type { OrderGuard, Origin, PayCommand } from './origin.js';
import { initAuth3D, payThreeD } from './three-d-secure.service.js';
import type { ChallengeData, MethodData, ThreeDRequest } from './three-d-secure.types.js';
import type { PaymentType, ProcessingOptions, Transaction } from './transaction.types.js';

/**
 * Pays an order, whatever the interface (docs/decisions/0616): resolves the instrument for
 * the caller, chooses a plain, 3-D Secure or APM payment, and returns what happened. The decline
 * count and a saved UPO are written with the outcome (0602); when the acquirer answers at once the
 * payment makes one durable commit (`WRITE_AHEAD` in driver.ts).
 */

/** Who pays: a REST entity (for an order or not), the session API's site, or a browser's session. */
export type Payer =
  | { via: 'rest'; origin: Origin; /** a sessionId bearer token: the order it is bound to */ boundOrderId?: number }
  | { via: 'session' | 'browser'; origin: Origin; sessionToken: string; orderId: number };

/** What pays, as the interface named it; `payOrder` resolves it for the payer. */
export type Instrument =
  | { kind: 'card'; card: CardInput }
  /** a ccTempToken of cardTokenization or getToken (docs/decisions/0322, 0363), used once */
  | { kind: 'tempToken'; token: string; cvv?: string; holderName?: string }
  /** a stored card or APM of the payer's userTokenId (docs/decisions/0323) */
  | { kind: 'upo'; id: string | number; cvv?: string }
  | { kind: 'apm'; apm: ApmInput }
  /** the sandbox wallet (docs/decisions/0408): a card the wallet gives */
  | { kind: 'wallet'; card: CardInput };

export interface PayOrderOptions {
  type: PaymentType;
  amount: Minor;
  currency: string;
  billing?: BillingInfo;
  /** the shopper's country, checked against an APM's countries */
  country?: string;
  partialApproval?: boolean;
  processing?: ProcessingOptions;
  /** storePaymentOption / savePM: an approved card or APM becomes a UPO of the payer's userTokenId */
  saveUpo?: boolean;
  urls?: { successUrl?: string; failureUrl?: string; pendingUrl?: string };
  /** where the shopper reaches Gatehouse (ACS and APM pages) */
  baseUrl: string;
  /** a DCC charge (docs/decisions/0321): recorded with the pending payment */
  dcc?: DccQuote;
  /** 3-D Secure (docs/decisions/0310): start it (InitAuth3D), or continue the step `relatedTransactionId` */
  threeD?:
    | { init: true; methodNotificationURL?: string }
    | {
        relatedTransactionId: string;
        request: ThreeDRequest;
        authenticateOnly?: boolean;
        /** dynamic3D: the related id may name an approved payment of the caller, a link, not a step (0154) */
        dynamic?: boolean;
      };
  idempotency?: IdempotencyClaim;
  /** a co-badged card's brand the cardholder chose (docs/decisions/0413), for a card however it was given */
  selectedBrand?: string;
  /** 3-D Secure done by the merchant's own MPI (docs/decisions/0142): its result goes to the acquirer, no steps run */
  externalMpi?: ExternalMpi & {
    /** the InitAuth3D it follows, checked as a step is (1271) */ relatedTransactionId?: string;
  };
  /**
   * a merchant-initiated repeat of a stored credential (docs/decisions/0143): no cardholder, so no CVV and
   * no 3-D Secure; `relatedTransactionId` names the approved first payment with the same card
   */
  mit?: { relatedTransactionId?: string };
  /** an earlier approved payment of the caller this one is recorded as related to (dynamic3D, 0154) */
  linkedTransactionId?: string;
}

export type PayOrderOutcome =
  | { kind: 'done'; tx: Transaction; upoId?: string }
  /** an idempotency key's first answer; `upoIdOf` gives the UPO it paid with or saved */
  | { kind: 'replay'; replay: StoredResponse; upoIdOf?: (transactionId: string) => Promise<string | undefined> }
  | { kind: 'method'; tx: Transaction; method: MethodData }
  | { kind: 'challenge'; tx: Transaction; challenge: ChallengeData }
  | { kind: 'authenticated'; tx: Transaction; result: ThreeDResult };

export async function payOrder(
  deps: DomainDeps,
  payer: Payer,
  instrument: Instrument,
  o: PayOrderOptions,
): Promise<PayOrderOutcome> {
  const { origin } = payer;
  const stepGuard = stepGuardOf(deps, payer);
  // a decline of a session's payment counts toward sessionCardDeclineLimit (0602)
  const declineSession = payer.via === 'rest' ? {} : { declineSession: payer.sessionToken };
  const apmUpo =
    instrument.kind === 'upo'
      ? await apmUpoOf(deps, instrument.id, { siteId: origin.siteId, userTokenId: origin.userTokenId })
      : undefined;
  // 3-D Secure is for cards: an APM UPO there is refused as 1011 (docs/decisions/0149)
  if (apmUpo && o.threeD) throw new Invalid(UPO_OPTION_FIELD, 'is not a card', 'stored_option');
  if (instrument.kind === 'apm' || apmUpo) {
    const run = await payApm(
      deps,
      {
        origin,
        type: o.type,
        amount: o.amount,
        currency: o.currency,
        apm: apmUpo ? { upo: apmUpo } : (instrument as { apm: ApmInput }).apm,
        ...(o.country ? { country: o.country } : {}),
        storeUpo: o.saveUpo === true,
        urls: o.urls ?? {},
        baseUrl: o.baseUrl,
        ...(o.processing ? { options: o.processing } : {}),
      },
      {
        ...(o.idempotency ? { idempotency: o.idempotency } : {}),
        ...(stepGuard ? { guard: stepGuard } : {}),
        ...(payer.via === 'rest' ? {} : { onOutcome: outcomeEffects(declineSession).onOutcome }),
      },
    );
    return run.replay ? { kind: 'replay', replay: run.replay } : { kind: 'done', tx: run.tx };
  }

  const token = await tokenCardOf(deps, payer, instrument);
  const resolved = await cardOf(deps, payer, instrument, token);
  const card = o.selectedBrand === undefined ? resolved : { ...resolved, selectedBrand: o.selectedBrand };
  // a ccTempToken is used up by the payment that moves money, not by the 3-D Secure steps before it
  const consume = token ? (repos: Repos) => token.consume(repos, deps.clock.now()) : undefined;
  const userTokenId = origin.userTokenId;
  const saveFor: UpoOwner | undefined =
    instrument.kind !== 'upo' && o.saveUpo && userTokenId
      ? { merchantId: origin.merchantId, siteId: origin.siteId, userTokenId }
      : undefined;
  const effects = outcomeEffects({ ...declineSession, ...(saveFor ? { saveCardUpoFor: saveFor } : {}) });
  const upoId = () => (instrument.kind === 'upo' ? String(instrument.id) : effects.savedUpoId());
  const payCmd = {
    origin,
    type: o.type,
    amount: o.amount,
    currency: o.currency,
    card,
    ...(o.billing ? { billing: o.billing } : {}),
    partialApproval: o.partialApproval ?? false,
    ...(o.processing ? { options: o.processing } : {}),
  };
  const dcc = recordDccOption(deps, o.dcc);

  // dynamic3D naming an approved payment of the caller: a new payment linked to it, its 3-D Secure
  // decided as a payment without steps decides it (docs/decisions/0154)
  if (payer.via === 'session' && o.threeD && 'dynamic' in o.threeD && o.threeD.dynamic) {
    const site = payer.origin;
    const linked = await linkedPaymentOf(
      deps,
      o.threeD.relatedTransactionId,
      (t) => t.merchantId === site.merchantId && t.siteId === site.siteId,
    );
    if (linked) {
      const { threeD: _step, ...rest } = o;
      return payOrder(deps, payer, instrument, { ...rest, linkedTransactionId: linked.id });
    }
  }
  // the session API's 3-D Secure continuation must name an approved step of the caller (1271)
  const related =
    o.threeD && 'relatedTransactionId' in o.threeD
      ? o.threeD.relatedTransactionId
      : o.externalMpi?.relatedTransactionId;
  if (payer.via === 'session' && related !== undefined) await requireThreeDStep(deps, related, reachOf(payer));
  if (o.mit?.relatedTransactionId !== undefined) {
    await requireFirstPayment(deps, o.mit.relatedTransactionId, origin, card);
  }

  if (o.threeD) {
    if (o.idempotency) throw new Invalid('idempotency-key', 'is not supported on 3-D Secure steps');
    if ('init' in o.threeD) {
      const url = o.threeD.methodNotificationURL;
      const init = await initAuth3D(
        deps,
        {
          origin,
          amount: o.amount,
          currency: o.currency,
          card,
          baseUrl: o.baseUrl,
          ...(url ? { methodNotificationURL: url } : {}),
        },
        stepGuard,
      );
      return { kind: 'method', tx: init.tx, method: init.method };
    }
    const run = await payThreeD(
      deps,
      {
        ...payCmd,
        relatedTransactionId: o.threeD.relatedTransactionId,
        threeDRequest: o.threeD.request,
        baseUrl: o.baseUrl,
        ...(o.threeD.authenticateOnly ? { authenticateOnly: true } : {}),
        mayReach: reachOf(payer),
        ...(consume ? { onPayment: consume } : {}),
        ...dcc,
        onOutcome: effects.onOutcome,
      },
      stepGuard,
    );
    if (run.challenge !== undefined) return { kind: 'challenge', tx: run.tx, challenge: run.challenge };
    if (run.authenticated !== undefined) return { kind: 'authenticated', tx: run.tx, result: run.authenticated };
    if (run.tx) return done(run.tx, upoId());
    return { kind: 'replay', replay: run.replay };
  }

  const claim = o.idempotency;
  const linked = o.linkedTransactionId !== undefined ? { relatedTransactionId: o.linkedTransactionId } : {};
  const run = await pay(
    deps,
    { ...payCmd, ...linked, ...repeatOf(o, card) },
    {
      // rendered in the outcome's write, once a saved UPO's id is known
      // a copy with its own render: Object.assign, not a spread followed by a member (ADR 0665)
      ...(claim
        ? { idempotency: Object.assign({}, claim, { render: (tx: Transaction) => claim.render(tx, upoId()) }) }
        : {}),
      // the step guard as data: without a token to consume, the pending write is one planned write (0817)
      guardPlan: stepPlanOf(payer),
      ...(consume ? { guard: consume } : {}),
      ...dcc,
      onOutcome: effects.onOutcome,
    },
  );
  if (run.tx) return done(run.tx, upoId());
  if (instrument.kind !== 'upo' && !saveFor) return { kind: 'replay', replay: run.replay };
  return {
    kind: 'replay',
    replay: run.replay,
    // the first answer was rendered before its UPO id was known: the replay carries it too
    // (saved now, should a first answer have been stored without it)
    upoIdOf: async (transactionId) => {
      const tx = await deps.storage.read.payments.find(transactionId);
      if (!tx) return undefined;
      return instrument.kind === 'upo' ? String(instrument.id) : (await saveCardUpo(deps, saveFor!, tx))?.id;
    },
  };
}

/** An external MPI's result, or a merchant-initiated repeat: no CVV, the first payment related (0142, 0143). */
function repeatOf(o: PayOrderOptions, card: CardInput): Partial<PayCommand> {
  if (o.mit) {
    const { cvv: _cvv, ...withoutCvv } = card;
    return {
      card: withoutCvv,
      options: { ...o.processing, isRebilling: true },
      ...(o.mit.relatedTransactionId !== undefined ? { relatedTransactionId: o.mit.relatedTransactionId } : {}),
    };
  }
  if (!o.externalMpi) return {};
  const related = o.externalMpi.relatedTransactionId;
  return {
    threeD: externalMpiResult(o.externalMpi),
    ...(related !== undefined ? { relatedTransactionId: related } : {}),
  };
}

function done(tx: Transaction, upoId: string | undefined): PayOrderOutcome {
  return { kind: 'done', tx, ...(upoId !== undefined ? { upoId } : {}) };
}

/** The guard of every write of the payment: the session is used, the order is not paid or being paid. */
function stepGuardOf(deps: DomainDeps, payer: Payer): OrderGuard | undefined {
  return guardOfPlan(deps, stepPlanOf(payer));
}

/** That guard as data (ADR 0817): the session it touches, the order it locks and checks. */
function stepPlanOf(payer: Payer): GuardPlan {
  if (payer.via === 'rest') return payer.origin.orderId === null ? {} : { orderId: payer.origin.orderId };
  return { sessionToken: payer.sessionToken, orderId: payer.orderId };
}

/** Which 3-D Secure steps the payer may continue: its own. */
function reachOf(payer: Payer): (t: Transaction) => boolean {
  const o = payer.origin;
  if (payer.via === 'rest') {
    const bound = payer.boundOrderId;
    return (t) =>
      t.interface === 'rest' &&
      t.merchantId === o.merchantId &&
      t.entityId === o.entityId &&
      (bound === undefined || t.orderId === bound);
  }
  return (t) => t.interface === 'session' && t.sessionId === payer.sessionToken && t.siteId === o.siteId;
}

/** A ccTempToken's card: REST takes any token of the site whose session lives; a session, its own. */
async function tokenCardOf(deps: DomainDeps, payer: Payer, instrument: Instrument): Promise<TokenCard | undefined> {
  if (instrument.kind !== 'tempToken') return undefined;
  const { siteId } = payer.origin;
  if (payer.via === 'rest') return cardOfRestTempToken(deps, instrument.token, siteId, instrument.cvv);
  const card = {
    ccTempToken: instrument.token,
    ...(instrument.cvv !== undefined ? { CVV: instrument.cvv } : {}),
    ...(instrument.holderName !== undefined ? { cardHolderName: instrument.holderName } : {}),
  };
  return cardOfTempToken(deps, { card }, { sessionToken: payer.sessionToken, siteId });
}

async function cardOf(
  deps: DomainDeps,
  payer: Payer,
  instrument: Instrument,
  token: TokenCard | undefined,
): Promise<CardInput> {
  if (token) return token.card;
  if (instrument.kind === 'card' || instrument.kind === 'wallet') return instrument.card;
  if (instrument.kind !== 'upo') throw new Invalid('paymentOption', 'is not a card');
  const userTokenId = payer.origin.userTokenId;
  if (payer.via === 'rest' && !userTokenId) throw new Missing('userTokenId');
  const option = {
    userPaymentOptionId: instrument.id,
    ...(instrument.cvv !== undefined ? { card: { CVV: instrument.cvv } } : {}),
  };
  return (await cardOfUpo(deps, option, { siteId: payer.origin.siteId, userTokenId }))!;
}
