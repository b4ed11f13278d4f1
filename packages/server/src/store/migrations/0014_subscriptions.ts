import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Rebilling subscriptions (docs/decisions/0124): a user's UPO charged on a plan's schedule,
 * and one row per charged cycle. The unique key (subscription_id, cycle) is what keeps two runs of the
 * due charges, even racing ones, from charging a cycle twice; a retry of a declined cycle moves that
 * same row to its next attempt with a conditional update.
 */
export function subscriptions(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscriptions')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('upo_id', 'text', (c) => c.notNull())
        // ACTIVE, COMPLETED, CANCELED or FAILED
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('initial_amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('recurring_amount_minor', 'bigint', (c) => c.notNull())
        // {day, month, year} as JSON
        .addColumn('recurring_period', 'text', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('next_cycle', 'integer', (c) => c.notNull())
        .addColumn('next_attempt', 'integer', (c) => c.notNull())
        // null once nothing is left to charge
        .addColumn('next_charge_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscriptions_site').on('subscriptions').columns(['site_id', 'id']).execute();
      await db.schema
        .createIndex('subscriptions_due')
        .on('subscriptions')
        .columns(['status', 'next_charge_at'])
        .execute();

      await db.schema
        .createTable('subscription_charges')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('subscription_id', 'bigint', (c) => c.notNull())
        .addColumn('cycle', 'integer', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // pending, approved, declined or error
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text')
        .addColumn('reason', 'text')
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscription_charges_cycle')
        .unique()
        .on('subscription_charges')
        .columns(['subscription_id', 'cycle'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('subscription_charges').execute();
      await db.schema.dropTable('subscriptions').execute();
    },
  };
}
