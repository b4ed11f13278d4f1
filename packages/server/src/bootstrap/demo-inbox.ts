import { setSiteNotificationUrl, setSiteWebhookUrl } from '../domain/notifications/notification.service.js';
import type { DomainDeps } from '../domain/ports.js';
import { INBOX_PATHS, isInboxUrl } from '../delivery/inbox-target.js';
import type { DemoCredentials } from './demo.js';

/** One of the demo site's notification addresses moved to this server's inbox. */
export interface InboxUrlMove {
  setting: 'webhookUrl' | 'notificationUrl';
  from: string | null;
  to: string;
}

/**
 * Points the demo site's webhook URL and default DMN address at this server's sandbox inbox
 * (docs/decisions/0901, 0907), so the first payment of the README shows a notification arriving.
 * An address the operator set to anything else is left alone; one of an earlier start's inbox (another
 * port) is updated, and every such move is answered so the caller logs it: a start never rewrites a
 * merchant's notification addresses silently (docs/decisions/0820). Only one server at a time serves a
 * data folder, so a second server can no longer take the inbox of a running one.
 */
export async function pointDemoAtInbox(
  deps: DomainDeps,
  demo: DemoCredentials,
  baseUrl: string,
): Promise<{ dmnUrl: string | null; moves: InboxUrlMove[] }> {
  const moves: InboxUrlMove[] = [];
  // Its webhook URL too, by the same rule, for REST payments without urlDetails.webhookUrl (0907).
  const hook = await deps.storage.read.platform.siteWebhookUrl(demo.merchantSiteId);
  const hookTarget = `${baseUrl}${INBOX_PATHS.webhook}`;
  if ((!hook || isInboxUrl(hook, INBOX_PATHS.webhook)) && hook !== hookTarget) {
    await setSiteWebhookUrl(deps, demo.merchantSiteId, hookTarget);
    moves.push({ setting: 'webhookUrl', from: hook ?? null, to: hookTarget });
  }
  const current = await deps.storage.read.notifications.siteNotificationUrl(demo.merchantSiteId);
  if (current && !isInboxUrl(current, INBOX_PATHS.dmn)) return { dmnUrl: current, moves };
  const target = `${baseUrl}${INBOX_PATHS.dmn}`;
  if (current !== target) {
    await setSiteNotificationUrl(deps, demo.merchantSiteId, target);
    moves.push({ setting: 'notificationUrl', from: current ?? null, to: target });
  }
  return { dmnUrl: target, moves };
}
