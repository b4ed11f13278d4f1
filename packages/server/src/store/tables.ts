import type { Generated } from 'kysely';
import type { OperationsTables } from './operations.table.js';
import type { OutboxTables } from './outbox.table.js';
import type { PlatformTables } from './platform.table.js';
import type { SubscriptionTables } from './subscriptions.table.js';
import type { WebhookEndpointTables } from './webhook-endpoints.table.js';
import type { DashboardTables } from './dashboard.table.js';

/**
 * The Kysely view of the schema, one code path for SQLite and PostgreSQL. Times are epoch
 * milliseconds (BIGINT) written from the injected clock; amounts are integer minor units (BIGINT);
 * structured values are JSON text.
 */
export interface MerchantTable {
  id: string;
  name: string;
  created_at: number;
}

export interface SiteTable {
  id: string;
  merchant_id: string;
  name: string;
  /** merchant secret key for session checksums, AES-256-GCM sealed */
  secret_key_sealed: string;
  /** JSON object of site settings (notification URL, clientRequestId uniqueness, ...) */
  settings: string;
  created_at: number;
}

export interface ProcessingEntityTable {
  id: string;
  merchant_id: string;
  parent_id: string | null;
  name: string;
  created_at: number;
}

export interface ApiKeyTable {
  id: string;
  entity_id: string;
  site_id: string;
  type: 'operations' | 'dispute';
  label: string;
  secret_hash: string;
  created_at: number;
  revoked_at: number | null;
}

export interface OrderTable {
  /** numeric order id (the session API's `orderId`) */
  id: Generated<number>;
  session_id: string;
  merchant_id: string;
  site_id: string;
  /** null for orders opened through the session API */
  entity_id: string | null;
  /** `rest` or `session`: the interface that created the order */
  interface: Generated<string>;
  merchant_transaction_id: string | null;
  amount_minor: number;
  currency: string;
  transaction_type: string | null;
  open_amount_min_minor: number | null;
  open_amount_max_minor: number | null;
  /** JSON array of `payments` / `operations` */
  permitted_operations: string;
  product_id: string | null;
  webhook_url: string | null;
  status: string;
  /** the validated order request as JSON, amounts as sent */
  request: string;
  created_at: number;
  updated_at: number;
  /** the sessionId stops working as a bearer token at this time */
  session_expires_at: number;
}

export interface IdempotencyTable {
  entity_id: string;
  key: string;
  /** the operation the key was used for, e.g. `POST /orders` */
  scope: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
  /** the transaction the request created, set in the write that creates it (0012) */
  transaction_id: string | null;
  /** a session answer's envelope without the transaction's members, for recovery to complete (0012) */
  replay_frame: string | null;
}

export interface Database
  extends OutboxTables, PlatformTables, OperationsTables, SubscriptionTables, WebhookEndpointTables, DashboardTables {
  merchants: MerchantTable;
  sites: SiteTable;
  processing_entities: ProcessingEntityTable;
  api_keys: ApiKeyTable;
  orders: OrderTable;
  idempotency_records: IdempotencyTable;
  sessions: SessionTable;
  client_request_ids: ClientRequestIdTable;
  transactions: TransactionTable;
  card_vault: CardVaultTable;
  dcc_conversions: DccConversionTable;
  card_tokens: CardTokenTable;
  user_payment_options: UpoTable;
  withdrawal_requests: WithdrawalRequestTable;
  withdrawal_users: WithdrawalUserTable;
  users: UserTable;
  plans: PlanTable;
  withdrawal_orders: WithdrawalOrderTable;
  net_deposit_movements: NetDepositMovementTable;
  kyc_records: KycRecordTable;
  bank_accounts: BankAccountTable;
  rate_limit_windows: RateLimitWindowTable;
  operator_credentials: OperatorCredentialTable;
}

/** An operator credential (migration 0018, docs/decisions/0824): only the SHA-256 of its secret is kept. */
export interface OperatorCredentialTable {
  id: string;
  name: string;
  secret_hash: string;
  created_at: number;
  revoked_at: number | null;
}

/** One limit's count of one key in one fixed window, summed over the nodes (migration 0013). */
export interface RateLimitWindowTable {
  scope: string;
  window_start: number;
  key: string;
  count: number;
}

/** A user of a site (migration 0010): the details createUser/updateUser last set, as JSON. */
export interface UserTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  user_token_id: string;
  details: string;
  created_at: number;
  updated_at: number;
}

/** A rebilling plan of a site (migration 0010); periods as {day, month, year} JSON. */
export interface PlanTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  name: string;
  description: string | null;
  status: string;
  currency: string;
  initial_amount_minor: number | string;
  recurring_amount_minor: number | string;
  start_after: string;
  recurring_period: string;
  end_after: string;
  created_at: number;
  updated_at: number;
}

/** A stored payment option of a userTokenId (migration 0005): masked card fields and a vault reference. */
export interface UpoTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  user_token_id: string;
  payment_method: string;
  card_vault_id: number | string | null;
  apm_data: string | null;
  masked_number: string | null;
  bin: string | null;
  last4: string | null;
  brand: string | null;
  card_type: string | null;
  exp_month: number | null;
  exp_year: number | null;
  holder_name: string | null;
  created_at: number;
  deleted_at: number | null;
  /** set by suspendUPO, cleared by enableUPO (migration 0010) */
  suspended_at?: number | null;
}

/** A ccTempToken: one payment with a vaulted card, in the session that made it (migration 0005). */
export interface CardTokenTable {
  token: string;
  session_token: string;
  site_id: string;
  card_vault_id: number | string;
  holder_name: string;
  exp_month: number;
  exp_year: number;
  created_at: number;
  used_at: number | null;
}

/** The original amount of a payment charged in the cardholder's currency (migration 0005). */
export interface DccConversionTable {
  transaction_id: number | string;
  original_amount_minor: number | string;
  original_currency: string;
  rate_with_markup: string;
  markup_percent: string;
  created_at: number;
}

/** A session API session (docs/session-api.md): its token, its one order, idle expiry and decline count. */
export interface SessionTable {
  /** the sessionToken, a UUID */
  token: string;
  merchant_id: string;
  site_id: string;
  /** the order opened in this session (`orders.id`), at most one */
  order_id: number | null;
  created_at: number;
  /** the session expires 15 minutes after this */
  last_used_at: number;
  /** set when the session ended early (decline limit reached) */
  expired_at: number | null;
  decline_count: number;
  decline_limit: number | null;
  user_token_id: string | null;
  client_request_id: string | null;
}

/** clientRequestIds already used on a site configured to refuse repeats (errCode 1066). */
export interface ClientRequestIdTable {
  site_id: string;
  client_request_id: string;
  created_at: number;
}

/** A transaction (ADR 0301): one acquirer operation of a payment and its outcome. */
export interface TransactionTable {
  /** the numeric transactionId */
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  entity_id: string | null;
  interface: string;
  order_id: number | null;
  session_id: string | null;
  type: string;
  related_transaction_id: number | null;
  amount_minor: number;
  requested_amount_minor: number;
  currency: string;
  status: string;
  partial_approval: number;
  auth_code: string | null;
  cvv2_code: string | null;
  avs_code: string | null;
  external_transaction_id: string | null;
  card_vault_id: number | null;
  /** JSON card output: never the full number */
  card: string | null;
  three_d: string | null;
  error_code: string | null;
  error_reason: string | null;
  client_unique_id: string | null;
  client_request_id: string | null;
  merchant_transaction_id: string | null;
  product_id: string | null;
  user_token_id: string | null;
  webhook_url: string | null;
  notification_url: string | null;
  settled_minor: Generated<number>;
  refunded_minor: Generated<number>;
  voided_by: number | null;
  created_at: number;
  updated_at: number;
  /** JSON of an APM payment (migration 0006): method, masked data, flow, redirect key; never account data in clear */
  apm?: string | null;
  /** `shopper` or `operator`: a pending APM payment waiting on a person (migration 0006) */
  awaiting?: string | null;
  /** JSON of the processing options passed to the acquirer: rebill, zero-amount, MCP (migration 0006) */
  options?: string | null;
}

/** Card numbers, sealed (AES-256-GCM), found again by an HMAC fingerprint; never a CVV. */
export interface CardVaultTable {
  id: Generated<number>;
  fingerprint: string;
  number_sealed: string;
  created_at: number;
}

/** A withdrawal request (migration 0007, docs/decisions/0503). */
export interface WithdrawalRequestTable {
  /** the numeric wdRequestId */
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  user_token_id: string;
  user_id: string;
  user_account_id: string | null;
  merchant_wd_request_id: string | null;
  merchant_unique_id: string | null;
  upo_id: number | string;
  amount_minor: number | string;
  currency: string;
  approved_amount_minor: number | string | null;
  status: string;
  payout_transaction_id: number | string | null;
  user_details: string | null;
  custom_fields: string | null;
  notification_url: string | null;
  operator_name: string | null;
  comment: string | null;
  created_at: number;
  updated_at: number;
}

/** Open withdrawal requests per user of a site, the counter `wdRequestsLimit` caps (migration 0007). */
export interface WithdrawalUserTable {
  site_id: string;
  user_token_id: string;
  open_count: Generated<number>;
  updated_at: number;
}

/** A withdrawal order (migration 0015, docs/decisions/0130): part or all of a request to pay out. */
export interface WithdrawalOrderTable {
  /** the numeric wdOrderId */
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  wd_request_id: number;
  user_token_id: string;
  upo_id: number;
  amount_minor: number;
  currency: string;
  /** 0 = withdrawal, 1 = refund */
  settlement_type: number;
  /** Approved, Processing, Settled, Deleted, Error */
  status: string;
  payout_transaction_id: number | null;
  execution_time: string | null;
  comment: string | null;
  created_at: number;
  updated_at: number;
}

/** A manual net-deposit movement of updateNetDepositValue (migration 0015). */
export interface NetDepositMovementTable {
  id: Generated<number>;
  site_id: string;
  user_token_id: string;
  upo_id: number;
  currency: string;
  /** signed minor units: deposits positive, withdrawals negative */
  amount_minor: number;
  movement_type: number;
  created_at: number;
}

/** A user's eKYC or document check (migration 0015, docs/decisions/0132). */
export interface KycRecordTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  user_token_id: string;
  user_id: string;
  kind: string;
  status: string;
  upload_key: string | null;
  details: string;
  created_at: number;
  updated_at: number;
}

/** A bank account a user enrolled for an APM (migration 0015): the number kept as its last 4 digits. */
export interface BankAccountTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  user_token_id: string;
  user_id: string;
  payment_method: string;
  bank_name: string | null;
  account_last4: string | null;
  routing_number: string | null;
  status: string;
  funded_minor: Generated<number>;
  created_at: number;
  updated_at: number;
}
