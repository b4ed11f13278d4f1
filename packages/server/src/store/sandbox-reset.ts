import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, type Kysely, sql } from 'kysely';
import { ownTables } from './catalog.js';
import type { Dialect } from './dialect.js';
import type { Database } from './tables.js';

/**
 * `gatehouse sandbox reset` (docs/sandbox.md, docs/decisions/0931): deletes one merchant's activity
 * (orders, sessions, transactions, users and their stored options, plans and subscriptions, withdrawals,
 * platform sellers, payouts and splits, idempotency records, the outbox and its delivery log) and keeps
 * what it is configured with: the merchant, its sites, entities, API keys, site settings and secrets,
 * its e-mail configurations. Children first, so that no foreign key is left dangling. Sealed card
 * numbers stay in the vault: a vault row has no owner and may be shared by fingerprint.
 */

type Scope = 'merchant' | 'platform' | 'site' | 'entity';

/** Each table, in the order of deletion, and how its rows are matched to the merchant. */
const TABLES: ReadonlyArray<{ table: string; where: Scope | { via: string } }> = [
  { table: 'delivery_attempts', where: { via: 'outbox_id IN (SELECT id FROM outbox WHERE merchant_id = $m)' } },
  { table: 'outbox', where: 'merchant' },
  {
    table: 'platform_split_ledgers',
    where: { via: 'transaction_id IN (SELECT CAST(id AS TEXT) FROM transactions WHERE merchant_id = $m)' },
  },
  {
    table: 'dcc_conversions',
    where: { via: 'transaction_id IN (SELECT id FROM transactions WHERE merchant_id = $m)' },
  },
  {
    table: 'subscription_charges',
    where: { via: 'subscription_id IN (SELECT id FROM subscriptions WHERE merchant_id = $m)' },
  },
  { table: 'subscriptions', where: 'merchant' },
  { table: 'plans', where: 'merchant' },
  { table: 'withdrawal_orders', where: 'merchant' },
  { table: 'net_deposit_movements', where: 'site' },
  { table: 'kyc_records', where: 'merchant' },
  { table: 'bank_accounts', where: 'merchant' },
  { table: 'withdrawal_requests', where: 'merchant' },
  { table: 'withdrawal_users', where: 'site' },
  { table: 'platform_splits', where: 'platform' },
  { table: 'platform_payouts', where: 'platform' },
  { table: 'platform_account_owners', where: 'platform' },
  { table: 'idempotency_records', where: 'entity' },
  { table: 'card_tokens', where: 'site' },
  { table: 'user_payment_options', where: 'merchant' },
  { table: 'transactions', where: 'merchant' },
  { table: 'sessions', where: 'merchant' },
  { table: 'client_request_ids', where: 'site' },
  { table: 'orders', where: 'merchant' },
  { table: 'users', where: 'merchant' },
];

const SCOPE_SQL: Record<Scope, string> = {
  merchant: 'merchant_id = $m',
  platform: 'platform_id = $m',
  site: 'site_id IN (SELECT id FROM sites WHERE merchant_id = $m)',
  entity: 'entity_id IN (SELECT id FROM processing_entities WHERE merchant_id = $m)',
};

/** The tables a reset empties for a merchant, in order (for the docs and the tests). */
export const RESET_TABLES = TABLES.map((t) => t.table);

/** Deletes the merchant's activity in the caller's transaction; answers the rows deleted per table. */
export async function resetMerchantData(db: Kysely<Database>, merchantId: string): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const { table, where } of TABLES) {
    const condition = typeof where === 'string' ? SCOPE_SQL[where] : where.via;
    // the merchant id is the one parameter, bound wherever $m stands
    const parts = condition.split('$m');
    const whereSql = sql.join(
      parts.map((p, i) => (i === 0 ? sql.raw(p) : sql`${merchantId}${sql.raw(p)}`)),
      sql.raw(''),
    );
    const r = await sql`DELETE FROM ${sql.table(table)} WHERE ${whereSql}`.execute(db);
    deleted[table] = Number(r.numAffectedRows ?? 0n);
  }
  return deleted;
}

/**
 * Every table of the store's own schema a whole-store reset empties: all but the migration
 * bookkeeping. Another schema's tables of the same database are never looked at.
 */
export async function resetWholeStore(db: Kysely<Database>, dialect: Dialect): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  const keep = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE, 'store_settings']);
  const present = await ownTables(db, dialect);
  // children of the merchants first, then whatever else exists (configuration, credentials), then the roots
  const roots = [
    'api_keys',
    'site_webhook_secrets',
    'platform_email_configurations',
    'processing_entities',
    'sites',
    'merchants',
  ];
  const order = [
    ...TABLES.map((t) => t.table),
    ...[...present].filter((t) => !keep.has(t) && !roots.includes(t) && !TABLES.some((x) => x.table === t)),
    'card_vault',
    ...roots,
  ];
  for (const table of new Set(order)) {
    if (!present.has(table) || keep.has(table)) continue;
    const r = await sql`DELETE FROM ${sql.table(table)}`.execute(db);
    deleted[table] = Number(r.numAffectedRows ?? 0n);
  }
  return deleted;
}
