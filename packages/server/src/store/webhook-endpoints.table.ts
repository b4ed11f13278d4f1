/** Tables of migration 0029: a site's extra webhook endpoints and its delivery chaos settings. */

export interface WebhookEndpointTable {
  /** `we_…` */
  id: string;
  merchant_id: string;
  site_id: string;
  url: string;
  /** JSON array of event types: exact (`transaction.approved`), a prefix (`transaction.*`) or `*` */
  events: string;
  description: string | null;
  /** 1 or 0 */
  enabled: number;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveryChaosTable {
  site_id: string;
  merchant_id: string;
  /** JSON of `ChaosSettings` */
  settings: string;
  updated_at: number;
}

export interface WebhookEndpointTables {
  webhook_endpoints: WebhookEndpointTable;
  delivery_chaos: DeliveryChaosTable;
}
