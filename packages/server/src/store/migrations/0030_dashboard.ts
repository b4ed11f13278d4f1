import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The control panel (docs/dashboard.md, docs/decisions/1000): its users, their sessions (only hashes of
 * the cookie and CSRF tokens), failed sign-ins for throttling, the audit log, and the indexes of the
 * merchant-scoped, newest-first transaction search.
 */
export function dashboard(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dashboard_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        // lower-cased; unique across merchants: one e-mail signs in to one merchant
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        // `scrypt$N$r$p$salt$hash` (base64url), docs/decisions/1000
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('dashboard_users_merchant')
        .on('dashboard_users')
        .columns(['merchant_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('dashboard_sessions')
        // the SHA-256 of the cookie's token: the token itself is never stored
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        // the SHA-256 of the CSRF token (itself derived from the cookie's token, so /me can show it again)
        .addColumn('csrf_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('dashboard_sessions_user').on('dashboard_sessions').column('user_id').execute();
      await db.schema
        .createTable('dashboard_login_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // `email:<address>` or `ip:<address>`
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dashboard_login_failures_subject')
        .on('dashboard_login_failures')
        .columns(['subject', 'at'])
        .execute();
      await db.schema
        .createTable('dashboard_audit')
        // in the order written: the keyset of the newest-first list
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        // JSON object
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dashboard_audit_merchant')
        .on('dashboard_audit')
        .columns(['merchant_id', 'id'])
        .execute();
      // The transaction search: one merchant's rows, newest first (id order is creation order), and its filters.
      await db.schema.createIndex('transactions_merchant').on('transactions').columns(['merchant_id', 'id']).execute();
      await db.schema
        .createIndex('transactions_merchant_status')
        .on('transactions')
        .columns(['merchant_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('transactions_merchant_type')
        .on('transactions')
        .columns(['merchant_id', 'type', 'id'])
        .execute();
      await db.schema
        .createIndex('transactions_merchant_created')
        .on('transactions')
        .columns(['merchant_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        'transactions_merchant_created',
        'transactions_merchant_type',
        'transactions_merchant_status',
        'transactions_merchant',
      ]) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.dropTable('dashboard_audit').execute();
      await db.schema.dropTable('dashboard_login_failures').execute();
      await db.schema.dropTable('dashboard_sessions').execute();
      await db.schema.dropTable('dashboard_users').execute();
    },
  };
}
