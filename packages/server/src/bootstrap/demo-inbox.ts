import { setSiteNotificationUrl, setSiteWebhookUrl } from '../domain/notifications/notification.service.js';
import type { DomainDeps } from '../domain/ports.js';
import { INBOX_PATHS } from '../http/demo/inbox.js';
import type { DemoCredentials } from './demo.js';

/**
 * Points the demo site's webhook URL and default DMN address at this server's sandbox inbox
 * (docs/decisions/0901, 0907), so
 * the first payment of the README shows a notification arriving. An address the operator set to
 * anything else is left alone; one of an earlier start's inbox (another port) is updated.
 * Answers the DMN address in force.
 */
export async function pointDemoAtInbox(deps: DomainDeps, demo: DemoCredentials, baseUrl: string): Promise<string | null> {
  // Its webhook URL too, by the same rule, for REST payments without urlDetails.webhookUrl (0907).
  const hook = await deps.storage.read.platform.siteWebhookUrl(demo.merchantSiteId);
  const hookTarget = `${baseUrl}${INBOX_PATHS.webhook}`;
  if ((!hook || hook.endsWith(INBOX_PATHS.webhook)) && hook !== hookTarget)
    await setSiteWebhookUrl(deps, demo.merchantSiteId, hookTarget);
  const current = await deps.storage.read.notifications.siteNotificationUrl(demo.merchantSiteId);
  if (current && !current.endsWith(INBOX_PATHS.dmn)) return current;
  const target = `${baseUrl}${INBOX_PATHS.dmn}`;
  if (current !== target) await setSiteNotificationUrl(deps, demo.merchantSiteId, target);
  return target;
}
