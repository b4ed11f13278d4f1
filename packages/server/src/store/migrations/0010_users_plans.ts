import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Users of a site and rebilling plans (docs/decisions/0122): a user is a userTokenId of a
 * site with the details createUser/updateUser last set; its UPOs are the site's UPOs of that
 * userTokenId. A UPO can be suspended (suspendUPO) and enabled again. A plan is a site's recurring
 * price: initial and recurring amounts in minor units, and its periods as {day, month, year} JSON.
 */
export function usersPlans(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        // JSON of the details as last set (names, address, countryCode, email, ...)
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_site_token')
        .unique()
        .on('users')
        .columns(['site_id', 'user_token_id'])
        .execute();

      await db.schema.alterTable('user_payment_options').addColumn('suspended_at', 'bigint').execute();

      await db.schema
        .createTable('plans')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        // ACTIVE or INACTIVE
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('initial_amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('recurring_amount_minor', 'bigint', (c) => c.notNull())
        // {day, month, year} as JSON
        .addColumn('start_after', 'text', (c) => c.notNull())
        .addColumn('recurring_period', 'text', (c) => c.notNull())
        .addColumn('end_after', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('plans_site').on('plans').columns(['site_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('plans').execute();
      await db.schema.alterTable('user_payment_options').dropColumn('suspended_at').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
