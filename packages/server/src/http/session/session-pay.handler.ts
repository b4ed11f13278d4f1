import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ThreeDStepRefused } from '../../domain/payments/merchant-initiated.js';
import {
  type Instrument,
  type Payer,
  payOrder,
  type PayOrderOptions,
  type PayOrderOutcome,
} from '../../domain/payments/pay-order.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { contextOf } from './auth.js';
import { success } from './envelope.js';
import { orderToPay } from './implicit-order.js';
import { sessionPaymentFields, sessionStepRefusedFields } from './payment.render.js';
import { type ReplayMethod, replayClaim, replayed } from './replay.js';

/** A session payment's translation: who pays, with what, and how. */
export interface SessionPayment {
  payer: Payer;
  instrument: Instrument;
  options: PayOrderOptions;
}

/** What one session payment method (payment.do, initPayment.do, the payment family) says of itself. */
export interface SessionPayMethod {
  /** the body as the translation reads it (the family's rewritten as a payment.do body) */
  body: Readonly<Record<string, unknown>> & { sessionToken: string };
  translate(session: Session, order: SessionOrder): SessionPayment;
  /** a signed body whose first answer is stored and replayed (docs/decisions/0805); a 3-D Secure step is not */
  replay?: ReplayMethod | undefined;
  /** the payment options this method adds (the family's 3-D Secure variants) */
  extend?(options: PayOrderOptions): Partial<PayOrderOptions>;
  /** the answer's members; default `sessionPaymentFields` */
  render?(
    paid: PayOrderOutcome,
    at: { session: Session; order: SessionOrder; userTokenId: string | null | undefined; options: PayOrderOptions },
  ): Record<string, unknown>;
}

/**
 * The one session pay handler (docs/architecture.md): the caller's session, the order it pays (its own,
 * or the one the body opens), the translation, the key of a signed body, `payOrder`, the answer. A
 * 3-D Secure continuation of no approved step of the caller answers SUCCESS with transactionStatus
 * ERROR, 1271; a replay answers the first answer.
 */
export async function paySession(
  app: FastifyInstance,
  request: FastifyRequest,
  m: SessionPayMethod,
): Promise<Record<string, unknown>> {
  const { deps } = app.services;
  const ctx = contextOf(request);
  const caller = await findCallerSession(deps, m.body.sessionToken, ctx);
  const { session, order } = await orderToPay(deps, ctx, caller, m.body, m.translate);
  const { payer, instrument, options } = m.translate(session, order);
  payer.origin.requestId = request.id;
  const userTokenId = payer.origin.userTokenId;
  const render = (paid: PayOrderOutcome) =>
    m.render
      ? m.render(paid, { session, order, userTokenId, options })
      : sessionPaymentFields(paid, session.token, order, userTokenId);
  const head = { sessionToken: session.token, orderId: String(order.id), ...(userTokenId ? { userTokenId } : {}) };
  // the answer stored for replays is the reply: rendered once, when the outcome is written
  let stored: { tx: Transaction; upoId: string | undefined; fields: Record<string, unknown> } | undefined;
  const renderStored = (tx: Transaction, upoId: string | undefined) => {
    const fields = render({ kind: 'done', tx, ...(upoId !== undefined ? { upoId } : {}) });
    stored = { tx, upoId, fields };
    return fields;
  };
  // a 3-D Secure step is not stored as an answer: a second use is refused by its state (0805)
  const idempotency = m.replay && !options.threeD ? replayClaim(app, request, m.replay, head, renderStored) : undefined;
  let paid: PayOrderOutcome;
  try {
    // Object.assign({}, …): a spread after a leading spread is V8's slow path (ADR 0668)
    paid = await payOrder(
      deps,
      payer,
      instrument,
      Object.assign({}, options, m.extend?.(options), idempotency ? { idempotency } : undefined),
    );
  } catch (err) {
    if (err instanceof ThreeDStepRefused)
      return success(request, sessionStepRefusedFields(session.token, order, userTokenId));
    throw err;
  }
  if (paid.kind === 'replay') return replayed(paid.replay);
  if (paid.kind === 'done' && stored?.tx === paid.tx && stored.upoId === paid.upoId)
    return success(request, stored.fields);
  return success(request, render(paid));
}
