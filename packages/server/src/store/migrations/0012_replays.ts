import type { Kysely, Migration } from 'kysely';

/**
 * Replays (docs/decisions/0805): an idempotency record names the transaction its
 * request created (`transaction_id`), so crash recovery can finish the record with the transaction's
 * final answer; a session record keeps the envelope of its answer without the transaction's members
 * (`replay_frame`), which recovery completes.
 */
export function replays(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_records').addColumn('transaction_id', 'text').execute();
      await db.schema.alterTable('idempotency_records').addColumn('replay_frame', 'text').execute();
      await db.schema
        .createIndex('idempotency_records_transaction')
        .on('idempotency_records')
        .column('transaction_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('idempotency_records_transaction').execute();
      await db.schema.alterTable('idempotency_records').dropColumn('replay_frame').execute();
      await db.schema.alterTable('idempotency_records').dropColumn('transaction_id').execute();
    },
  };
}
