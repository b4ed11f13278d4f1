import type { Kysely, Migration } from 'kysely';

/**
 * The merchant's withdrawal references are not keys (docs/decisions/0508): clients build
 * `merchantWDRequestId` and `merchantUniqueId` from the clock in whole seconds, so two requests may
 * share them. The unique indexes of 0007 become plain ones (getOrders filters by merchantUniqueId).
 */
export function withdrawalReferences(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['merchant_wd_request_id', 'merchant_unique_id']) {
        const name = `withdrawal_requests_${column}`;
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).on('withdrawal_requests').columns(['site_id', column]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      // fails while two requests of a site share a reference, as it must
      for (const column of ['merchant_wd_request_id', 'merchant_unique_id']) {
        const name = `withdrawal_requests_${column}`;
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).unique().on('withdrawal_requests').columns(['site_id', column]).execute();
      }
    },
  };
}
