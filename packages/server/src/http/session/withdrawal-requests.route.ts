import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { BadRequest, Invalid } from '../../domain/errors.js';
import { toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { approveWithdrawal } from '../../domain/withdrawals/order.service.js';
import {
  cancelWithdrawal,
  declineWithdrawal,
  listWithdrawals,
  submitWithdrawal,
} from '../../domain/withdrawals/withdrawal.service.js';
import type { WithdrawalStatus } from '../../domain/withdrawals/withdrawal.types.js';
import { wireOrderStatusOf } from '../../domain/withdrawals/order.machine.js';
import type { WithdrawalOrder } from '../../domain/withdrawals/order.types.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import {
  ApproveWithdrawalRequest,
  CancelWithdrawalRequest,
  DeclineWithdrawalRequest,
  GetWithdrawalRequests,
  SubmitWithdrawalRequest,
  WithdrawalListResponse,
  WithdrawalResponse,
} from '../../schemas/session/withdrawal.schema.js';
import { customFieldsOf, listEntriesOf, submitCommandOf } from '../withdrawal.translate.js';
import { contextOf } from './auth.js';
import { success } from './envelope.js';
import { replayClaim, replayed, replayPrecheck } from './replay.js';
import type { Withdrawal } from '../../domain/withdrawals/withdrawal.types.js';
import { withdrawalChecksumAuth } from './withdrawal.auth.js';
import { WITHDRAWAL_REQ_CHECKSUM_FIELDS } from '../../security/withdrawal-checksum.js';
import { WITHDRAWAL_ORDER_METHODS } from './withdrawal-orders.method.js';

/** Where the withdrawal management calls live (docs/withdrawals.md). */
export const WITHDRAWAL_API = '/ppp/api/withdrawal';

const CHECKSUM_RULE =
  'Checksum: merchantId, merchantSiteId, then the value of every other field in the order of the request body (nested objects flattened in order), then timeStamp, then the merchant secret key.';

const METHODS = [
  'submitRequest',
  'getRequests',
  'cancelRequest',
  'approveRequest',
  'declineRequest',
  ...WITHDRAWAL_ORDER_METHODS,
].map((m) => `${m}.do`);

/**
 * `POST /ppp/api/withdrawal/{submitRequest,getRequests,cancelRequest,approveRequest,declineRequest}.do`:
 * the merchant side of withdrawal requests (docs/withdrawals.md, docs/decisions/0503, 0505). Answers are
 * the session envelope, HTTP 200, errors included.
 */
export function registerWithdrawalRequests(app: FastifyInstance): void {
  const route = <S extends TSchema>(
    method: string,
    summary: string,
    description: string,
    body: S,
    response: object,
    handler: (request: FastifyRequest<{ Body: Static<S> }>) => Promise<unknown>,
    preHandler?: preHandlerAsyncHookHandler,
  ) =>
    app.post<{ Body: Static<S> }>(
      `${WITHDRAWAL_API}/${method}.do`,
      {
        preValidation: withdrawalChecksumAuth(app, WITHDRAWAL_REQ_CHECKSUM_FIELDS[method]),
        ...(preHandler ? { preHandler } : {}),
        schema: {
          summary,
          description: `${description} ${CHECKSUM_RULE}`,
          tags: ['withdrawals'],
          body,
          response: { 200: response },
        },
      },
      handler,
    );

  route(
    'submitRequest',
    'Submit a withdrawal request',
    "Creates a request in Pending (state Open) to pay `amount` out to `userPMId`, a card or payout-capable APM UPO of userTokenId. merchantWDRequestId and merchantUniqueId are the merchant's references: several requests may share them. No cap on the user's open requests applies here (wdRequestsLimit is an option of the Web SDK's withdrawal component).",
    SubmitWithdrawalRequest,
    WithdrawalResponse,
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const cmd = submitCommandOf(body, {
        upoField: 'userPMId',
        upoId: body.userPMId,
        currency: body.currency,
        customFields: customFieldsOf(body.merchantDetails),
      });
      const w = await submitWithdrawal(app.services.deps, ctx, cmd);
      return success(request, withdrawalFields(w));
    },
  );

  route(
    'getRequests',
    'List withdrawal requests',
    "The site's requests, newest first: a user's when userTokenId is sent, filtered by wdRequestStatus, paged by firstRecord and maxNumOfRecords (default 100). totalCount counts every match.",
    GetWithdrawalRequests,
    WithdrawalListResponse,
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const internal: WithdrawalStatus[] | undefined = body.wdRequestStatus?.flatMap((s) =>
        s === 'Pending' ? (['Pending', 'Processing'] as const) : [s],
      );
      const max = body.maxNumOfRecords;
      const { deps } = app.services;
      const wdRequestId = body.wdRequestId === undefined ? undefined : String(body.wdRequestId);
      let rows;
      let total;
      if (wdRequestId !== undefined) {
        const w = await deps.storage.read.withdrawals.find(wdRequestId);
        const match =
          w &&
          w.siteId === ctx.siteId &&
          (body.userTokenId === undefined || w.userTokenId === body.userTokenId) &&
          (!internal || internal.includes(w.status));
        rows = match ? [w] : [];
        total = rows.length;
      } else {
        ({ rows, total } = await listWithdrawals(deps, ctx, {
          ...(body.userTokenId !== undefined ? { userTokenId: body.userTokenId } : {}),
          ...(internal ? { statuses: internal } : {}),
          limit: max === undefined ? 100 : Math.min(100, Math.max(1, Number(max))),
          offset: Number(body.firstRecord ?? '0'),
        }));
      }
      const { siteName, entries } = await listEntriesOf(deps, ctx, rows);
      return success(request, {
        totalCount: String(total),
        merchantSiteName: siteName,
        withdrawalRequests: entries,
        withdrawalRequest: entries,
      });
    },
  );

  route(
    'cancelRequest',
    'Cancel a withdrawal request for the user',
    'Moves a Pending or InProgress request of userTokenId to Canceled; its Approved orders are deleted unpaid. A request with a settled order, or with an order being settled, or already Closed, is refused (errCode 1058).',
    CancelWithdrawalRequest,
    WithdrawalResponse,
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const w = await cancelWithdrawal(app.services.deps, ctx, {
        userTokenId: body.userTokenId,
        wdRequestId: String(body.wdRequestId),
        ...(body.clientRequestId ? { clientRequestId: body.clientRequestId } : {}),
      });
      return success(request, withdrawalFields(w));
    },
  );

  route(
    'approveRequest',
    'Approve a withdrawal request',
    "Approves a Pending or InProgress request: it becomes InProgress with an Approved withdrawal order (wdOrderId) for `amount`, by default all of the request that no order holds yet, to the request's UPO. Nothing is paid until the order is settled (settleWithdrawalOrder, settleOrdersInBatch); until then the request can still be cancelled or declined, which deletes the order unpaid. merchantWDRequestId is the merchant's reference and is not checked.",
    ApproveWithdrawalRequest,
    WithdrawalResponse,
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const { deps } = app.services;
      let amount;
      const text = body.amount;
      if (text !== undefined) {
        // the amount is in the request's currency
        const found = await deps.storage.read.withdrawals.find(String(body.wdRequestId));
        if (!found || found.siteId !== ctx.siteId)
          throw new Invalid('wdRequestId', 'names no withdrawal request of this site');
        amount = toMinor(text, found.currency, 'amount', 'amount');
      }
      const fields = (withdrawal: Withdrawal, order: WithdrawalOrder) => ({
        ...withdrawalFields(withdrawal),
        ...(withdrawal.merchantWDRequestId === null && body.merchantWDRequestId
          ? { merchantWDRequestId: body.merchantWDRequestId }
          : {}),
        wdOrderId: Number(order.id),
        wdOrderStatus: wireOrderStatusOf(order.status),
      });
      // a body already accepted answers its first answer and places no second order (docs/decisions/0805)
      const { entityId, scope, key, requestHash } = replayClaim(app, request, 'approveRequest', {}, () => ({}), {
        claimsClientRequestId: false,
      });
      const run = await approveWithdrawal(
        deps,
        ctx,
        {
          wdRequestId: String(body.wdRequestId),
          ...(amount !== undefined ? { amount } : {}),
          ...(body.operatorName ? { operatorName: body.operatorName } : {}),
          ...(body.comment ? { comment: body.comment } : {}),
          ...(body.clientRequestId ? { clientRequestId: body.clientRequestId } : {}),
        },
        {
          entityId,
          scope,
          key,
          requestHash,
          render: (r) => ({ status: 200, body: JSON.stringify(success(request, fields(r.withdrawal, r.order))) }),
        },
      );
      if (run.replay) return replayed(run.replay);
      return success(request, fields(run.withdrawal, run.order));
    },
    replayPrecheck(app, 'approveRequest'),
  );

  route(
    'declineRequest',
    'Decline a withdrawal request',
    'Moves a Pending or InProgress request to Declined; its Approved orders are deleted unpaid. With part of it settled already it becomes Partially Approved for that part. While an order is being settled, or once Closed, it is refused (errCode 1058).',
    DeclineWithdrawalRequest,
    WithdrawalResponse,
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const w = await declineWithdrawal(app.services.deps, ctx, {
        wdRequestId: String(body.wdRequestId),
        ...(body.operatorName ? { operatorName: body.operatorName } : {}),
        ...(body.comment ? { comment: body.comment } : {}),
        ...(body.clientRequestId ? { clientRequestId: body.clientRequestId } : {}),
      });
      return success(request, withdrawalFields(w));
    },
  );

  // Every other path under /ppp/api/withdrawal/: the envelope (errCode 1066), never a 404 page.
  app.all(`${WITHDRAWAL_API}/*`, { schema: { hide: true, response: { 200: SessionEnvelope } } }, async (request) => {
    const name = (request.params as { '*': string })['*'].split('?')[0]!.slice(0, 100);
    if (METHODS.includes(name)) throw new BadRequest(`${name} accepts POST only`);
    throw new BadRequest(`Unknown method: ${name || '(none)'}`);
  });
}
