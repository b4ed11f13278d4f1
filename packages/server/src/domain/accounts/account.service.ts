import { Invalid, WithdrawalRefused } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import type { BankAccount, KycKind, KycRecord, KycStatus } from './account.types.js';

/**
 * KYC and bank accounts of the server facts 2.9 (docs/decisions/0132). A KYC record starts Pending
 * and is moved once, to Approved or Declined, from its sandbox page; a bank account is one per user,
 * site and payment method, enrolled by addBankAccount or enrollAccount and funded by fundAccount.
 */

export interface AccountCaller {
  merchantId: string;
  siteId: string;
}

/** eKYC / getDocumentUploadUrl: a Pending record of the user with its sandbox page key. */
export async function startKyc(
  deps: DomainDeps,
  caller: AccountCaller,
  cmd: { kind: KycKind; userTokenId: string; userId: string; details: Record<string, unknown> },
): Promise<KycRecord> {
  const now = deps.clock.now();
  const uploadKey = deps.ids.token(24);
  return deps.storage.write((repos) =>
    repos.accounts.insertKyc({
      merchantId: caller.merchantId,
      siteId: caller.siteId,
      userTokenId: cmd.userTokenId,
      userId: cmd.userId,
      kind: cmd.kind,
      status: 'Pending',
      uploadKey,
      details: cmd.details,
      createdAt: now,
    }),
  );
}

/** The sandbox page's decision: a Pending record becomes Approved or Declined, once. */
export async function decideKyc(
  deps: DomainDeps,
  uploadKey: string,
  to: Exclude<KycStatus, 'Pending'>,
): Promise<KycRecord> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const k = await repos.accounts.kycByKey(uploadKey);
    if (!k) throw new Invalid('key', 'names no KYC check');
    if (!(await repos.accounts.moveKyc(k.id, 'Pending', to, now))) {
      throw new WithdrawalRefused(`KYC check ${k.id} is ${k.status} already`);
    }
    return { ...k, status: to, updatedAt: now };
  });
}

export async function findKyc(deps: DomainDeps, uploadKey: string): Promise<KycRecord | undefined> {
  return deps.storage.read.accounts.kycByKey(uploadKey);
}

/** addBankAccount / enrollAccount: the user's account for the method, enrolled (details replaced). */
export async function enrollBankAccount(
  deps: DomainDeps,
  caller: AccountCaller,
  cmd: {
    userTokenId: string;
    userId: string;
    paymentMethod: string;
    bankName?: string;
    accountNumber?: string;
    routingNumber?: string;
  },
): Promise<BankAccount> {
  const now = deps.clock.now();
  if (cmd.accountNumber !== undefined && !/^[0-9A-Za-z]{4,34}$/.test(cmd.accountNumber)) {
    throw new Invalid('bankAccount.accountNumber', 'must be 4-34 letters or digits');
  }
  return deps.storage.write((repos) =>
    repos.accounts.upsertBankAccount(
      {
        merchantId: caller.merchantId,
        siteId: caller.siteId,
        userTokenId: cmd.userTokenId,
        userId: cmd.userId,
        paymentMethod: cmd.paymentMethod,
        bankName: cmd.bankName ?? null,
        accountLast4: cmd.accountNumber === undefined ? null : cmd.accountNumber.slice(-4),
        routingNumber: cmd.routingNumber ?? null,
        createdAt: now,
      },
      now,
    ),
  );
}

/** The user's enrolled account for the method; else `Invalid(userId)`. */
export async function bankAccountOf(
  deps: DomainDeps,
  caller: AccountCaller,
  user: { userTokenId?: string; userId: string },
  paymentMethod: string,
): Promise<BankAccount> {
  const a = await deps.storage.read.accounts.findBankAccount(caller.siteId, user, paymentMethod);
  if (!a) throw new Invalid('userId', `has no account enrolled for ${paymentMethod}`);
  return a;
}

/** fundAccount: the session order's amount is added to the account's funded total. */
export async function fundBankAccount(
  deps: DomainDeps,
  caller: AccountCaller,
  user: { userTokenId?: string; userId: string },
  paymentMethod: string,
  amount: number,
): Promise<BankAccount> {
  const a = await bankAccountOf(deps, caller, user, paymentMethod);
  if (amount <= 0) throw new Invalid('amount', "must be greater than 0: the session's order has no amount", 'amount');
  await deps.storage.write((repos) => repos.accounts.addFunds(a.id, amount, deps.clock.now()));
  return (await deps.storage.read.accounts.findBankAccount(caller.siteId, user, paymentMethod))!;
}
