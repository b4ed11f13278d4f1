import type { Generated } from 'kysely';

/** Tables of migration 0003: the notification outbox, delivery attempts, site webhook secrets. */

export type OutboxKind = 'webhook' | 'dmn' | 'email';
export type OutboxStatus = 'pending' | 'delivering' | 'delivered' | 'failed';

export interface OutboxTable {
  /** `ntf_…`; also the `webhook-id` of a webhook */
  id: string;
  kind: OutboxKind;
  dedupe_key: string;
  merchant_id: string;
  site_id: string;
  order_id: number | null;
  session_id: string | null;
  transaction_id: string | null;
  target_url: string;
  /** 1: `target_url` was the site's default address; 0: the request named it; null: not known (migration 0019) */
  target_from_site: number | null;
  event_type: string;
  payload: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  retry_base: Generated<number>;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface DeliveryAttemptTable {
  id: Generated<number>;
  outbox_id: string;
  attempt_no: number;
  relay_id: string;
  started_at: number;
  finished_at: number | null;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  response_excerpt: string | null;
}

export interface SiteWebhookSecretTable {
  id: Generated<number>;
  site_id: string;
  secret_sealed: string;
  created_at: number;
  expires_at: number | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
  delivery_attempts: DeliveryAttemptTable;
  site_webhook_secrets: SiteWebhookSecretTable;
}
