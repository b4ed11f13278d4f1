import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { InFlight } from '../../domain/errors.js';
import type { IdempotencyClaim } from '../../domain/payments/payment.service.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import type { StoredResponse } from '../../domain/idempotency/idempotency.service.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { success } from './envelope.js';
import { obj } from '../fields.js';
import { isTimeStamp } from './auth.js';
import { checkTimeStampWindow, replayRetentionMs } from './timestamp-window.js';

/**
 * Replays of signed money-moving session calls (docs/decisions/0805, 0822). A body whose
 * checksum was already accepted answers the first answer again and moves no money. The key is the
 * site, the method, the checksum and the members the checksum leaves out that choose what money moves
 * (a session token, a card, a UPO, a 3-D Secure step): two distinct legitimate requests differ in one
 * of them, and members a caller may add freely (unknown ones are ignored, 0121) do not make a replay new.
 */

/** The money-moving methods and, per method, the members outside its checksum that the key covers. */
export const REPLAY_SELECTORS = {
  payment: [
    'sessionToken',
    'transactionType',
    'relatedTransactionId',
    'paymentOption',
    'userTokenId',
    'isPartialApproval',
    'currencyConversion',
  ],
  // the session payment family (docs/session-methods.md): the card is cardData; an APM its method and account
  paymentCC: [
    'sessionToken',
    'transactionType',
    'relatedTransactionId',
    'cardData',
    'userTokenId',
    'isPartialApproval',
    'isRebilling',
    'orderId',
  ],
  paymentAPM: ['sessionToken', 'paymentMethod', 'userAccountDetails', 'userPaymentOption', 'userTokenId', 'orderId'],
  // paid at once (no step, an external MPI, dynamic3DMode OFF): a 3-D Secure step is refused by its state instead
  payment3D: [
    'sessionToken',
    'transactionType',
    'relatedTransactionId',
    'cardData',
    'userPaymentOption',
    'userTokenId',
    'isPartialApproval',
    'orderId',
  ],
  dynamic3D: [
    'sessionToken',
    'transactionType',
    'relatedTransactionId',
    'cardData',
    'userPaymentOption',
    'externalMpi',
    'dynamic3DMode',
    'userTokenId',
    'isRebilling',
    'orderId',
  ],
  settleTransaction: [],
  // without relatedTransactionId, the user and the card or UPO credited (docs/decisions/0371)
  refundTransaction: ['userTokenId', 'paymentOption'],
  voidTransaction: [],
  payout: ['sessionToken', 'userTokenId', 'userPaymentOptionId', 'userPaymentOption', 'cardData'],
  // the withdrawal checksum covers every member of the body, in order
  approveRequest: [],
} as const satisfies Record<string, readonly string[]>;

export type ReplayMethod = keyof typeof REPLAY_SELECTORS;

/** keyed: the selectors hold card numbers, which must not be guessable from a stored key */
const REPLAY_KEY_PURPOSE = 'session.replay';

/** The key of a signed body: a MAC of the method, the checksum and the method's selectors. */
/** The key of a body, computed by the pre-check and reused by the claim of the same request. */
const keysOfBodies = new WeakMap<object, { method: ReplayMethod; key: string }>();

export function replayKey(app: FastifyInstance, method: ReplayMethod, body: Record<string, unknown>): string {
  const known = keysOfBodies.get(body);
  if (known?.method === method) return known.key;
  const key = computeReplayKey(app, method, body);
  keysOfBodies.set(body, { method, key });
  return key;
}

function computeReplayKey(app: FastifyInstance, method: ReplayMethod, body: Record<string, unknown>): string {
  const selectors: Record<string, unknown> = {};
  for (const field of REPLAY_SELECTORS[method]) if (body[field] !== undefined) selectors[field] = body[field];
  const material = canonicalJson({ method, checksum: String(body.checksum).toLowerCase(), selectors });
  return app.services.box.mac(REPLAY_KEY_PURPOSE, material).toString('hex');
}

/**
 * The claim a money-moving session call passes to the pipeline: completed with its answer in the
 * write of the outcome. `head` are the answer's members before the transaction's (kept for recovery,
 * which completes them with the transaction it closed); `fields` renders the whole answer.
 */
export function replayClaim(
  app: FastifyInstance,
  request: FastifyRequest,
  method: ReplayMethod,
  head: Record<string, unknown>,
  fields: (tx: Transaction, upoId?: string) => Record<string, unknown>,
  options: { claimsClientRequestId?: boolean } = {},
): IdempotencyClaim {
  const ctx = request.sessionContext!;
  const body = obj(request.body) ?? {};
  const key = replayKey(app, method, body);
  const clientRequestId = typeof body.clientRequestId === 'string' ? body.clientRequestId : null;
  return {
    entityId: ctx.siteId,
    scope: `session ${method}`,
    key,
    requestHash: key,
    ttlMs: replayRetentionMs(app.services.config.GATEHOUSE_TIMESTAMP_TOLERANCE_MS),
    frame: JSON.stringify(success(request, head)),
    render: (tx, upoId) => ({ status: 200, body: JSON.stringify(success(request, fields(tx, upoId))) }),
    ...(options.claimsClientRequestId === false
      ? {}
      : { clientRequestId: { siteId: ctx.siteId, value: clientRequestId } }),
  };
}

/** The first answer again: parsed, so the route's serialiser writes the same bytes as the first time. */
export function replayed(replay: StoredResponse): Record<string, unknown> {
  return JSON.parse(replay.body) as Record<string, unknown>;
}

/**
 * Before any work, a body whose first answer is stored answers it again (a session that expired since,
 * a temp token used by the first call, change nothing); one still running is `InFlight` (1066 `Request
 * still processing`). Races that pass this read are settled by the claim in the pipeline's first write.
 */
export function replayPrecheck(app: FastifyInstance, method: ReplayMethod): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const ctx = request.sessionContext;
    if (!ctx) return;
    const { deps } = app.services;
    const body = obj(request.body) ?? {};
    // a signed body outside its timeStamp window is refused before its record is read (0822)
    if (body.checksum !== undefined && isTimeStamp(body.timeStamp)) checkTimeStampWindow(app.services, body.timeStamp);
    const key = replayKey(app, method, body);
    const record = await deps.storage.read.idempotency.find(ctx.siteId, `session ${method}`, key);
    if (!record || record.expiresAt <= deps.clock.now()) return;
    if (record.responseStatus === null || record.responseBody === null) throw new InFlight();
    request.log.info({ replay: method }, 'signed body replayed: first answer sent again');
    return reply.send(replayed({ status: record.responseStatus, body: record.responseBody }));
  };
}
