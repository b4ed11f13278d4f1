import { CARD, methodsOf, preselect, type Selection, uposOf } from '../ui/method-catalogue.js';
import { requestsOf } from '../ui/withdrawal-requests.js';
import type { WithdrawalHost } from './host.js';
import { openCount, type Obj, type WdState } from './model.js';

/**
 * The component's data: the payout methods for the currency and country (getApms of type WITHDRAWAL,
 * pmWhitelist or pmBlacklist applied), the user's saved methods of those, and the user's recent
 * requests (docs/decisions/0522); then the preselection and wdRequestsLimit.
 */

/** The statuses the component lists: open ones, and those the merchant moved (Canceled ones are the user's own doing). */
export const LISTED_STATUSES = ['Pending', 'InProgress', 'Approved', 'Partially Approved', 'Declined', 'Error'];

export const isExpired = (answer: Obj) => answer.status === 'ERROR' && Number(answer.errCode) === 1069;

export function requestsQuery(h: WithdrawalHost): Obj {
  return {
    sessionToken: h.o.sessionToken,
    userTokenId: h.o.userTokenId,
    wdRequestStatus: LISTED_STATUSES,
    maxNumOfRecords: 10,
  };
}

/** The requests answer applied: the list and whether the limit is reached. */
export function requestsPatch(h: WithdrawalHost, answer: Obj): Partial<WdState> {
  const requests = requestsOf(answer);
  return { requests, limitReached: openCount(requests) >= h.o.wdRequestsLimit };
}

export async function loadWithdrawal(h: WithdrawalHost): Promise<void> {
  const o = h.o;
  const call = h.env.transport;
  const [apms, upos, wds] = await Promise.all([
    call('getApms', {
      sessionToken: o.sessionToken,
      currencyCode: o.currency,
      ...(o.country !== 'detect' ? { countryCode: o.country } : {}),
      languageCode: o.locale,
      type: 'WITHDRAWAL',
    }),
    call('getUserUPOs', { sessionToken: o.sessionToken }),
    call('getWdRequests', requestsQuery(h)),
  ]);
  if (h.destroyed) return;
  if ([apms, upos, wds].some(isExpired)) {
    h.go({ type: 'loaded' }, { expired: true });
    h.checkReady();
    return;
  }
  const allowed = (id: string) => (!o.pmWhitelist || o.pmWhitelist.includes(id)) && !o.pmBlacklist?.includes(id);
  const methods = methodsOf(apms, { locale: o.locale, t: h.t, origin: h.env.gatewayOrigin, allowed });
  const list = uposOf(upos, methods);
  // with no saved method the gallery opens on the card (docs/decisions/0520)
  let selected: Selection | undefined = preselect(methods, list, o.selectUpo, o.selectPM);
  if (!selected && list.length > 0 && o.selectPM !== 'none') selected = { kind: 'upo', id: list[0]!.id };
  if (!selected && list.length === 0 && o.selectPM !== 'none' && methods.some((m) => m.id === CARD))
    selected = { kind: 'method', id: CARD };
  const apmValues: WdState['apmValues'] = {};
  for (const m of methods) {
    apmValues[m.id] = {};
    for (const f of m.fields) apmValues[m.id]![f.name] = f.name === 'email' ? String(o.userDetails?.email ?? '') : '';
  }
  const requests = requestsPatch(h, wds);
  // the newest request paid out since: said once the component opens (showResponseMessage success)
  const paid = requests.requests?.[0]?.status === 'Approved' ? requests.requests[0] : undefined;
  const status =
    paid && o.showResponseMessage.success
      ? { status: { tone: 'ok' as const, text: h.t('success', { amount: h.money(paid.amount, paid.currency) }) } }
      : {};
  h.go(
    { type: 'loaded' },
    { methods, upos: list, apmValues, ...requests, ...status, ...(selected ? { selected } : {}) },
  );
  h.checkReady();
}
