import type { FastifyInstance } from 'fastify';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { placeWithdrawalOrder } from '../../domain/withdrawals/order.service.js';
import { type SettlementType } from '../../domain/withdrawals/order.types.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import {
  PlaceWithdrawalOrderRequest,
  WithdrawalOrderResponse,
} from '../../schemas/session/withdrawal-orders.schema.js';
import { clientRequestIdOf, orderFields, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/placeWithdrawalOrder.do` (docs/withdrawals.md). */
export function registerPlaceWithdrawalOrder(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'placeWithdrawalOrder',
    summary: 'Place a withdrawal order',
    description:
      "Places an Approved order to pay `amount` of a Pending or InProgress request to userPMId (a UPO of its user); the request becomes InProgress and nothing is paid until the order is settled. merchantWDRequestId is the merchant's reference: it may differ from the request's. The orders of a request may not exceed its amount (1058). settlementType 1 is a refund: userPMId must be a card UPO with a deposit that has the whole amount left to refund (else 1058, docs/decisions/0136).",
    body: PlaceWithdrawalOrderRequest,
    response: WithdrawalOrderResponse,
    handle: async (ctx, b) => {
      const currency = checkCurrency(String(b.currency), 'currency');
      const { order, withdrawal } = await placeWithdrawalOrder(deps(), ctx, {
        wdRequestId: String(b.wdRequestId),
        upoId: String(b.userPMId),
        amount: toMinor(String(b.amount), currency, 'amount', 'amount'),
        currency,
        settlementType: Number(b.settlementType) as SettlementType,
        ...clientRequestIdOf(b),
      });
      return { ...withdrawalFields(withdrawal), ...orderFields(order) };
    },
  });
  app.post(r.url, r.options, r.handler);
}
