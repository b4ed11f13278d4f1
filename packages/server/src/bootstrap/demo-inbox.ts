import { setSiteNotificationUrl } from '../domain/notifications/notification.service.js';
import type { DomainDeps } from '../domain/ports.js';
import { INBOX_PATHS } from '../http/demo/inbox.js';
import type { DemoCredentials } from './demo.js';

/**
 * Points the demo site's default DMN address at this server's sandbox inbox (docs/decisions/0901), so
 * the first payment of the README shows a notification arriving. An address the operator set to
 * anything else is left alone; one of an earlier start's inbox (another port) is updated.
 * Answers the address in force.
 */
export async function pointDemoAtInbox(deps: DomainDeps, demo: DemoCredentials, baseUrl: string): Promise<string | null> {
  const current = await deps.storage.read.notifications.siteNotificationUrl(demo.merchantSiteId);
  if (current && !current.endsWith(INBOX_PATHS.dmn)) return current;
  const target = `${baseUrl}${INBOX_PATHS.dmn}`;
  if (current !== target) await setSiteNotificationUrl(deps, demo.merchantSiteId, target);
  return target;
}
