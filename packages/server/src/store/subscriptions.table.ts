import type { Generated } from 'kysely';

/** Tables of the subscriptions migration (0014_subscriptions). */
export interface SubscriptionTable {
  id: Generated<number>;
  merchant_id: string;
  site_id: string;
  plan_id: string;
  user_token_id: string;
  upo_id: string;
  status: string;
  currency: string;
  initial_amount_minor: number | string;
  recurring_amount_minor: number | string;
  recurring_period: string;
  start_at: number | string;
  end_at: number | string;
  next_cycle: number;
  next_attempt: number;
  next_charge_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

export interface SubscriptionChargeTable {
  id: Generated<number>;
  subscription_id: number | string;
  cycle: number;
  attempt: number;
  amount_minor: number | string;
  currency: string;
  status: string;
  transaction_id: string | null;
  reason: string | null;
  due_at: number | string;
  created_at: number | string;
  updated_at: number | string;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionTable;
  subscription_charges: SubscriptionChargeTable;
}
