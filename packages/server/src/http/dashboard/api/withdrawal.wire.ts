import { formatDecimal } from '../../../lib/money.js';
import type { Upo } from '../../../domain/payment-methods/ports.js';
import { unheldOf } from '../../../domain/withdrawals/order.close.js';
import type { WithdrawalOrder } from '../../../domain/withdrawals/order.types.js';
import { stateOf, wireStatusOf } from '../../../domain/withdrawals/withdrawal.machine.js';
import type { Withdrawal } from '../../../domain/withdrawals/withdrawal.types.js';
import type { WithdrawalRow } from '../../../domain/dashboard/withdrawals.service.js';
import type {
  WithdrawalOrderWire,
  WithdrawalRequestWire,
  WithdrawalWire,
} from '../../../schemas/dashboard/withdrawals.schema.js';

/** Withdrawal requests and orders as the control panel shows them: amounts in major units, ISO times. */

const iso = (ms: number) => new Date(ms).toISOString();

export function withdrawalRequestToWire(w: Withdrawal): WithdrawalRequestWire {
  const status = wireStatusOf(w.status);
  return {
    id: w.id,
    userTokenId: w.userTokenId,
    userId: w.userId,
    amount: formatDecimal(w.amount, w.currency),
    currency: w.currency,
    approvedAmount: w.approvedAmount === null ? null : formatDecimal(w.approvedAmount, w.currency),
    status,
    state: stateOf(w.status),
    merchantWDRequestId: w.merchantWDRequestId,
    merchantSiteId: w.siteId,
    operatorName: w.operatorName,
    comment: w.comment,
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
  };
}

export function withdrawalOrderToWire(o: WithdrawalOrder): WithdrawalOrderWire {
  return {
    id: o.id,
    wdRequestId: o.wdRequestId,
    amount: formatDecimal(o.amount, o.currency),
    currency: o.currency,
    status: o.status,
    settlementType: o.settlementType === 1 ? 'refund' : 'payout',
    payoutTransactionId: o.payoutTransactionId,
    comment: o.comment,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
  };
}

function upoToWire(upo: Upo | undefined): WithdrawalWire['upo'] {
  if (!upo) return null;
  return { id: upo.id, method: upo.paymentMethod, brand: upo.brand, last4: upo.last4 };
}

export function withdrawalToWire(row: WithdrawalRow): WithdrawalWire {
  return {
    ...withdrawalRequestToWire(row.withdrawal),
    upo: upoToWire(row.upo),
    orders: row.orders.map(withdrawalOrderToWire),
    remaining: formatDecimal(unheldOf(row.withdrawal, row.orders), row.withdrawal.currency),
  };
}
