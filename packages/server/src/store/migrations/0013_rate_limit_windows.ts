import type { Kysely, Migration } from 'kysely';

/**
 * Rate-limit counts shared by the nodes of one PostgreSQL database (docs/decisions/0808): per limit
 * (`scope`: `r` requests per credential per second, `a` failed authentications per address per minute),
 * per fixed window (its start, epoch milliseconds) and per key, the sum of what every node counted. Each
 * node adds its counts in batches; rows of past windows are pruned. The primary key leads with scope and
 * window, so "the keys over the limit in this window" and the pruning are range scans of it.
 */
export function rateLimitWindows(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_windows_pk', ['scope', 'window_start', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_windows').execute();
    },
  };
}
