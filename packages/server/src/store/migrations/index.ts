import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.js';
import { foundation } from './0001_foundation.js';
import { sessions } from './0002_sessions.js';
import { outbox } from './0003_outbox.js';
import { payments } from './0004_payments.js';
import { tokensUpos } from './0005_tokens_upos.js';
import { apmPayments } from './0006_apm_payments.js';
import { withdrawals } from './0007_withdrawals.js';
import { platform } from './0008_platform.js';
import { operations } from './0009_operations.js';
import { usersPlans } from './0010_users_plans.js';
import { replays } from './0012_replays.js';
import { rateLimitWindows } from './0013_rate_limit_windows.js';
import { subscriptions } from './0014_subscriptions.js';
import { withdrawalOrdersKyc } from './0015_withdrawal_orders_kyc.js';
import { withdrawalReferences } from './0016_withdrawal_references.js';
import { operatorCredentials } from './0018_operator_credentials.js';
import { outboxTargetFromSite } from './0019_outbox_target_from_site.js';
import { sandboxClocksFaults } from './0024_sandbox_clocks_faults.js';
import { webhookEndpointsAndChaos } from './0029_webhook_endpoints_and_chaos.js';
import { dashboard } from './0030_dashboard.js';
import { transactionSearchIndexes } from './0031_transaction_search_indexes.js';

/** Every migration, in order. Names are permanent once released. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_foundation': foundation(dialect),
        '0002_sessions': sessions(),
        '0003_outbox': outbox(dialect),
        '0004_payments': payments(dialect),
        '0005_tokens_upos': tokensUpos(dialect),
        '0006_apm_payments': apmPayments(),
        '0007_withdrawals': withdrawals(dialect),
        '0008_platform': platform(),
        '0009_operations': operations(),
        '0010_users_plans': usersPlans(dialect),
        '0012_replays': replays(),
        '0013_rate_limit_windows': rateLimitWindows(),
        '0014_subscriptions': subscriptions(dialect),
        '0015_withdrawal_orders_kyc': withdrawalOrdersKyc(dialect),
        '0016_withdrawal_references': withdrawalReferences(),
        '0018_operator_credentials': operatorCredentials(),
        '0019_outbox_target_from_site': outboxTargetFromSite(),
        '0024_sandbox_clocks_faults': sandboxClocksFaults(),
        '0029_webhook_endpoints_and_chaos': webhookEndpointsAndChaos(),
        '0030_dashboard': dashboard(dialect),
        '0031_transaction_search_indexes': transactionSearchIndexes(dialect),
      };
    },
  };
}
