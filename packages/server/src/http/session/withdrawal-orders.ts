import type { FastifyInstance } from 'fastify';
import { registerPlaceWithdrawalOrder } from './withdrawal-orders.place.js';
import { registerSealRequest } from './withdrawal-requests.seal.js';
import { registerGetOrders } from './withdrawal-orders.list.js';
import { registerGetOrderIds } from './withdrawal-orders.list-ids.js';
import { registerSettleWithdrawalOrder } from './withdrawal-orders.settle.js';
import { registerSettleOrdersInBatch } from './withdrawal-orders.settle-batch.js';
import { registerDeleteWithdrawalOrder } from './withdrawal-orders.delete.js';
import { registerUpdateOrdersDetails } from './withdrawal-orders.update-details.js';
import { registerGetCandidatesForRefund } from './refund-candidates.list.js';
import { registerGetNetDeposits } from './net-deposits.get.js';
import { registerGetUserPaymentMethodNetDeposits } from './net-deposits.get-by-payment-method.js';
import { registerUpdateNetDepositValue } from './net-deposits.update.js';

/** The withdrawal-order methods, one file each (`withdrawal-orders.method.ts` holds what they share). */
export function registerWithdrawalOrders(app: FastifyInstance): void {
  registerPlaceWithdrawalOrder(app);
  registerSealRequest(app);
  registerGetOrders(app);
  registerGetOrderIds(app);
  registerSettleWithdrawalOrder(app);
  registerSettleOrdersInBatch(app);
  registerDeleteWithdrawalOrder(app);
  registerUpdateOrdersDetails(app);
  registerGetCandidatesForRefund(app);
  registerGetNetDeposits(app);
  registerGetUserPaymentMethodNetDeposits(app);
  registerUpdateNetDepositValue(app);
}
