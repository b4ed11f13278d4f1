import { createHash } from 'node:crypto';
import { enqueueNotification } from '../notifications/notification.service.js';
import type { Renderers, Repos } from '../ports.js';
import type { EmailMessage, EmailNotificationType } from './platform.types.js';

/** The webhook event types of docs/platform.md and the e-mail configuration type each one feeds. */
export const PLATFORM_EVENTS = {
  kyc: { webhook: 'kyc.status_updated', email: 'KYC_STATUS_UPDATE' },
  payout: { webhook: 'payout.status_updated', email: 'PAYOUT_STATUS_UPDATE' },
  transaction: { webhook: 'transaction.status_updated', email: 'TRANSACTION_STATUS_UPDATE' },
} as const satisfies Record<string, { webhook: string; email: EmailNotificationType }>;

export interface StatusChange {
  event: keyof typeof PLATFORM_EVENTS;
  platformId: string;
  siteId: string;
  /** names this change for good: `kyc:<code>:<version>`; every notification's dedupe key starts with it */
  changeKey: string;
  /** the payment transaction concerned (split transactions), for the delivery filters */
  transactionId: string | null;
  /** webhook targets: the account owners' `webhookUrl`s; null entries fall back to the site's URL */
  webhookUrls: Array<string | null>;
  data: Record<string, unknown>;
  /** the e-mail to the given addresses */
  email(to: string[]): EmailMessage;
  at: number;
}

const short = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/**
 * Everything one status change sends, queued in the caller's transaction (commit together or not at
 * all): a signed webhook per target, and one e-mail per enabled configuration of the event's type to
 * all of its addresses. E-mails are outbox rows of kind `email` whose payload is the message as sent.
 */
export async function queueStatusChange(
  repos: Repos,
  render: Renderers,
  c: StatusChange,
  now: number,
): Promise<{ webhooks: number; emails: number }> {
  const kind = PLATFORM_EVENTS[c.event];
  const siteUrl = c.webhookUrls.some((u) => u === null) ? await repos.platform.siteWebhookUrl(c.siteId) : null;
  const targets = [...new Set(c.webhookUrls.map((u) => u ?? siteUrl).filter((u): u is string => !!u))];
  // the site's URL when no account owner named it as its own (docs/decisions/0826)
  const named = new Set(c.webhookUrls.filter((u): u is string => !!u));
  for (const url of targets) {
    await enqueueNotification(
      repos,
      {
        ...render.webhook({
          dedupeKey: `webhook:${c.changeKey}:${short(url)}`,
          merchantId: c.platformId,
          siteId: c.siteId,
          orderId: null,
          sessionId: null,
          transactionId: c.transactionId,
          url,
          type: kind.webhook,
          data: c.data,
          at: c.at,
        }),
        targetFromSite: !named.has(url),
      },
      now,
    );
  }
  const configs = (await repos.platform.listEmailConfigurations(c.platformId, kind.email)).filter((x) => x.enabled);
  for (const conf of configs) {
    const message = c.email(conf.emails);
    await enqueueNotification(
      repos,
      {
        kind: 'email',
        dedupeKey: `email:${conf.id}:${c.changeKey}`,
        merchantId: c.platformId,
        siteId: c.siteId,
        orderId: null,
        sessionId: null,
        transactionId: c.transactionId,
        targetUrl: `mailto:${conf.emails.join(',')}`,
        eventType: kind.email,
        payload: JSON.stringify(message),
      },
      now,
    );
  }
  return { webhooks: targets.length, emails: configs.length };
}
