import { formatDecimal, type Minor } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { mutationReference, transactionEmail } from './email.content.js';
import { PlatformNotFound } from './platform.errors.js';
import { decided, lostRace, type Mover, platformOf } from './platform.moves.js';
import { queueStatusChange } from './platform.notify.js';
import type { PlatformCaller } from './platform.service.js';
import type { SplitStatus, SplitTransaction } from './platform.types.js';
import { moveSplit } from './split.machine.js';

/**
 * Split transactions of the marketplace platform (docs/platform.md): a payment's settled amount shared
 * between the platform's sellers, and the moves of a split with its webhooks and e-mails.
 */

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
