import type { Repos } from '../ports.js';
import type { DashboardUser } from './ports.js';

/** Appends one change to the merchant's audit log, in the caller's write (docs/dashboard.md). */
export async function appendAudit(
  repos: Repos,
  actor: DashboardUser,
  at: number,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await repos.dashboard.insertAudit({
    merchantId: actor.merchantId,
    userId: actor.id,
    userEmail: actor.email,
    action,
    target,
    detail,
    at,
  });
}
