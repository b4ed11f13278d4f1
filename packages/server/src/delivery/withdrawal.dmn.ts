import { formatDecimal } from '../lib/money.js';
import { dmnTimeStamp } from '../domain/notifications/dmn-time.js';
import type { NotificationEvent } from '../domain/notifications/notification.types.js';
import { stateOf, wireStatusOf } from '../domain/withdrawals/withdrawal.machine.js';
import type { Withdrawal } from '../domain/withdrawals/withdrawal.types.js';

/**
 * The DMN of a withdrawal request's status change (docs/decisions/0504): form parameters in the DMN
 * convention of docs/notifications.md, with the withdrawal's own members. `PPP_TransactionID` is the
 * wdRequestId and `Status` the wdRequestStatus, so `advanceResponseChecksum` (added when sent) and
 * receivers' de-duplication by PPP_TransactionID + Status work as for payments.
 */
export function withdrawalDmn(w: Withdrawal, url: string, at: number): NotificationEvent {
  const status = wireStatusOf(w.status);
  const amount = w.approvedAmount ?? w.amount;
  const params: Array<[string, string]> = [];
  const put = (name: string, v: string | null | undefined) => {
    if (v !== null && v !== undefined) params.push([name, v]);
  };
  put('ppp_status', status === 'Error' || status === 'Declined' ? 'FAIL' : 'OK');
  put('Status', status);
  put('wdRequestId', w.id);
  put('wdRequestStatus', status);
  put('wdRequestState', stateOf(w.status));
  put('PPP_TransactionID', w.id);
  put('TransactionID', w.payoutTransactionId);
  put('transactionType', 'Withdrawal');
  put('totalAmount', formatDecimal(amount, w.currency));
  put('requestedAmount', formatDecimal(w.amount, w.currency));
  put('approvedAmount', w.approvedAmount === null ? null : formatDecimal(w.approvedAmount, w.currency));
  put('currency', w.currency);
  put('responseTimeStamp', dmnTimeStamp(at));
  put('productId', '');
  put('merchantWDRequestId', w.merchantWDRequestId);
  put('merchant_unique_id', w.merchantUniqueId);
  put('userPMId', w.upoId);
  put('userId', w.userId);
  put('userAccountId', w.userAccountId);
  put('user_token_id', w.userTokenId);
  put('operatorName', w.operatorName);
  put('Reason', w.comment ?? '');
  for (const [k, v] of Object.entries(w.customFields ?? {})) put(k, v);
  put('merchant_id', w.merchantId);
  put('merchant_site_id', w.siteId);
  return {
    kind: 'dmn',
    dedupeKey: `dmn:wd:${w.id}:${status}`,
    merchantId: w.merchantId,
    siteId: w.siteId,
    orderId: null,
    sessionId: null,
    transactionId: w.payoutTransactionId,
    targetUrl: url,
    eventType: `withdrawal.${status.toLowerCase().replace(' ', '_')}`,
    payload: new URLSearchParams(params).toString(),
  };
}
