import { type Kysely, type Selectable, sql } from 'kysely';
import type { AccountRepo } from '../domain/accounts/ports.js';
import type {
  BankAccount,
  BankAccountStatus,
  KycKind,
  KycRecord,
  KycStatus,
} from '../domain/accounts/account.types.js';
import { paymentRepo } from './payments.repo.js';
import type { Dialect } from './dialect.js';
import type { BankAccountTable, Database, KycRecordTable } from './tables.js';

function toKyc(r: Selectable<KycRecordTable>): KycRecord {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    userTokenId: r.user_token_id,
    userId: r.user_id,
    kind: r.kind as KycKind,
    status: r.status as KycStatus,
    uploadKey: r.upload_key ?? '',
    details: JSON.parse(r.details) as Record<string, unknown>,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toAccount(r: Selectable<BankAccountTable>): BankAccount {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    userTokenId: r.user_token_id,
    userId: r.user_id,
    paymentMethod: r.payment_method,
    bankName: r.bank_name,
    accountLast4: r.account_last4,
    routingNumber: r.routing_number,
    status: r.status as BankAccountStatus,
    funded: Number(r.funded_minor),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** KYC records and bank accounts (migration 0015); one code path for both stores. */
export function accountRepo(db: Kysely<Database>, dialect: Dialect): AccountRepo {
  const findBankAccount: AccountRepo['findBankAccount'] = async (siteId, user, paymentMethod) => {
    let q = db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('payment_method', '=', paymentMethod);
    q =
      user.userTokenId !== undefined
        ? q.where('user_token_id', '=', user.userTokenId)
        : q.where('user_id', '=', user.userId);
    const r = await q.orderBy('id', 'desc').executeTakeFirst();
    return r && toAccount(r);
  };
  return {
    async insertKyc(k) {
      const row = await db
        .insertInto('kyc_records')
        .values({
          merchant_id: k.merchantId,
          site_id: k.siteId,
          user_token_id: k.userTokenId,
          user_id: k.userId,
          kind: k.kind,
          status: k.status,
          upload_key: k.uploadKey,
          details: JSON.stringify(k.details),
          created_at: k.createdAt,
          updated_at: k.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toKyc(row);
    },
    async kycByKey(uploadKey) {
      const r = await db.selectFrom('kyc_records').selectAll().where('upload_key', '=', uploadKey).executeTakeFirst();
      return r && toKyc(r);
    },
    async moveKyc(id, from, to, at) {
      const res = await db
        .updateTable('kyc_records')
        .set({ status: to, updated_at: at })
        .where('id', '=', Number(id))
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async upsertBankAccount(a, at) {
      await db
        .insertInto('bank_accounts')
        .values({
          merchant_id: a.merchantId,
          site_id: a.siteId,
          user_token_id: a.userTokenId,
          user_id: a.userId,
          payment_method: a.paymentMethod,
          bank_name: a.bankName,
          account_last4: a.accountLast4,
          routing_number: a.routingNumber,
          status: 'Enrolled',
          created_at: a.createdAt,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['site_id', 'user_token_id', 'payment_method']).doUpdateSet({
            user_id: a.userId,
            // details not sent are kept
            bank_name: sql`coalesce(${a.bankName}, bank_accounts.bank_name)`,
            account_last4: sql`coalesce(${a.accountLast4}, bank_accounts.account_last4)`,
            routing_number: sql`coalesce(${a.routingNumber}, bank_accounts.routing_number)`,
            updated_at: at,
          }),
        )
        .execute();
      return (await findBankAccount(a.siteId, { userTokenId: a.userTokenId, userId: a.userId }, a.paymentMethod))!;
    },
    findBankAccount,
    async addFunds(id, amount, at) {
      await db
        .updateTable('bank_accounts')
        .set({ funded_minor: sql`funded_minor + ${amount}`, status: 'Funded', updated_at: at })
        .where('id', '=', Number(id))
        .execute();
    },
    async payoutByClientRequestId(siteId, clientRequestId) {
      const r = await db
        .selectFrom('transactions')
        .select('id')
        .where('site_id', '=', siteId)
        .where('type', '=', 'Payout')
        .where('client_request_id', '=', clientRequestId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return r && paymentRepo(db, dialect).find(String(r.id));
    },
  };
}
