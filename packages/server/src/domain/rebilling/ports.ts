/** A period of a plan: digit strings as the clients send them (`startAfter` all zero: at once). */
export interface Period {
  day: string;
  month: string;
  year: string;
}

export type PlanStatus = 'ACTIVE' | 'INACTIVE';

/** A rebilling plan of a site (docs/decisions/0122). Amounts in minor units. */
export interface Plan {
  /** numeric string */
  id: string;
  merchantId: string;
  siteId: string;
  name: string;
  description: string | null;
  status: PlanStatus;
  currency: string;
  initialAmount: number;
  recurringAmount: number;
  startAfter: Period;
  recurringPeriod: Period;
  endAfter: Period;
  createdAt: number;
  updatedAt: number;
}

export interface PlanRepo {
  insert(plan: Omit<Plan, 'id'>): Promise<Plan>;
  find(id: string): Promise<Plan | undefined>;
  update(plan: Plan): Promise<void>;
  /** the site's plans, oldest first */
  list(siteId: string): Promise<Plan[]>;
}

/** ACTIVE charges on schedule; COMPLETED, CANCELED and FAILED are final (docs/decisions/0124). */
export type SubscriptionStatus = 'ACTIVE' | 'COMPLETED' | 'CANCELED' | 'FAILED';

/** A user's UPO charged on a plan's schedule (docs/decisions/0124). Amounts in minor units. */
export interface Subscription {
  /** numeric string */
  id: string;
  merchantId: string;
  siteId: string;
  planId: string;
  userTokenId: string;
  userPaymentOptionId: string;
  status: SubscriptionStatus;
  currency: string;
  initialAmount: number;
  recurringAmount: number;
  recurringPeriod: Period;
  /** when cycle 0 (the initial amount) falls due */
  startAt: number;
  /** no cycle falls due at or after this instant */
  endAt: number;
  /** the cycle to charge next: 0 the initial amount, then 1, 2, … the recurring amount */
  nextCycle: number;
  /** the attempt of nextCycle to make next, from 1 (a declined cycle is retried, 0125) */
  nextAttempt: number;
  /** when nextCycle falls due; null once nothing is left to charge */
  nextChargeAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type ChargeStatus = 'pending' | 'approved' | 'declined' | 'error';

/** One cycle of a subscription, with its latest attempt. */
export interface SubscriptionCharge {
  subscriptionId: string;
  cycle: number;
  attempt: number;
  amount: number;
  currency: string;
  status: ChargeStatus;
  transactionId: string | null;
  reason: string | null;
  dueAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface SubscriptionFilter {
  userTokenId?: string;
  planIds?: readonly string[];
  subscriptionIds?: readonly string[];
  status?: SubscriptionStatus;
}

export interface SubscriptionRepo {
  insert(s: Omit<Subscription, 'id'>): Promise<Subscription>;
  find(id: string): Promise<Subscription | undefined>;
  update(s: Subscription): Promise<void>;
  /** the site's subscriptions matching `filter`, oldest first */
  list(siteId: string, filter: SubscriptionFilter): Promise<Subscription[]>;
  /** ACTIVE subscriptions due at `at` (of one merchant when given), earliest first */
  due(at: number, limit: number, merchantId?: string): Promise<Subscription[]>;
  /**
   * Claims a cycle's attempt as `pending`: attempt 1 inserts the cycle's row, a later attempt moves a
   * declined or failed row on. False when another run holds it already (the unique key decides).
   */
  claimCharge(c: Omit<SubscriptionCharge, 'status' | 'transactionId' | 'reason' | 'updatedAt'>): Promise<boolean>;
  /** sets the outcome (and transaction) of a cycle's pending attempt */
  recordCharge(
    subscriptionId: string,
    cycle: number,
    set: { status: ChargeStatus; transactionId: string | null; reason: string | null; at: number },
  ): Promise<void>;
  /** a subscription's cycles, in order */
  charges(subscriptionId: string): Promise<SubscriptionCharge[]>;
  /** cycles left pending since before `before` (a crash between the payment's writes) */
  stalePending(before: number, limit: number): Promise<SubscriptionCharge[]>;
}
