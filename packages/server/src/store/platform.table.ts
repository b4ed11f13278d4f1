/** Tables of migration 0008: the marketplace platform (docs/platform.md, docs/decisions/0700). */

export interface PlatformAccountOwnerTable {
  code: string;
  platform_id: string;
  site_id: string;
  ext_ref: string;
  name: string;
  email: string;
  country: string;
  webhook_url: string | null;
  virtual_account_code: string;
  kyc_status: string;
  kyc_reason: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface PlatformPayoutTable {
  code: string;
  platform_id: string;
  site_id: string;
  account_owner_code: string;
  amount_minor: number;
  currency: string;
  status: string;
  reason: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface PlatformSplitTable {
  code: string;
  platform_id: string;
  site_id: string;
  transaction_id: string;
  transaction_type: string;
  ext_ref: string;
  currency: string;
  total_minor: number;
  /** JSON array of `{accountOwnerCode, virtualAccountCode, amount}` (minor units) */
  splits: string;
  status: string;
  reason: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** Per payment: what its live splits consume (at most its settled amount). */
export interface PlatformSplitLedgerTable {
  transaction_id: string;
  consumed_minor: number;
  updated_at: number;
}

export interface PlatformEmailConfigurationTable {
  id: string;
  platform_id: string;
  notification_type: string;
  /** comma-separated, validated */
  emails: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface PlatformTables {
  platform_account_owners: PlatformAccountOwnerTable;
  platform_payouts: PlatformPayoutTable;
  platform_splits: PlatformSplitTable;
  platform_split_ledgers: PlatformSplitLedgerTable;
  platform_email_configurations: PlatformEmailConfigurationTable;
}
