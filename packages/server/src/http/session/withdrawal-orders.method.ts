import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { TSchema } from 'typebox';
import type { DomainDeps } from '../../domain/ports.js';
import { checkCurrency } from '../../domain/sessions/session.pricing.js';
import { netDepositsOf, type NetDeposits } from '../../domain/withdrawals/net-deposits.service.js';
import { wireOrderStatusOf } from '../../domain/withdrawals/order.machine.js';
import type { WithdrawalOrder } from '../../domain/withdrawals/order.types.js';
import { formatDecimal } from '../../lib/money.js';
import { WITHDRAWAL_REQ_CHECKSUM_FIELDS } from '../../security/withdrawal-checksum.js';
import { str } from '../fields.js';
import { contextOf } from './auth.js';
import { success } from './envelope.js';
import { withdrawalChecksumAuth } from './withdrawal.auth.js';

/**
 * What the withdrawal-order methods share (`POST /ppp/api/withdrawal/<method>.do`, one file each:
 * `withdrawal-orders.*.ts`, `withdrawal-requests.seal.ts`, `refund-candidates.list.ts`,
 * `net-deposits.*.ts`; docs/withdrawals.md, docs/decisions/0130, 0131): the checksum (the body order,
 * or for the methods with a fixed order also that order), the session envelope, HTTP 200.
 */

/** The withdrawal-order methods (besides the request methods). */
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

export type WithdrawalOrderMethodName = (typeof WITHDRAWAL_ORDER_METHODS)[number];
export type Body = Record<string, unknown>;
export type Ctx = ReturnType<typeof contextOf>;

/** One withdrawal-order method: its name, its documentation, its schemas and what it answers. */
export interface WithdrawalOrderMethod {
  method: WithdrawalOrderMethodName;
  summary: string;
  description: string;
  body: TSchema;
  response: TSchema;
  handle(ctx: Ctx, body: Body, request: FastifyRequest): Promise<Record<string, unknown>>;
}

/** The path, options and handler of a withdrawal-order method, for its file to register. */
export function withdrawalOrderRoute(
  app: FastifyInstance,
  m: WithdrawalOrderMethod,
): { url: string; options: RouteShorthandOptions; handler: RouteHandlerMethod } {
  const req = WITHDRAWAL_REQ_CHECKSUM_FIELDS[m.method];
  const rule = req
    ? `Checksum: ${req.join(', ')}, then the merchant secret key; or merchantId, merchantSiteId, every other field in body order, timeStamp, secret.`
    : 'Checksum: merchantId, merchantSiteId, then every other field in body order (nested values flattened in order), then timeStamp, then the merchant secret key.';
  return {
    url: `/ppp/api/withdrawal/${m.method}.do`,
    options: {
      preValidation: withdrawalChecksumAuth(app, req),
      schema: {
        summary: m.summary,
        description: `${m.description} ${rule}`,
        tags: ['withdrawals'],
        body: m.body,
        response: { 200: m.response },
      },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      return success(request, await m.handle(ctx, request.body as Body, request));
    },
  };
}

export const clientRequestIdOf = (b: Body) =>
  str(b.clientRequestId) ? { clientRequestId: str(b.clientRequestId)! } : {};

/** An order's members of an answer. */
export function orderFields(o: WithdrawalOrder): Record<string, unknown> {
  return {
    wdOrderId: Number(o.id),
    wdOrderStatus: wireOrderStatusOf(o.status),
    settlementType: o.settlementType,
    ...(o.executionTime !== null ? { executionTime: o.executionTime } : {}),
  };
}

/** The netDeposits member of an answer. */
export function netDepositsFields(b: Body, n: NetDeposits, currency: string): Record<string, unknown> {
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

/** getNetDeposits and getUserPaymentMethodNetDeposits: the same figures for a user's UPO. */
export async function netDepositsAnswer(deps: DomainDeps, ctx: Ctx, b: Body): Promise<Record<string, unknown>> {
  const currency = checkCurrency(String(b.currency), 'currency');
  const n = await netDepositsOf(deps, ctx, {
    userTokenId: String(b.userTokenId),
    upoId: String(b.userPMId),
    currency,
  });
  return netDepositsFields(b, n, currency);
}
