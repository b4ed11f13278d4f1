import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { formatDecimal } from '../../lib/money.js';
import { DomainError } from '../../domain/errors.js';
import { gatewayCodes, SESSION_STATUS } from '../shared/session-transaction.render.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { wireOrderStatusOf } from '../../domain/withdrawals/order.machine.js';
import {
  deleteWithdrawalOrder,
  listWithdrawalOrders,
  netDepositsOf,
  type NetDeposits,
  placeWithdrawalOrder,
  refundCandidatesOf,
  sealWithdrawal,
  settleWithdrawalOrder,
  updateNetDepositValue,
  updateOrdersDetails,
} from '../../domain/withdrawals/order.service.js';
import type { SettlementType, WithdrawalOrder } from '../../domain/withdrawals/order.types.js';
import { wdDate } from '../shared/withdrawal.render.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import { WITHDRAWAL_REQ_CHECKSUM_FIELDS } from '../../security/withdrawal-checksum.js';
import {
  GetCandidatesForRefundRequest,
  GetNetDepositsRequest,
  GetOrdersRequest,
  NetDepositsResponse,
  PlaceWithdrawalOrderRequest,
  RefundCandidatesResponse,
  SealRequestRequest,
  SettleOrdersInBatchRequest,
  SettleOrdersInBatchResponse,
  UpdateNetDepositValueRequest,
  UpdateOrdersDetailsRequest,
  WdOrderRequest,
  WithdrawalOrderResponse,
  WithdrawalOrdersListResponse,
} from '../../schemas/session/withdrawal-orders.schema.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { str } from '../fields.js';
import { contextOf } from './auth.js';
import { success } from './envelope.js';
import { domainToWire } from './errors.js';
import { withdrawalChecksumAuth } from './withdrawal.auth.js';

/** The withdrawal-order methods of the server facts 2.8 (besides the request methods). */
export const WITHDRAWAL_ORDER_METHODS = [
  'placeWithdrawalOrder',
  'sealRequest',
  'getOrders',
  'getOrderIds',
  'settleWithdrawalOrder',
  'settleOrdersInBatch',
  'deleteWithdrawalOrder',
  'updateOrdersDetails',
  'getCandidatesForRefund',
  'getNetDeposits',
  'updateNetDepositValue',
  'getUserPaymentMethodNetDeposits',
] as const;

type Body = Record<string, unknown>;

function orderFields(o: WithdrawalOrder): Record<string, unknown> {
  return {
    wdOrderId: Number(o.id),
    wdOrderStatus: wireOrderStatusOf(o.status),
    settlementType: o.settlementType,
    ...(o.executionTime !== null ? { executionTime: o.executionTime } : {}),
  };
}

function netDepositsFields(b: Body, n: NetDeposits, currency: string): Record<string, unknown> {
  const f = (m: number) => formatDecimal(m, currency);
  return {
    netDeposits: {
      userTokenId: String(b.userTokenId),
      userPMId: String(b.userPMId),
      currency,
      totalDeposits: f(n.deposits),
      totalWithdrawals: f(n.withdrawals),
      manualAdjustments: f(n.manual),
      netDeposit: f(n.net),
    },
  };
}

/**
 * `POST /ppp/api/withdrawal/<method>.do` for withdrawal orders, sealing, refund candidates and net
 * deposits (server facts 2.8, docs/decisions/0130, 0131). Checksum: [BODY], or for the methods the
 * facts mark [REQ] also the listed fields in order. Answers are the session envelope, HTTP 200.
 */
export function registerWithdrawalOrders(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const route = (
    method: (typeof WITHDRAWAL_ORDER_METHODS)[number],
    summary: string,
    description: string,
    body: TSchema,
    response: TSchema,
    handle: (
      ctx: ReturnType<typeof contextOf>,
      body: Body,
      request: FastifyRequest,
    ) => Promise<Record<string, unknown>>,
  ) => {
    const req = WITHDRAWAL_REQ_CHECKSUM_FIELDS[method];
    const rule = req
      ? `Checksum: ${req.join(', ')}, then the merchant secret key; or merchantId, merchantSiteId, every other field in body order, timeStamp, secret.`
      : 'Checksum: merchantId, merchantSiteId, then every other field in body order (nested values flattened in order), then timeStamp, then the merchant secret key.';
    app.post(
      `/ppp/api/withdrawal/${method}.do`,
      {
        preValidation: withdrawalChecksumAuth(app, req),
        schema: {
          summary,
          description: `${description} ${rule}`,
          tags: ['withdrawals'],
          body,
          response: { 200: response },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        return success(request, await handle(ctx, request.body as Body, request));
      },
    );
  };
  const clientRequestId = (b: Body) => (str(b.clientRequestId) ? { clientRequestId: str(b.clientRequestId)! } : {});

  route(
    'placeWithdrawalOrder',
    'Place a withdrawal order',
    "Places an Approved order to pay `amount` of a Pending or InProgress request to userPMId (a UPO of its user); the request becomes InProgress and nothing is paid until the order is settled. merchantWDRequestId is the merchant's reference: it may differ from the request's. The orders of a request may not exceed its amount (1058). settlementType 1 is a refund: userPMId must be a card UPO with a deposit that has the whole amount left to refund (else 1058, docs/decisions/0136).",
    PlaceWithdrawalOrderRequest,
    WithdrawalOrderResponse,
    async (ctx, b) => {
      const currency = checkCurrency(String(b.currency), 'currency');
      const { order, withdrawal } = await placeWithdrawalOrder(deps(), ctx, {
        wdRequestId: String(b.wdRequestId),
        upoId: String(b.userPMId),
        amount: toMinor(String(b.amount), currency, 'amount', 'amount'),
        currency,
        settlementType: Number(b.settlementType) as SettlementType,
        ...clientRequestId(b),
      });
      return { ...withdrawalFields(withdrawal), ...orderFields(order) };
    },
  );

  route(
    'sealRequest',
    'Seal a withdrawal request',
    'Locks a Pending request for processing: InProgress. The user can no longer have it pending; the merchant places orders or declines it.',
    SealRequestRequest,
    WithdrawalOrderResponse,
    async (ctx, b) => {
      const w = await sealWithdrawal(deps(), ctx, {
        wdRequestId: String(b.wdRequestId),
        ...(str(b.userAccountId) ? { userAccountId: str(b.userAccountId)! } : {}),
        ...(str(b.operatorName) ? { operatorName: str(b.operatorName)! } : {}),
      });
      return { ...withdrawalFields(w), ...(w.operatorName !== null ? { operatorName: w.operatorName } : {}) };
    },
  );

  const entries = async (ctx: ReturnType<typeof contextOf>, b: Body) => {
    const orders = await listWithdrawalOrders(deps(), ctx, str(b.merchantUniqueId));
    const reqs = new Map<string, { merchantWDRequestId: string | null; merchantUniqueId: string | null }>();
    for (const o of orders)
      if (!reqs.has(o.wdRequestId))
        reqs.set(o.wdRequestId, (await deps().storage.read.withdrawals.find(o.wdRequestId))!);
    return orders.map((o) => {
      const w = reqs.get(o.wdRequestId)!;
      return {
        wdOrderId: Number(o.id),
        wdOrderStatus: wireOrderStatusOf(o.status),
        wdRequestId: Number(o.wdRequestId),
        ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
        ...(w.merchantUniqueId !== null ? { merchantUniqueId: w.merchantUniqueId } : {}),
        userTokenId: o.userTokenId,
        userPMId: o.upoId,
        amount: formatDecimal(o.amount, o.currency),
        currency: o.currency,
        settlementType: o.settlementType,
        ...(o.executionTime !== null ? { executionTime: o.executionTime } : {}),
        ...(o.payoutTransactionId !== null ? { transactionId: o.payoutTransactionId } : {}),
        ...(o.comment !== null ? { reason: o.comment } : {}),
        creationDate: wdDate(o.createdAt),
        lastModifiedDate: wdDate(o.updatedAt),
      };
    });
  };

  route(
    'getOrders',
    'List withdrawal orders',
    "The site's orders, newest first; only those of the requests with merchantUniqueId when it is not empty.",
    GetOrdersRequest,
    WithdrawalOrdersListResponse,
    async (ctx, b) => {
      const list = await entries(ctx, b);
      return { totalCount: String(list.length), withdrawalOrders: list };
    },
  );

  route(
    'getOrderIds',
    'List withdrawal order ids',
    'The wdOrderIds getOrders would list, newest first.',
    GetOrdersRequest,
    WithdrawalOrdersListResponse,
    async (ctx, b) => {
      const orders = await listWithdrawalOrders(deps(), ctx, str(b.merchantUniqueId));
      return { totalCount: String(orders.length), wdOrderIds: orders.map((o) => Number(o.id)) };
    },
  );

  route(
    'settleWithdrawalOrder',
    'Settle a withdrawal order',
    'Pays an Approved order out to its UPO through the acquirer (settlementType 1: refunds a deposit made with it instead, docs/decisions/0136): Settled, or Error when the payout or refund is declined or fails. When the settled orders cover the request, the request is Approved. The answer carries the payout or refund transactionId and transactionStatus.',
    WdOrderRequest,
    WithdrawalOrderResponse,
    async (ctx, b) => {
      const { order, payout } = await settleWithdrawalOrder(deps(), ctx, {
        wdOrderId: String(b.wdOrderId),
        ...clientRequestId(b),
      });
      const w = (await deps().storage.read.withdrawals.find(order.wdRequestId))!;
      return {
        ...withdrawalFields(w),
        ...orderFields(order),
        transactionId: payout.id,
        transactionStatus: SESSION_STATUS[payout.status],
        ...gatewayCodes(payout),
      };
    },
  );

  route(
    'settleOrdersInBatch',
    'Settle withdrawal orders in a batch',
    'Settles each order in turn; each gets operationStatus SUCCESS (settled) or ERROR with its errCode and reason. The call itself succeeds.',
    SettleOrdersInBatchRequest,
    SettleOrdersInBatchResponse,
    async (ctx, b) => {
      const orders = [];
      for (const id of b.wdOrderIds as Array<string | number>) {
        try {
          const { order, payout } = await settleWithdrawalOrder(deps(), ctx, { wdOrderId: String(id) });
          orders.push({
            wdOrderId: Number(id),
            operationStatus: order.status === 'Settled' ? 'SUCCESS' : 'ERROR',
            wdOrderStatus: wireOrderStatusOf(order.status),
            transactionId: payout.id,
            ...(order.status !== 'Settled' ? { errCode: 1058, reason: order.comment ?? 'Payout failed' } : {}),
          });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          const wire = domainToWire(err);
          orders.push({ wdOrderId: Number(id), operationStatus: 'ERROR', errCode: wire.errCode, reason: wire.reason });
        }
      }
      return { orders };
    },
  );

  route(
    'deleteWithdrawalOrder',
    'Delete a withdrawal order',
    'Deletes an Approved order; its amount is free for another order. A settled or deleted order is refused (1058).',
    WdOrderRequest,
    WithdrawalOrderResponse,
    async (ctx, b) => orderFields(await deleteWithdrawalOrder(deps(), ctx, String(b.wdOrderId))),
  );

  route(
    'updateOrdersDetails',
    'Update withdrawal orders',
    'Sets details.executionTime (YYYYMMDDHHmm) of Approved orders: all of them, or none when one is refused.',
    UpdateOrdersDetailsRequest,
    SessionEnvelope,
    async (ctx, b) => {
      const details = b.details as { executionTime?: string };
      await updateOrdersDetails(deps(), ctx, {
        wdOrderIds: (b.wdOrderIds as Array<string | number>).map(String),
        ...(details.executionTime !== undefined ? { executionTime: details.executionTime } : {}),
      });
      return {};
    },
  );

  route(
    'getCandidatesForRefund',
    'List deposits a withdrawal could refund',
    "The approved deposits (Sale, Settle) made by the request's user with the request's card, in its currency, not yet fully refunded.",
    GetCandidatesForRefundRequest,
    RefundCandidatesResponse,
    async (ctx, b) => {
      const list = await refundCandidatesOf(deps(), ctx, String(b.wdRequestId));
      return {
        merchantId: ctx.merchantId,
        merchantSiteId: ctx.siteId,
        transactionsDetailList: list.map((c) => ({
          transactionId: c.transactionId,
          transactionType: c.type,
          amount: formatDecimal(c.amount, c.currency),
          refundedAmount: formatDecimal(c.refunded, c.currency),
          availableAmount: formatDecimal(c.amount - c.refunded, c.currency),
          currency: c.currency,
          transactionDate: wdDate(c.createdAt),
        })),
      };
    },
  );

  const netDeposits = async (ctx: ReturnType<typeof contextOf>, b: Body) => {
    const currency = checkCurrency(String(b.currency), 'currency');
    const n = await netDepositsOf(deps(), ctx, {
      userTokenId: String(b.userTokenId),
      upoId: String(b.userPMId),
      currency,
    });
    return netDepositsFields(b, n, currency);
  };
  route(
    'getNetDeposits',
    "Get a user's net deposits",
    'What userTokenId paid in with userPMId in currency (approved sales and settlements less refunds), less what was paid out to it, plus the manual movements of updateNetDepositValue.',
    GetNetDepositsRequest,
    NetDepositsResponse,
    netDeposits,
  );
  route(
    'getUserPaymentMethodNetDeposits',
    "Get the net deposits of a user's payment method",
    'The same figures as getNetDeposits for one UPO; country is accepted and not used.',
    GetNetDepositsRequest,
    NetDepositsResponse,
    netDeposits,
  );
  route(
    'updateNetDepositValue',
    "Correct a user's net deposits",
    'Records a manual deposit (movementType 2) or withdrawal (3) of amount for the UPO and answers the new netDeposits.',
    UpdateNetDepositValueRequest,
    NetDepositsResponse,
    async (ctx, b) => {
      const currency = checkCurrency(String(b.currency), 'currency');
      const n = await updateNetDepositValue(deps(), ctx, {
        userTokenId: String(b.userTokenId),
        upoId: String(b.userPMId),
        amount: toMinor(String(b.amount), currency, 'amount', 'amount'),
        currency,
        movementType: Number(b.movementType) as 2 | 3,
      });
      return netDepositsFields(b, n, currency);
    },
  );
}
