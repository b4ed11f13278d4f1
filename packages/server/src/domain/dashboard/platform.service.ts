import { realNow } from '../../lib/clock.js';
import type { DomainDeps } from '../ports.js';
import { type KeptEmail, listEmails } from '../platform/emails.view.js';
import { listEmailConfigurations } from '../platform/email-configuration.service.js';
import { moveKycStatus, movePayoutStatus } from '../platform/platform.service.js';
import { moveSplitStatus } from '../platform/split.service.js';
import type {
  AccountOwner,
  EmailConfiguration,
  KycStatus,
  Payout,
  PayoutStatus,
  SplitStatus,
  SplitTransaction,
} from '../platform/platform.types.js';
import { appendAudit } from './audit.js';
import type { DashboardUser } from './ports.js';

/**
 * The marketplace platform as the control panel shows it (docs/dashboard.md, docs/platform.md): the
 * merchant's sellers, payouts, splits, e-mail configurations and e-mails, read through domain/platform;
 * in the sandbox the operator's moves, the same `move*Status` the sandbox API and `gatehouse platform`
 * call, limited to the merchant's own resources.
 */

/** How many of each the page lists, newest first. */
export const PLATFORM_PAGE = 100;

export interface PlatformView {
  /** the merchant uses the platform: it has a seller or an e-mail configuration */
  enabled: boolean;
  accountOwners: AccountOwner[];
  payouts: Payout[];
  splits: SplitTransaction[];
  emailConfigurations: EmailConfiguration[];
  emails: KeptEmail[];
}

export async function showMerchantPlatform(deps: DomainDeps, user: DashboardUser): Promise<PlatformView> {
  const read = deps.storage.read.platform;
  const id = user.merchantId;
  const [accountOwners, payouts, splits, emailConfigurations, emails] = await Promise.all([
    read.listAccountOwners(id, PLATFORM_PAGE),
    read.listPayouts(id, PLATFORM_PAGE),
    read.listSplits(id, PLATFORM_PAGE),
    listEmailConfigurations(deps, id),
    listEmails(deps, id, PLATFORM_PAGE),
  ]);
  return {
    enabled: accountOwners.length > 0 || emailConfigurations.length > 0,
    accountOwners,
    payouts,
    splits,
    emailConfigurations,
    emails,
  };
}

export type PlatformMove =
  | { kind: 'kyc'; code: string; status: KycStatus; reason?: string }
  | { kind: 'payout'; code: string; status: PayoutStatus; reason?: string }
  | { kind: 'split'; code: string; status: SplitStatus; reason?: string };

/** A sandbox move of one of the merchant's own resources (another platform's: not found); audited. */
export async function moveMerchantPlatform(
  deps: DomainDeps,
  user: DashboardUser,
  move: PlatformMove,
): Promise<AccountOwner | Payout | SplitTransaction> {
  const by = { platformId: user.merchantId };
  const moved =
    move.kind === 'kyc'
      ? await moveKycStatus(deps, by, move.code, move.status, move.reason)
      : move.kind === 'payout'
        ? await movePayoutStatus(deps, by, move.code, move.status, move.reason)
        : await moveSplitStatus(deps, by, move.code, move.status, move.reason);
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), `platform.${move.kind}.move`, move.code, {
      status: move.status,
      ...(move.reason !== undefined ? { reason: move.reason } : {}),
    }),
  );
  return moved;
}
