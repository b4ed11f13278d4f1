import { formatDecimal, type Minor } from '../../lib/money.js';
import { Invalid, NotFound } from '../errors.js';
import { checkTargetUrl } from '../notifications/notification.service.js';
import type { DomainDeps } from '../ports.js';
import { parseEmailList } from './email-address.js';
import { kycEmail, payoutEmail } from './email.content.js';
import { moveKyc } from './kyc.machine.js';
import { movePayout } from './payout.machine.js';
import { PlatformNotFound } from './platform.errors.js';
import { decided, lostRace, type Mover, platformOf } from './platform.moves.js';
import { queueStatusChange } from './platform.notify.js';
import type { AccountOwner, KycStatus, Payout, PayoutStatus } from './platform.types.js';

/**
 * The marketplace platform (docs/platform.md): a platform is a merchant; its key's site signs the
 * webhooks. Every status change and its notifications commit in one transaction. Here: account owners
 * (sellers) and their KYC, payouts, and the platform site's webhook URL; split transactions are in
 * split.service.ts, e-mail configurations in email-configuration.service.ts.
 */
export interface PlatformCaller {
  platformId: string;
  siteId: string;
}

export async function createAccountOwner(
  deps: DomainDeps,
  caller: PlatformCaller,
  input: { extRef: string; name: string; email: string; country: string; webhookUrl?: string | undefined },
): Promise<AccountOwner> {
  const email = parseEmailList(input.email, 'email');
  if (email.length !== 1) throw new Invalid('email', 'must be one e-mail address');
  if (!/^[A-Z]{2}$/.test(input.country)) throw new Invalid('country', 'must be an ISO 3166-1 alpha-2 code such as DE');
  const webhookUrl = input.webhookUrl === undefined ? null : checkTargetUrl(input.webhookUrl, 'webhookUrl');
  const now = deps.clock.now();
  const owner: AccountOwner = {
    code: `AO${deps.ids.numeric(12)}`,
    platformId: caller.platformId,
    siteId: caller.siteId,
    extRef: input.extRef,
    name: input.name,
    email: email[0]!,
    country: input.country,
    webhookUrl,
    virtualAccountCode: `VA${deps.ids.numeric(14)}`,
    kycStatus: 'MISSING_DATA',
    kycReason: null,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  await deps.storage.write((repos) => repos.platform.insertAccountOwner(owner));
  return owner;
}

export async function getAccountOwner(deps: DomainDeps, platformId: string, code: string): Promise<AccountOwner> {
  const o = await deps.storage.read.platform.findAccountOwner(platformId, code);
  if (!o) throw new PlatformNotFound('Account owner');
  return o;
}

/** Moves a seller's KYC status (sandbox API, CLI); 409 for a move the machine forbids, nothing changed. */
export async function moveKycStatus(
  deps: DomainDeps,
  by: Mover,
  code: string,
  to: KycStatus,
  reason?: string,
): Promise<AccountOwner> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const o = await repos.platform.findAccountOwner(platformOf(by), code);
    if (!o) throw new PlatformNotFound('Account owner');
    const next = decided(moveKyc(o.kycStatus, to), o.kycStatus);
    const moved: AccountOwner = {
      ...o,
      kycStatus: next,
      kycReason: reason ?? null,
      version: o.version + 1,
      updatedAt: now,
    };
    if (!(await repos.platform.setKycStatus({ code, version: o.version, status: next, reason: moved.kycReason, now })))
      lostRace(o.kycStatus);
    await queueStatusChange(
      repos,
      deps.render,
      {
        event: 'kyc',
        platformId: o.platformId,
        siteId: o.siteId,
        changeKey: `kyc:${code}:${moved.version}`,
        transactionId: null,
        webhookUrls: [o.webhookUrl],
        data: {
          accountOwnerCode: o.code,
          extRef: o.extRef,
          previousKycStatus: o.kycStatus,
          kycStatus: next,
          reason: moved.kycReason,
          updatedAt: new Date(now).toISOString(),
        },
        email: (to) => kycEmail(to, moved, now),
        at: now,
      },
      now,
    );
    return moved;
  });
}

export async function createPayout(
  deps: DomainDeps,
  caller: PlatformCaller,
  input: { accountOwnerCode: string; amount: Minor; currency: string },
): Promise<Payout> {
  if (input.amount <= 0) throw new Invalid('amount', 'must be greater than 0');
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const owner = await repos.platform.findAccountOwner(caller.platformId, input.accountOwnerCode);
    if (!owner) throw new PlatformNotFound('Account owner');
    if (owner.kycStatus !== 'ACTIVE') {
      throw new Invalid(
        'accountOwnerCode',
        `the account owner's KYC status is ${owner.kycStatus}; payouts need ACTIVE`,
      );
    }
    const payout: Payout = {
      code: `PO${deps.ids.numeric(12)}`,
      platformId: caller.platformId,
      siteId: caller.siteId,
      accountOwnerCode: owner.code,
      amount: input.amount,
      currency: input.currency,
      status: 'WAITING',
      reason: null,
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
    await repos.platform.insertPayout(payout);
    return payout;
  });
}

export async function getPayout(deps: DomainDeps, platformId: string, code: string): Promise<Payout> {
  const p = await deps.storage.read.platform.findPayout(platformId, code);
  if (!p) throw new PlatformNotFound('Payout');
  return p;
}

export async function movePayoutStatus(
  deps: DomainDeps,
  by: Mover,
  code: string,
  to: PayoutStatus,
  reason?: string,
): Promise<Payout> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const p = await repos.platform.findPayout(platformOf(by), code);
    if (!p) throw new PlatformNotFound('Payout');
    const next = decided(movePayout(p.status, to), p.status);
    const moved: Payout = { ...p, status: next, reason: reason ?? null, version: p.version + 1, updatedAt: now };
    if (!(await repos.platform.setPayoutStatus({ code, version: p.version, status: next, reason: moved.reason, now })))
      lostRace(p.status);
    const owner = await repos.platform.findAccountOwner(p.platformId, p.accountOwnerCode);
    await queueStatusChange(
      repos,
      deps.render,
      {
        event: 'payout',
        platformId: p.platformId,
        siteId: p.siteId,
        changeKey: `payout:${code}:${moved.version}`,
        transactionId: null,
        webhookUrls: [owner?.webhookUrl ?? null],
        data: {
          payoutCode: p.code,
          accountOwnerCode: p.accountOwnerCode,
          previousStatus: p.status,
          status: next,
          amount: Number(formatDecimal(p.amount, p.currency)),
          currency: p.currency,
          message: moved.reason,
          updatedAt: new Date(now).toISOString(),
        },
        email: (to) => payoutEmail(to, moved, now),
        at: now,
      },
      now,
    );
    return moved;
  });
}

/** Sets (or clears) the platform site's `webhookUrl`: where events of sellers without their own go. */
export async function setPlatformWebhookUrl(deps: DomainDeps, siteId: string, url: string | null): Promise<void> {
  const checked = url === null ? null : checkTargetUrl(url, 'url');
  await deps.storage.write(async (repos) => {
    if (!(await repos.merchants.findSite(siteId))) throw new NotFound('site');
    await repos.platform.setSiteWebhookUrl(siteId, checked);
  });
}
