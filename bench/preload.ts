/**
 * `npm run bench -- --preload N`: fills the store with N orders before the server listens, so that
 * `POST /orders` is measured against a store of that size. Rows go straight into the `orders` table
 * (no HTTP, no validation), in multi-row inserts inside large transactions; each row is what
 * `POST /orders` stores for the bench's own body (the ~1.5 KB request kept as JSON, a time-ordered
 * sessionId made as the gateway makes it, at the row's creation time, and a merchantTransactionId), so the table and its indexes have the size and shape a real store of N
 * orders would have.
 */
import type { DemoCredentials } from '../packages/server/src/bootstrap/demo.js';
import { createIds } from '../packages/server/src/lib/ids.js';
import type { Store } from '../packages/server/src/store/store.js';
import { orderBody } from './order-body.js';

/** rows per INSERT: 18 columns each, under SQLite's 32,766 bound parameters */
const ROWS_PER_STATEMENT = 1000;
/** rows per transaction */
const ROWS_PER_TRANSACTION = 50_000;
const DAY = 24 * 60 * 60 * 1000;

export async function preloadOrders(
  store: Store,
  demo: DemoCredentials,
  total: number,
  onProgress: (done: number) => void,
): Promise<void> {
  const request = orderBody(demo.processingEntityId);
  // Spread over the last 90 days, oldest first, as a store fills.
  const start = Date.now() - 90 * DAY;
  const step = (90 * DAY) / Math.max(1, total);
  let at = start;
  const ids = createIds({ now: () => at });
  let done = 0;
  onProgress(0);
  while (done < total) {
    const inTransaction = Math.min(ROWS_PER_TRANSACTION, total - done);
    await store.write(async (trx) => {
      for (let n = 0; n < inTransaction; n += ROWS_PER_STATEMENT) {
        const rows = [];
        for (let k = 0; k < Math.min(ROWS_PER_STATEMENT, inTransaction - n); k++) {
          const i = done + n + k;
          at = Math.round(start + i * step);
          rows.push({
            session_id: ids.timeOrderedUuid(),
            merchant_id: demo.merchantId,
            site_id: demo.merchantSiteId,
            entity_id: demo.processingEntityId,
            merchant_transaction_id: `preload-${i}`,
            amount_minor: 12196,
            currency: 'USD',
            transaction_type: 'Sale',
            open_amount_min_minor: null,
            open_amount_max_minor: null,
            permitted_operations: '["payments","operations"]',
            product_id: null,
            webhook_url: 'https://api.example.com/payments/webhooks/gatehouse',
            status: 'open',
            request,
            created_at: at,
            updated_at: at,
            session_expires_at: at + 30 * 60 * 1000,
          });
        }
        await trx.insertInto('orders').values(rows).execute();
      }
    });
    done += inTransaction;
    onProgress(done);
  }
}
