import { formatDecimal, type Minor } from '../../lib/money.js';
import { Invalid, NotFound } from '../errors.js';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.service.js';
import { checkTargetUrl } from '../notifications/notification.service.js';
import type { DomainDeps, Repos } from '../ports.js';
import { parseEmailList } from './email-address.js';
import { kycEmail, mutationReference, payoutEmail, transactionEmail } from './email.content.js';
import { moveKyc } from './kyc.machine.js';
import { movePayout } from './payout.machine.js';
import { ForbiddenMove, PlatformNotFound } from './platform.errors.js';
import { queueStatusChange } from './platform.notify.js';
import type {
  AccountOwner,
  EmailConfiguration,
  EmailNotificationType,
  KycStatus,
  Payout,
  PayoutStatus,
  SplitStatus,
  SplitTransaction,
} from './platform.types.js';
import { moveSplit } from './split.machine.js';
import type { MoveDecision } from './transition.js';

/**
 * The marketplace platform (docs/platform.md): a platform is a merchant; its key's site signs the
 * webhooks. Every status change and its notifications commit in one transaction.
 */
export interface PlatformCaller {
  platformId: string;
  siteId: string;
}

/** Who moves a status: a platform through the sandbox API (its own resources only) or the operator's CLI (any). */
export type Mover = { platformId: string } | { operator: true };

const platformOf = (m: Mover) => ('platformId' in m ? m.platformId : null);

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

function decided<S extends string>(d: MoveDecision<S>, from: S): S {
  if (!d.ok) throw new ForbiddenMove(from, d.reason);
  return d.next;
}

function lostRace(state: string): never {
  throw new ForbiddenMove(state, `The resource changed while moving it from ${state}; read it again`);
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

/**
 * Splits the settled amount of an approved payment of the platform between its sellers. The splits'
 * sum is consumed from the payment's ledger with one conditional update, so concurrent splits never
 * consume more than the settled amount (docs/decisions/0702).
 */
export async function createSplitTransaction(
  deps: DomainDeps,
  caller: PlatformCaller,
  input: {
    transactionId: string;
    extRef: string;
    splits: Array<{ accountOwnerCode: string; amount: (currency: string) => Minor }>;
  },
): Promise<SplitTransaction> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const pay = await repos.platform.settledPayment(input.transactionId);
    if (!pay || pay.merchantId !== caller.platformId) throw new PlatformNotFound('Transaction');
    if (pay.status !== 'approved' || pay.voided)
      throw new Invalid(
        'transactionId',
        `the transaction is ${pay.voided ? 'voided' : pay.status}; only an approved one can be split`,
      );
    if (pay.settled <= 0)
      throw new Invalid('transactionId', `the ${pay.type} transaction has no settled amount to split`);
    const parts = [];
    const seen = new Set<string>();
    for (const [i, s] of input.splits.entries()) {
      const amount = s.amount(pay.currency);
      if (amount <= 0) throw new Invalid(`splits[${i}].amount`, 'must be greater than 0');
      if (seen.has(s.accountOwnerCode)) throw new Invalid(`splits[${i}].accountOwnerCode`, 'appears more than once');
      seen.add(s.accountOwnerCode);
      const owner = await repos.platform.findAccountOwner(caller.platformId, s.accountOwnerCode);
      if (!owner) throw new Invalid(`splits[${i}].accountOwnerCode`, 'is not an account owner of the platform');
      parts.push({ owner, amount });
    }
    const total = parts.reduce((sum, p) => sum + p.amount, 0) as Minor;
    if (!(await repos.platform.consume(pay.id, total, pay.settled, now))) {
      const left = pay.settled - (await repos.platform.consumed(pay.id));
      throw new Invalid(
        'splits',
        `the splits (${formatDecimal(total, pay.currency)} ${pay.currency}) exceed what remains of the settled amount (${formatDecimal(Math.max(0, left), pay.currency)} ${pay.currency})`,
      );
    }
    const split: SplitTransaction = {
      code: `SP${deps.ids.numeric(12)}`,
      platformId: caller.platformId,
      siteId: caller.siteId,
      transactionId: pay.id,
      transactionType: pay.type,
      extRef: input.extRef,
      currency: pay.currency,
      total,
      splits: parts.map((p) => ({
        accountOwnerCode: p.owner.code,
        virtualAccountCode: p.owner.virtualAccountCode,
        amount: p.amount,
      })),
      status: 'PENDING_SPLIT',
      reason: null,
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
    await repos.platform.insertSplit(split);
    return split;
  });
}

export async function getSplitTransaction(
  deps: DomainDeps,
  platformId: string,
  code: string,
): Promise<SplitTransaction> {
  const s = await deps.storage.read.platform.findSplit(platformId, code);
  if (!s) throw new PlatformNotFound('Split transaction');
  return s;
}

export async function moveSplitStatus(
  deps: DomainDeps,
  by: Mover,
  code: string,
  to: SplitStatus,
  reason?: string,
): Promise<SplitTransaction> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const s = await repos.platform.findSplit(platformOf(by), code);
    if (!s) throw new PlatformNotFound('Split transaction');
    const next = decided(moveSplit(s.status, to), s.status);
    const moved: SplitTransaction = {
      ...s,
      status: next,
      reason: reason ?? null,
      version: s.version + 1,
      updatedAt: now,
    };
    if (!(await repos.platform.setSplitStatus({ code, version: s.version, status: next, reason: moved.reason, now })))
      lostRace(s.status);
    if (next === 'CANCELLED') await repos.platform.release(s.transactionId, s.total, now);
    const owners = await Promise.all(
      s.splits.map((p) => repos.platform.findAccountOwner(s.platformId, p.accountOwnerCode)),
    );
    await queueStatusChange(
      repos,
      deps.render,
      {
        event: 'transaction',
        platformId: s.platformId,
        siteId: s.siteId,
        changeKey: `split:${code}:${moved.version}`,
        transactionId: s.transactionId,
        webhookUrls: owners.map((o) => o?.webhookUrl ?? null),
        data: {
          splitCode: s.code,
          transactionType: s.transactionType,
          extRef: s.extRef,
          previousStatus: s.status,
          status: next,
          virtualAccountCodes: s.splits.map((p) => p.virtualAccountCode),
          eventTimestamp: new Date(now).toISOString(),
          paymentReference: s.transactionId,
          mutationReference: mutationReference(s.code, moved.version),
          message: moved.reason,
        },
        email: (to) => transactionEmail(to, moved, now),
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

export interface EmailConfigurationInput {
  notificationType: EmailNotificationType;
  emails: string;
  enabled: boolean;
}

export async function createEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
): Promise<EmailConfiguration> {
  const conf = newEmailConfiguration(deps, platformId, input);
  await deps.storage.write((repos) => repos.platform.insertEmailConfiguration(conf));
  return conf;
}

/** The idempotency scope of a configuration POST; its records are keyed by the platform (docs/decisions/0827). */
export const EMAIL_CONFIGURATION_SCOPE = 'POST /api/v2/notification/email/configuration';

/**
 * `createEmailConfiguration` under an idempotency key (docs/decisions/0827), with the product's one
 * idempotency mechanism (`runIdempotent`, as REST orders): the first request creates the configuration
 * and stores `render`'s answer; a retry with the same key and body replays that answer and creates
 * nothing; the same key with another body is `IdempotencyMismatch`. Keys are the platform's (any of its
 * keys), kept 24 hours.
 */
export async function createEmailConfigurationOnce(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
  claim: { key: string; requestHash: string },
  render: (c: EmailConfiguration) => StoredResponse,
): Promise<StoredResponse & { replayed: boolean }> {
  const conf = newEmailConfiguration(deps, platformId, input);
  const request = {
    entityId: platformId,
    scope: EMAIL_CONFIGURATION_SCOPE,
    key: claim.key,
    requestHash: claim.requestHash,
    now: conf.createdAt,
  };
  return deps.storage.write((repos) =>
    runIdempotent(repos, request, async () => {
      await repos.platform.insertEmailConfiguration(conf);
      return render(conf);
    }),
  );
}

function newEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
): EmailConfiguration {
  const emails = parseEmailList(input.emails);
  const now = deps.clock.now();
  return {
    id: deps.ids.numeric(12),
    platformId,
    notificationType: input.notificationType,
    emails,
    enabled: input.enabled,
    createdAt: now,
    updatedAt: now,
  };
}

export async function listEmailConfigurations(deps: DomainDeps, platformId: string): Promise<EmailConfiguration[]> {
  return deps.storage.read.platform.listEmailConfigurations(platformId);
}

export async function updateEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  id: string,
  input: EmailConfigurationInput,
): Promise<EmailConfiguration> {
  const emails = parseEmailList(input.emails);
  const now = deps.clock.now();
  return deps.storage.write(async (repos: Repos) => {
    const conf = await repos.platform.findEmailConfiguration(platformId, id);
    if (!conf) throw new PlatformNotFound('Configuration');
    const updated: EmailConfiguration = {
      ...conf,
      notificationType: input.notificationType,
      emails,
      enabled: input.enabled,
      updatedAt: now,
    };
    await repos.platform.updateEmailConfiguration(updated);
    return updated;
  });
}
