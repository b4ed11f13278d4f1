/** A period of a plan: digit strings as the clients send them (`startAfter` all zero: at once). */
export interface Period {
  day: string;
  month: string;
  year: string;
}

export type PlanStatus = 'ACTIVE' | 'INACTIVE';

/** A rebilling plan of a site (issue 15, docs/decisions/0122). Amounts in minor units. */
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
