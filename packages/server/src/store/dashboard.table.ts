/** The control panel's tables (migration 0030, docs/decisions/1000). Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface DashboardTables {
  dashboard_users: DashboardUserTable;
  dashboard_sessions: DashboardSessionTable;
  dashboard_login_failures: DashboardLoginFailureTable;
  dashboard_audit: DashboardAuditTable;
}

export interface DashboardUserTable {
  id: string;
  merchant_id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  expires_at: number | null;
  created_at: number;
  deleted_at: number | null;
}

export interface DashboardSessionTable {
  token_hash: string;
  user_id: string;
  csrf_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface DashboardLoginFailureTable {
  id: string;
  subject: string;
  at: number;
}

export interface DashboardAuditTable {
  id: Generated<number>;
  merchant_id: string;
  user_id: string | null;
  user_email: string;
  action: string;
  target: string;
  detail: string;
  at: number;
}
