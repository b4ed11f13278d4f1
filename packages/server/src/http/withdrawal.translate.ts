import type { DomainDeps } from '../domain/ports.js';
import { checkCurrency, toMinor } from '../domain/sessions/session.pricing.js';
import type { SubmitWithdrawalCommand, UpoField, WithdrawalCaller } from '../domain/withdrawals/withdrawal.service.js';
import { withdrawalListEntry } from './shared/withdrawal.render.js';
import type { Withdrawal, WithdrawalUserDetails } from '../domain/withdrawals/withdrawal.types.js';

/** Wire → domain for the withdrawal calls of the session and client interfaces (docs/decisions/0505). */

const USER_DETAIL_KEYS = [
  'firstName',
  'lastName',
  'address',
  'phone',
  'zip',
  'city',
  'country',
  'state',
  'email',
] as const;

/** userDetails of a submission: the session's (`country`) or the SDK's (`countryCode`). */
export type WireWithdrawalUserDetails = { [K in (typeof USER_DETAIL_KEYS)[number] | 'countryCode']?: string };

/** customField1..15 (`merchantDetails` of the session API, the top level of the SDK's call). */
export type CustomFields = { [K in `customField${number}`]?: string };

/** What a withdrawal submission carries, in either interface (the schemas check each member). */
export interface WireWithdrawalSubmission {
  userTokenId: string;
  /** required by the Web SDK's submitWdRequest; the server SDKs' submitRequest sends none (decision 0147) */
  userId?: string;
  amount: string;
  merchantWDRequestId?: string;
  merchantUniqueId?: string;
  userAccountId?: string;
  clientRequestId?: string;
  /** the Web SDK's call only: the session API's submitRequest applies no cap (docs/decisions/0508) */
  wdRequestsLimit?: string;
  userDetails?: WireWithdrawalUserDetails;
  urlDetails?: { notificationUrl?: string };
}

/** userDetails as stored: the known members, `countryCode` (SDK spelling) read as `country`. */
export function userDetailsOf(v: WireWithdrawalUserDetails | undefined): WithdrawalUserDetails | undefined {
  if (!v) return undefined;
  const out: Record<string, string> = {};
  for (const k of USER_DETAIL_KEYS) {
    const value = v[k] ?? (k === 'country' ? v.countryCode : undefined);
    if (value !== undefined) out[k] = value;
  }
  return out as WithdrawalUserDetails;
}

/** customField1..15 that were sent. */
export function customFieldsOf(v: CustomFields | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 1; i <= 15; i++) {
    const value = v?.[`customField${i}`];
    if (value !== undefined) out[`customField${i}`] = value;
  }
  return out;
}

export function submitCommandOf(
  body: WireWithdrawalSubmission,
  opts: {
    upoField: UpoField;
    upoId: string;
    currency: string;
    customFields: Record<string, string>;
    /** the cap when the call sends no wdRequestsLimit; absent: none */
    defaultLimit?: number;
  },
): SubmitWithdrawalCommand {
  const currency = checkCurrency(opts.currency, 'currency');
  const limit = body.wdRequestsLimit !== undefined ? Math.max(1, Number(body.wdRequestsLimit)) : opts.defaultLimit;
  const details = userDetailsOf(body.userDetails);
  const optional = {
    merchantWDRequestId: body.merchantWDRequestId,
    merchantUniqueId: body.merchantUniqueId,
    userAccountId: body.userAccountId,
    clientRequestId: body.clientRequestId,
    notificationUrl: body.urlDetails?.notificationUrl,
  };
  return {
    userTokenId: body.userTokenId,
    userId: body.userId ?? body.userTokenId,
    upoId: opts.upoId,
    upoField: opts.upoField,
    amount: toMinor(body.amount, currency, 'amount', 'amount'),
    currency,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    ...(details ? { userDetails: details } : {}),
    customFields: opts.customFields,
    ...(limit !== undefined ? { wdRequestsLimit: limit } : {}),
  };
}

/** The list entries of docs/withdrawals.md, each with its UPO and the site. */
export async function listEntriesOf(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  rows: Withdrawal[],
): Promise<{ siteName: string; entries: Record<string, unknown>[] }> {
  const site = await deps.storage.read.merchants.findSite(caller.siteId);
  const siteInfo = { id: caller.siteId, name: site?.name ?? '' };
  const entries: Record<string, unknown>[] = [];
  for (const w of rows) {
    const orders = (await deps.storage.read.withdrawalOrders.ofRequest(w.id)).filter((o) => o.status !== 'Deleted');
    entries.push(withdrawalListEntry(w, await deps.storage.read.upos.find(w.upoId), siteInfo, orders.length));
  }
  return { siteName: siteInfo.name, entries };
}
