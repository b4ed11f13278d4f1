/**
 * A user's withdrawal requests as the hosted screens show them (docs/withdrawals.md): read from a
 * getWdRequests answer, and the payload of wdRequestCanceled after a cancel. Pure, no DOM.
 */

type Obj = Record<string, unknown>;

export interface WithdrawalRequest {
  id: string;
  amount: string;
  currency: string;
  /** the request's wdRequestStatus: Pending, InProgress, Approved, Declined, Canceled, ... */
  status: string;
}

/** The requests of a getWdRequests answer, in its order. */
export function requestsOf(answer: Obj): WithdrawalRequest[] {
  const list = Array.isArray(answer.withdrawalRequests) ? (answer.withdrawalRequests as Obj[]) : [];
  return list
    .filter((w) => w.wdRequestId !== undefined)
    .map((w) => ({
      id: String(w.wdRequestId),
      amount: String(w.requestedAmount ?? ''),
      currency: String(w.requestedCurrency ?? ''),
      status: String(w.wdRequestStatus ?? ''),
    }));
}

/** Only the Pending ones: those the user may still cancel. */
export const pendingOf = (answer: Obj): WithdrawalRequest[] => requestsOf(answer).filter((w) => w.status === 'Pending');

/** wdRequestCanceled's payload: the request, its new status, and its amount (docs/decisions/0434). */
export function wdRequestCanceledPayload(w: WithdrawalRequest, answer: Obj): Obj {
  return {
    wdRequestId: w.id,
    wdRequestStatus: String(answer.wdRequestStatus ?? 'Canceled'),
    amount: w.amount,
    currency: w.currency,
    ...(typeof answer.merchantWDRequestId === 'string' ? { merchantWDRequestId: answer.merchantWDRequestId } : {}),
  };
}
