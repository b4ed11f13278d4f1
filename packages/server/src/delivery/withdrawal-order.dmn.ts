import { formatDecimal } from '../lib/money.js';
import type { NotificationEvent } from '../domain/notifications/notification.types.js';
import { wireOrderStatusOf } from '../domain/withdrawals/order.machine.js';
import type { WithdrawalOrder } from '../domain/withdrawals/order.types.js';
import type { Withdrawal } from '../domain/withdrawals/withdrawal.types.js';
import { withdrawalDmn } from './withdrawal.dmn.js';

/**
 * An order's DMN `PPP_TransactionID` (docs/decisions/0507): 10^15 + wdOrderId, an integer no wdRequestId
 * (from 1) nor transaction id (from 1110000000000001) takes, so that PPP_TransactionID + Status names one
 * DMN whichever counter it comes from (a request and its first order are both `Approved`).
 */
export function orderDmnTransactionId(wdOrderId: string): string {
  return (10n ** 15n + BigInt(wdOrderId)).toString();
}

/**
 * The DMN of a withdrawal order's status change (docs/decisions/0130): the request's DMN members
 * (docs/decisions/0504) with the order's own: `wdOrderId`, `wdOrderStatus`, `Status` (the order's),
 * `PPP_TransactionID` (`orderDmnTransactionId`, 0507), `TransactionID` (its payout), `totalAmount` (its
 * amount) and `settlementType`. Receivers de-duplicate by PPP_TransactionID + Status as for payments.
 */
export function withdrawalOrderDmn(o: WithdrawalOrder, w: Withdrawal, url: string, at: number): NotificationEvent {
  const base = withdrawalDmn(w, url, at);
  const status = wireOrderStatusOf(o.status);
  const params = new URLSearchParams(base.payload);
  const set = (name: string, v: string | null) => (v === null ? params.delete(name) : params.set(name, v));
  set('ppp_status', status === 'Error' ? 'FAIL' : 'OK');
  set('Status', status);
  set('wdOrderId', o.id);
  set('wdOrderStatus', status);
  set('PPP_TransactionID', orderDmnTransactionId(o.id));
  set('TransactionID', o.payoutTransactionId);
  set('totalAmount', formatDecimal(o.amount, o.currency));
  set('settlementType', String(o.settlementType));
  set('userPMId', o.upoId);
  if (o.comment !== null) set('Reason', o.comment);
  return {
    ...base,
    dedupeKey: `dmn:wdo:${o.id}:${status}`,
    transactionId: o.payoutTransactionId,
    eventType: `withdrawal_order.${status.toLowerCase()}`,
    payload: params.toString(),
  };
}
