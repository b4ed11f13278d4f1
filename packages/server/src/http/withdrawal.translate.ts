import type { DomainDeps } from '../domain/ports.js';
import { checkCurrency, toMinor } from '../domain/sessions/session.pricing.js';
import type { SubmitWithdrawalCommand, UpoField, WithdrawalCaller } from '../domain/withdrawals/withdrawal.service.js';
import { withdrawalListEntry } from '../domain/withdrawals/withdrawal.view.js';
import type { Withdrawal, WithdrawalUserDetails } from '../domain/withdrawals/withdrawal.types.js';
import { obj, str } from './fields.js';

/** Wire → domain for the withdrawal calls of the session and client interfaces (docs/decisions/0505). */

const USER_DETAIL_KEYS = ['firstName', 'lastName', 'address', 'phone', 'zip', 'city', 'country', 'state', 'email'] as const;

/** userDetails as stored: the known members, `countryCode` (SDK spelling) read as `country`. */
export function userDetailsOf(v: unknown): WithdrawalUserDetails | undefined {
  const o = obj(v);
  if (!o) return undefined;
  const out: Record<string, string> = {};
  for (const k of USER_DETAIL_KEYS) {
    const value = str(o[k]) ?? (k === 'country' ? str(o.countryCode) : undefined);
    if (value !== undefined) out[k] = value;
  }
  return out as WithdrawalUserDetails;
}

/** customField1..15, from `merchantDetails` (session) or the top level (SDK). */
export function customFieldsOf(v: unknown): Record<string, string> {
  const o = obj(v) ?? {};
  const out: Record<string, string> = {};
  for (let i = 1; i <= 15; i++) {
    const value = str(o[`customField${i}`]);
    if (value !== undefined) out[`customField${i}`] = value;
  }
  return out;
}

export function submitCommandOf(
  body: Record<string, unknown>,
  opts: { upoField: UpoField; upoId: string; currency: string; customFields: Record<string, string> },
): SubmitWithdrawalCommand {
  const currency = checkCurrency(opts.currency, 'currency');
  const limit = str(body.wdRequestsLimit);
  const details = userDetailsOf(body.userDetails);
  const notificationUrl = str(obj(body.urlDetails)?.notificationUrl);
  const optional = {
    merchantWDRequestId: str(body.merchantWDRequestId),
    merchantUniqueId: str(body.merchantUniqueId),
    userAccountId: str(body.userAccountId),
    clientRequestId: str(body.clientRequestId),
    notificationUrl,
  };
  return {
    userTokenId: String(body.userTokenId),
    userId: String(body.userId),
    upoId: opts.upoId,
    upoField: opts.upoField,
    amount: toMinor(String(body.amount), currency, 'amount', 'amount'),
    currency,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    ...(details ? { userDetails: details } : {}),
    customFields: opts.customFields,
    ...(limit !== undefined ? { wdRequestsLimit: Math.max(1, Number(limit)) } : {}),
  };
}

/** The list entries of spec 2.11, each with its UPO and the site. */
export async function listEntriesOf(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  rows: Withdrawal[],
): Promise<{ siteName: string; entries: Record<string, unknown>[] }> {
  const site = await deps.storage.read.merchants.findSite(caller.siteId);
  const siteInfo = { id: caller.siteId, name: site?.name ?? '' };
  const entries: Record<string, unknown>[] = [];
  for (const w of rows) entries.push(withdrawalListEntry(w, await deps.storage.read.upos.find(w.upoId), siteInfo));
  return { siteName: siteInfo.name, entries };
}
