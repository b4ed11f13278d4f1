import { type Kysely, type Selectable, sql } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { PlatformRepo } from '../domain/platform/ports.js';
import type {
  AccountOwner,
  EmailConfiguration,
  EmailNotificationType,
  KycStatus,
  Payout,
  PayoutStatus,
  SplitPart,
  SplitStatus,
  SplitTransaction,
} from '../domain/platform/platform.types.js';
import type {
  PlatformAccountOwnerTable,
  PlatformEmailConfigurationTable,
  PlatformPayoutTable,
  PlatformSplitTable,
} from './platform.table.js';
import { toDelivery } from './notifications.repo.js';
import type { Database } from './tables.js';

function toOwner(r: Selectable<PlatformAccountOwnerTable>): AccountOwner {
  return {
    code: r.code,
    platformId: r.platform_id,
    siteId: r.site_id,
    extRef: r.ext_ref,
    name: r.name,
    email: r.email,
    country: r.country,
    webhookUrl: r.webhook_url,
    virtualAccountCode: r.virtual_account_code,
    kycStatus: r.kyc_status as KycStatus,
    kycReason: r.kyc_reason,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toPayout(r: Selectable<PlatformPayoutTable>): Payout {
  return {
    code: r.code,
    platformId: r.platform_id,
    siteId: r.site_id,
    accountOwnerCode: r.account_owner_code,
    amount: Number(r.amount_minor) as Minor,
    currency: r.currency,
    status: r.status as PayoutStatus,
    reason: r.reason,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toSplit(r: Selectable<PlatformSplitTable>): SplitTransaction {
  return {
    code: r.code,
    platformId: r.platform_id,
    siteId: r.site_id,
    transactionId: r.transaction_id,
    transactionType: r.transaction_type,
    extRef: r.ext_ref,
    currency: r.currency,
    total: Number(r.total_minor) as Minor,
    splits: JSON.parse(r.splits) as SplitPart[],
    status: r.status as SplitStatus,
    reason: r.reason,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toConfiguration(r: Selectable<PlatformEmailConfigurationTable>): EmailConfiguration {
  return {
    id: r.id,
    platformId: r.platform_id,
    notificationType: r.notification_type as EmailNotificationType,
    emails: r.emails.split(','),
    enabled: Number(r.enabled) === 1,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Only decimal ids name a payment; anything else is a missing one (never a cast error in SQL). */
const PAYMENT_ID = /^[1-9]\d{0,15}$/;

export function platformRepo(db: Kysely<Database>): PlatformRepo {
  return {
    async insertAccountOwner(o) {
      await db
        .insertInto('platform_account_owners')
        .values({
          code: o.code,
          platform_id: o.platformId,
          site_id: o.siteId,
          ext_ref: o.extRef,
          name: o.name,
          email: o.email,
          country: o.country,
          webhook_url: o.webhookUrl,
          virtual_account_code: o.virtualAccountCode,
          kyc_status: o.kycStatus,
          kyc_reason: o.kycReason,
          version: o.version,
          created_at: o.createdAt,
          updated_at: o.updatedAt,
        })
        .execute();
    },
    async findAccountOwner(platformId, code) {
      let q = db.selectFrom('platform_account_owners').selectAll().where('code', '=', code);
      if (platformId !== null) q = q.where('platform_id', '=', platformId);
      const r = await q.executeTakeFirst();
      return r && toOwner(r);
    },
    async listAccountOwners(platformId, limit) {
      const rows = await db
        .selectFrom('platform_account_owners')
        .selectAll()
        .where('platform_id', '=', platformId)
        .orderBy('created_at', 'desc')
        .orderBy('code', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toOwner);
    },
    async setKycStatus(w) {
      const res = await db
        .updateTable('platform_account_owners')
        .set({ kyc_status: w.status, kyc_reason: w.reason, version: w.version + 1, updated_at: w.now })
        .where('code', '=', w.code)
        .where('version', '=', w.version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async insertPayout(p) {
      await db
        .insertInto('platform_payouts')
        .values({
          code: p.code,
          platform_id: p.platformId,
          site_id: p.siteId,
          account_owner_code: p.accountOwnerCode,
          amount_minor: p.amount,
          currency: p.currency,
          status: p.status,
          reason: p.reason,
          version: p.version,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
        })
        .execute();
    },
    async findPayout(platformId, code) {
      let q = db.selectFrom('platform_payouts').selectAll().where('code', '=', code);
      if (platformId !== null) q = q.where('platform_id', '=', platformId);
      const r = await q.executeTakeFirst();
      return r && toPayout(r);
    },
    async listPayouts(platformId, limit) {
      const rows = await db
        .selectFrom('platform_payouts')
        .selectAll()
        .where('platform_id', '=', platformId)
        .orderBy('created_at', 'desc')
        .orderBy('code', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toPayout);
    },
    async setPayoutStatus(w) {
      const res = await db
        .updateTable('platform_payouts')
        .set({ status: w.status, reason: w.reason, version: w.version + 1, updated_at: w.now })
        .where('code', '=', w.code)
        .where('version', '=', w.version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async insertSplit(s) {
      await db
        .insertInto('platform_splits')
        .values({
          code: s.code,
          platform_id: s.platformId,
          site_id: s.siteId,
          transaction_id: s.transactionId,
          transaction_type: s.transactionType,
          ext_ref: s.extRef,
          currency: s.currency,
          total_minor: s.total,
          splits: JSON.stringify(s.splits),
          status: s.status,
          reason: s.reason,
          version: s.version,
          created_at: s.createdAt,
          updated_at: s.updatedAt,
        })
        .execute();
    },
    async findSplit(platformId, code) {
      let q = db.selectFrom('platform_splits').selectAll().where('code', '=', code);
      if (platformId !== null) q = q.where('platform_id', '=', platformId);
      const r = await q.executeTakeFirst();
      return r && toSplit(r);
    },
    async listSplits(platformId, limit) {
      const rows = await db
        .selectFrom('platform_splits')
        .selectAll()
        .where('platform_id', '=', platformId)
        .orderBy('created_at', 'desc')
        .orderBy('code', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSplit);
    },
    async setSplitStatus(w) {
      const res = await db
        .updateTable('platform_splits')
        .set({ status: w.status, reason: w.reason, version: w.version + 1, updated_at: w.now })
        .where('code', '=', w.code)
        .where('version', '=', w.version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async settledPayment(transactionId) {
      if (!PAYMENT_ID.test(transactionId)) return undefined;
      // Read only: the payment code owns these columns (settled_minor on an Auth/PreAuth grows with
      // each Settle; a Sale is settled whole, less what was refunded).
      const r = await db
        .selectFrom('transactions')
        .select([
          'id',
          'merchant_id',
          'type',
          'status',
          'currency',
          'amount_minor',
          'settled_minor',
          'refunded_minor',
          'voided_by',
        ])
        .where('id', '=', Number(transactionId))
        .executeTakeFirst();
      if (!r) return undefined;
      const settled =
        r.type === 'Sale'
          ? Number(r.amount_minor) - Number(r.refunded_minor)
          : r.type === 'Auth' || r.type === 'PreAuth'
            ? Number(r.settled_minor)
            : 0;
      return {
        id: String(r.id),
        merchantId: r.merchant_id,
        type: r.type,
        status: r.status,
        currency: r.currency,
        voided: r.voided_by !== null,
        settled: Math.max(0, settled) as Minor,
      };
    },
    async consume(transactionId, amount, settled, now) {
      await db
        .insertInto('platform_split_ledgers')
        .values({ transaction_id: transactionId, consumed_minor: 0, updated_at: now })
        .onConflict((oc) => oc.column('transaction_id').doNothing())
        .execute();
      // One conditional UPDATE: on PostgreSQL a concurrent split waits for this row's lock and then
      // re-checks the condition against the committed total (READ COMMITTED), so two never both fit.
      const res = await db
        .updateTable('platform_split_ledgers')
        .set({ consumed_minor: sql`consumed_minor + ${amount}`, updated_at: now })
        .where('transaction_id', '=', transactionId)
        .where(sql<boolean>`consumed_minor + ${amount} <= ${settled}`)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async consumed(transactionId) {
      const r = await db
        .selectFrom('platform_split_ledgers')
        .select('consumed_minor')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      return Number(r?.consumed_minor ?? 0) as Minor;
    },
    async release(transactionId, amount, now) {
      await db
        .updateTable('platform_split_ledgers')
        .set({ consumed_minor: sql`consumed_minor - ${amount}`, updated_at: now })
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    async insertEmailConfiguration(c) {
      await db
        .insertInto('platform_email_configurations')
        .values({
          id: c.id,
          platform_id: c.platformId,
          notification_type: c.notificationType,
          emails: c.emails.join(','),
          enabled: c.enabled ? 1 : 0,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
        })
        .execute();
    },
    async findEmailConfiguration(platformId, id) {
      const r = await db
        .selectFrom('platform_email_configurations')
        .selectAll()
        .where('platform_id', '=', platformId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r && toConfiguration(r);
    },
    async listEmailConfigurations(platformId, type) {
      let q = db.selectFrom('platform_email_configurations').selectAll().where('platform_id', '=', platformId);
      if (type !== undefined) q = q.where('notification_type', '=', type);
      const rows = await q.orderBy('created_at').orderBy('id').execute();
      return rows.map(toConfiguration);
    },
    async updateEmailConfiguration(c) {
      await db
        .updateTable('platform_email_configurations')
        .set({
          notification_type: c.notificationType,
          emails: c.emails.join(','),
          enabled: c.enabled ? 1 : 0,
          updated_at: c.updatedAt,
        })
        .where('id', '=', c.id)
        .where('platform_id', '=', c.platformId)
        .execute();
    },

    async listEmails(platformId, limit) {
      let q = db.selectFrom('outbox').selectAll().where('kind', '=', 'email');
      if (platformId !== null) q = q.where('merchant_id', '=', platformId);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toDelivery);
    },

    async setSiteWebhookUrl(siteId, url) {
      const r = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
      let settings: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(r?.settings ?? '{}') as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          settings = parsed as Record<string, unknown>;
      } catch {
        // expected: settings that are not JSON read as none set, and are replaced
        settings = {};
      }
      if (url === null) delete settings.webhookUrl;
      else settings.webhookUrl = url;
      await db
        .updateTable('sites')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', siteId)
        .execute();
    },
    async siteWebhookUrl(siteId) {
      const r = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
      try {
        const url = (JSON.parse(r?.settings ?? '{}') as { webhookUrl?: unknown }).webhookUrl;
        return typeof url === 'string' && url.length > 0 ? url : null;
      } catch {
        // expected: settings that are not JSON hold no webhook URL
        return null;
      }
    },
  };
}
