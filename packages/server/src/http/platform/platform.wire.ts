import { Invalid, InvalidCurrency } from '../../domain/errors.js';
import type {
  AccountOwner,
  EmailConfiguration,
  Payout,
  SplitTransaction,
} from '../../domain/platform/platform.types.js';
import { isCurrency, type Minor, parseJsonNumber, toJsonNumber } from '../../lib/money.js';
import type {
  AccountOwnerWire,
  EmailConfigurationWire,
  PayoutWire,
  SplitTransactionWire,
} from '../../schemas/platform/platform.schema.js';

/** Wire ⇄ domain for the platform interface: amounts in major units outside, minor units inside. */

const iso = (ms: number) => new Date(ms).toISOString();

export function minorOf(value: number, currency: string, field: string): Minor {
  if (!isCurrency(currency)) throw new InvalidCurrency('currency');
  const r = parseJsonNumber(value, currency);
  if (!r.ok) {
    const rule = {
      format: 'must be a number',
      precision: `has more decimals than ${currency} allows`,
      range: 'is out of range',
      negative: 'must not be negative',
    }[r.rule];
    throw new Invalid(field, rule);
  }
  return r.minor;
}

export function currencyOf(text: string): string {
  if (!isCurrency(text)) throw new InvalidCurrency('currency');
  return text;
}

export function accountOwnerToWire(o: AccountOwner): AccountOwnerWire {
  return {
    accountOwnerCode: o.code,
    extRef: o.extRef,
    name: o.name,
    email: o.email,
    country: o.country,
    webhookUrl: o.webhookUrl,
    virtualAccountCode: o.virtualAccountCode,
    kycStatus: o.kycStatus,
    reason: o.kycReason,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
  };
}

export function payoutToWire(p: Payout): PayoutWire {
  return {
    payoutCode: p.code,
    accountOwnerCode: p.accountOwnerCode,
    amount: toJsonNumber(p.amount, p.currency),
    currency: p.currency,
    status: p.status,
    reason: p.reason,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

export function splitToWire(s: SplitTransaction): SplitTransactionWire {
  return {
    splitCode: s.code,
    transactionId: s.transactionId,
    transactionType: s.transactionType,
    extRef: s.extRef,
    amount: toJsonNumber(s.total, s.currency),
    currency: s.currency,
    splits: s.splits.map((p) => ({
      accountOwnerCode: p.accountOwnerCode,
      virtualAccountCode: p.virtualAccountCode,
      amount: toJsonNumber(p.amount, s.currency),
    })),
    virtualAccountCodes: s.splits.map((p) => p.virtualAccountCode),
    status: s.status,
    reason: s.reason,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

export function configurationToWire(c: EmailConfiguration): EmailConfigurationWire {
  return {
    configurationId: c.id,
    notificationType: c.notificationType,
    emails: c.emails.join(','),
    enabled: c.enabled,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}
