import type { DomainDeps } from '../domain/ports.js';
import type { Delivery } from '../domain/notifications/notification.types.js';

/** The sandbox inbox's addresses on a Gatehouse server (docs/decisions/0901). */
export const INBOX_PATHS = { webhook: '/demo/inbox/webhook', dmn: '/demo/inbox/dmn' } as const;

/** An address of a Gatehouse sandbox inbox: `path` on any origin, nothing after it. */
export function isInboxUrl(url: string, path: string): boolean {
  try {
    const u = new URL(url);
    return u.pathname === path && u.search === '' && u.hash === '';
  } catch {
    // expected: not a URL, so not the inbox
    return false;
  }
}

/**
 * Where a webhook or DMN goes at this attempt. A notification addressed to a sandbox inbox follows the
 * site's inbox address in force now (docs/decisions/0820): after a restart on another port, retries and
 * `deliveries resend` reach the running server's inbox, not the address of a server that is gone. Any
 * other address is the one the notification was created with.
 */
export async function deliveryTarget(
  deps: DomainDeps,
  row: Pick<Delivery, 'kind' | 'siteId' | 'targetUrl'>,
): Promise<string> {
  const path = row.kind === 'webhook' ? INBOX_PATHS.webhook : row.kind === 'dmn' ? INBOX_PATHS.dmn : undefined;
  if (!path || !isInboxUrl(row.targetUrl, path)) return row.targetUrl;
  const current =
    row.kind === 'webhook'
      ? await deps.storage.read.platform.siteWebhookUrl(row.siteId)
      : await deps.storage.read.notifications.siteNotificationUrl(row.siteId);
  return current && isInboxUrl(current, path) ? current : row.targetUrl;
}
