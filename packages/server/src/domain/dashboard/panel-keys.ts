import { requestHashOf } from '../idempotency/idempotency.service.js';
import type { DomainDeps } from '../ports.js';
import type { DashboardUser } from './ports.js';

/**
 * The control panel's money actions (settle, refund, void, a withdrawal's approve, decline and settle)
 * take an `idempotency-key` and go through the one idempotency rule (domain/idempotency, docs/decisions/0640):
 * the key is the merchant's (`dashboard:<merchantId>`), scoped by the action, and hashed with what
 * the action names, so a double click or a retried request replays the first answer and never pays
 * or refunds twice (docs/decisions/1020).
 */
export interface PanelKey {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
}

export function panelKeyOf(
  deps: Pick<DomainDeps, 'vault'>,
  user: DashboardUser,
  action: string,
  key: string,
  request: Record<string, unknown>,
): PanelKey {
  return {
    entityId: `dashboard:${user.merchantId}`,
    scope: `dashboard ${action}`,
    key,
    requestHash: requestHashOf(deps.vault, { action, ...request }),
  };
}
