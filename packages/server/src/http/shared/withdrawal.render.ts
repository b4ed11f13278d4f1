import { formatDecimal } from '../../lib/money.js';
import type { Upo } from '../../domain/payment-methods/ports.js';
import { stateOf, wireStatusOf } from '../../domain/withdrawals/withdrawal.machine.js';
import type { Withdrawal } from '../../domain/withdrawals/withdrawal.types.js';

/**
 * How a withdrawal request reads on the wire (docs/withdrawals.md): the members of a submit, cancel, approve
 * or decline answer, and a list entry of getRequests / getWdRequests (docs/decisions/0505). Shared by
 * the session and client APIs (moved out of the domain, docs/decisions/0617).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** When the merchant is expected to have decided: 3 days after submission (docs/decisions/0505). */
export const WD_DUE_MS = 3 * DAY_MS;

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function wdDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function withdrawalFields(w: Withdrawal): Record<string, unknown> {
  return {
    wdRequestId: Number(w.id),
    wdRequestStatus: wireStatusOf(w.status),
    state: stateOf(w.status),
    ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
    ...(w.merchantUniqueId !== null ? { merchantUniqueId: w.merchantUniqueId } : {}),
    ...(w.userAccountId !== null ? { userAccountId: w.userAccountId } : {}),
    userId: w.userId,
    userTokenId: w.userTokenId,
    requestedAmount: formatDecimal(w.amount, w.currency),
    ...(w.approvedAmount !== null ? { approvedAmount: formatDecimal(w.approvedAmount, w.currency) } : {}),
    currency: w.currency,
  };
}

const HOLDER_KEYS = [
  'account_holder_name',
  'accountName',
  'account_holder',
  'accountHolder',
  'holderName',
  'holder',
  'name',
];

/** pmDisplayName: the last 4 digits of a card, the account name of an APM (docs/withdrawals.md). */
function displayNameOf(upo: Upo | undefined): string {
  if (!upo) return '';
  if (upo.cardVaultId !== null) return upo.last4 ?? '';
  const data = upo.apmData ?? {};
  for (const k of HOLDER_KEYS) if (typeof data[k] === 'string' && data[k]) return data[k];
  return Object.values(data)[0] ?? upo.paymentMethod;
}

/** `orderCount`: the request's withdrawal orders that were not deleted. */
export function withdrawalListEntry(
  w: Withdrawal,
  upo: Upo | undefined,
  site: { id: string; name: string },
  orderCount: number,
): Record<string, unknown> {
  return {
    appId: site.id,
    userTokenId: w.userTokenId,
    userId: w.userId,
    ...(w.userDetails ? { userDetails: w.userDetails } : {}),
    ...(w.userAccountId !== null ? { userAccountId: w.userAccountId } : {}),
    wdRequestId: Number(w.id),
    ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
    userPMId: w.upoId,
    requestedAmount: formatDecimal(w.amount, w.currency),
    requestedCurrency: w.currency,
    state: stateOf(w.status),
    wdRequestStatus: wireStatusOf(w.status),
    creationDate: wdDate(w.createdAt),
    lastModifiedDate: wdDate(w.updatedAt),
    dueDate: wdDate(w.createdAt + WD_DUE_MS),
    ...(w.operatorName !== null ? { operatorName: w.operatorName } : {}),
    pendingKyc: 'false',
    wdRequestOrderCount: String(orderCount),
    pmName: upo?.paymentMethod ?? '',
    pmIssuer: upo ? (upo.cardVaultId !== null ? (upo.brand ?? '') : upo.paymentMethod) : '',
    pmDisplayName: displayNameOf(upo),
    approvedAmount: formatDecimal(w.approvedAmount ?? 0, w.currency),
    ...(w.merchantUniqueId !== null ? { merchantUniqueId: w.merchantUniqueId } : {}),
    feeAmount: formatDecimal(0, w.currency),
    merchantSiteInfo: { merchantSiteName: site.name, merchantSiteId: site.id },
  };
}
