import { seededId } from '../../lib/ids.js';
import type { Minor } from '../../lib/money.js';
import type { Secret } from '../../lib/secret.js';
import { InFlight, Invalid, NotFound } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import type {
  Delivery,
  DeliveryFilter,
  DeliveryWithAttempts,
  NotificationEvent,
  NotificationKind,
  TransactionOutcome,
} from './notification.types.js';
import { transactionEventType } from './event-type.js';
import type { NotificationRender } from './render.port.js';

/** The sealing purpose (AAD) of site webhook secrets: they open nowhere else. */
export const WEBHOOK_SECRET_PURPOSE = 'site.webhook_secret';

/** How long a rotated-out webhook secret keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * Queues one notification. Call it INSIDE the write transaction of the state change that causes it
 * (`deps.storage.write(async (repos) => { …change…; await enqueueNotification(repos, event, now) })`):
 * both commit together or neither does. A second call with the same `dedupeKey` adds nothing and
 * answers the first row's id. It never throws for a bad target URL: the relay records that as a
 * failed attempt, so a notification can never roll back the payment that caused it.
 */
export async function enqueueNotification(
  repos: Repos,
  event: NotificationEvent,
  now: number,
): Promise<{ id: string; created: boolean }> {
  return repos.notifications.enqueue(event, notificationId(event, now), now);
}

/** The id a notification is queued under (a second one with its dedupe key keeps the first's). */
export function notificationId(event: NotificationEvent, now: number): string {
  return seededId('ntf', now, event.dedupeKey);
}

export interface OutcomeNotificationTargets {
  outcome: TransactionOutcome;
  /** `urlDetails.webhookUrl` of the order (REST): a webhook is sent when present */
  webhookUrl?: string | null;
  /** `webhookUrl` is the site's webhook URL, not the order's own (docs/decisions/0826) */
  webhookFromSite?: boolean;
  /** `urlDetails.notificationUrl` of the request; absent: the site's `notificationUrl` setting */
  notificationUrl?: string | null;
  /** the webhook's `data`: the status response of docs/rest-orders.md plus sessionId and merchantTransactionId */
  webhookData: Record<string, unknown>;
}

/**
 * Every notification of one transaction outcome, queued in the caller's transaction: a webhook to
 * the order's webhookUrl, and a DMN to the request's notificationUrl or else the site's default.
 */
export async function notifyTransactionOutcome(
  repos: Repos,
  render: NotificationRender,
  targets: OutcomeNotificationTargets,
  now: number,
): Promise<Array<{ id: string; created: boolean; kind: NotificationKind }>> {
  const queued: Array<{ id: string; created: boolean; kind: NotificationKind }> = [];
  for (const event of await outcomeNotifications(repos, render, targets)) {
    queued.push({ ...(await enqueueNotification(repos, event, now)), kind: event.kind });
  }
  return queued;
}

/**
 * The notifications of one transaction outcome, not yet queued: its webhook when there is a
 * webhookUrl, its DMN to the request's notificationUrl or else the site's (read through `repos`).
 */
export async function outcomeNotifications(
  repos: Pick<Repos, 'notifications'>,
  render: NotificationRender,
  targets: OutcomeNotificationTargets,
): Promise<NotificationEvent[]> {
  const o = targets.outcome;
  const events: NotificationEvent[] = [];
  if (targets.webhookUrl) {
    const webhook = render.webhook({
      dedupeKey: `webhook:${o.transactionId}:${o.status}`,
      merchantId: o.merchantId,
      siteId: o.siteId,
      orderId: o.orderId,
      sessionId: o.sessionId,
      transactionId: o.transactionId,
      url: targets.webhookUrl,
      type: transactionEventType(o.status),
      data: targets.webhookData,
      at: o.at,
    });
    events.push({ ...webhook, targetFromSite: targets.webhookFromSite === true });
  }
  const dmnUrl = targets.notificationUrl || (await repos.notifications.siteNotificationUrl(o.siteId));
  if (dmnUrl) events.push({ ...render.dmn(o, dmnUrl), targetFromSite: !targets.notificationUrl });
  return events;
}

/** Notifications matching the filter, newest first, each with every attempt. */
export async function listDeliveries(deps: DomainDeps, filter: DeliveryFilter): Promise<DeliveryWithAttempts[]> {
  const rows = await deps.storage.read.notifications.list(filter);
  const attempts = await deps.storage.read.notifications.attemptsOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.outboxId === r.id) }));
}

/**
 * Delivers a notification again now, with a fresh retry schedule; its attempts are kept. A row of
 * another merchant is answered as a missing one; a row being delivered right now is `InFlight`.
 */
export async function resendDelivery(deps: DomainDeps, id: string, merchantId?: string): Promise<DeliveryWithAttempts> {
  const now = deps.clock.now();
  await deps.storage.write(async (repos) => {
    const row = await repos.notifications.find(id);
    if (!row || (merchantId !== undefined && row.merchantId !== merchantId)) throw new NotFound('delivery');
    if (row.status === 'delivering' && (row.lockedUntil ?? 0) > now) throw new InFlight();
    await repos.notifications.requeue(id, now, await resendTarget(repos, row));
  });
  return (await listDeliveries(deps, { id, limit: 1 }))[0]!;
}

/**
 * Where a resend goes, when not where the row went before (docs/decisions/0826): a webhook or DMN
 * whose address was the site's default goes to the site's address in force now (its `webhookUrl` or
 * `notificationUrl` setting); an address the request named stays, and so does the old one when the
 * site has none now.
 */
async function resendTarget(repos: Repos, row: Delivery): Promise<string | undefined> {
  if (row.targetFromSite !== true) return undefined;
  const current =
    row.kind === 'webhook'
      ? await repos.platform.siteWebhookUrl(row.siteId)
      : row.kind === 'dmn'
        ? await repos.notifications.siteNotificationUrl(row.siteId)
        : null;
  return current && current !== row.targetUrl ? current : undefined;
}

/**
 * A signed sample notification (`test.notification`) from the caller's site to `url`: how a
 * merchant checks a receiver before any payment, and how the delivery machinery is exercised.
 */
export async function sendTestNotification(
  deps: DomainDeps,
  from: { merchantId: string; siteId: string },
  input: { kind: NotificationKind; url: string },
): Promise<DeliveryWithAttempts> {
  const url = checkTargetUrl(input.url);
  const now = deps.clock.now();
  const outcome: TransactionOutcome = {
    merchantId: from.merchantId,
    siteId: from.siteId,
    orderId: null,
    sessionId: null,
    transactionId: deps.ids.numeric(19),
    pppTransactionId: deps.ids.numeric(10),
    transactionType: 'Sale',
    status: 'APPROVED',
    amount: 1000 as Minor,
    currency: 'USD',
    at: now,
    productId: 'test-notification',
    clientUniqueId: `test-${deps.ids.token(12)}`,
    paymentMethod: 'cc_card',
    authCode: '111111',
    card: { nameOnCard: 'John Smith', bin: '476134', last4Digits: '1390' },
  };
  const dedupeKey = `test:${deps.ids.uuid()}`;
  const event: NotificationEvent =
    input.kind === 'webhook'
      ? deps.render.webhook({
          dedupeKey,
          merchantId: from.merchantId,
          siteId: from.siteId,
          orderId: null,
          sessionId: null,
          transactionId: outcome.transactionId,
          url,
          type: 'test.notification',
          data: {
            transactionId: outcome.transactionId,
            amount: 10,
            currency: 'USD',
            transactionType: 'Sale',
            result: { status: 'approved' },
            authCode: '111111',
            sessionId: null,
            merchantTransactionId: outcome.clientUniqueId,
            test: true,
          },
          at: now,
        })
      : { ...deps.render.dmn(outcome, url), dedupeKey, eventType: 'test.notification' };
  const { id } = await deps.storage.write((repos) => enqueueNotification(repos, event, now));
  return (await listDeliveries(deps, { id, limit: 1 }))[0]!;
}

/** An absolute http(s) URL, or `Invalid`. */
export function checkTargetUrl(text: string, field = 'url'): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    // expected: new URL() throws only for a string that is not a URL
    throw new Invalid(field, 'must be a valid URI');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Invalid(field, 'must be an http or https URL');
  return u.toString();
}

/**
 * A new webhook secret for the site, returned once. The secrets in use until now keep signing
 * beside it for 24 hours, so receivers can switch without losing a notification.
 */
export async function rotateWebhookSecret(
  deps: DomainDeps,
  siteId: string,
): Promise<{ secret: Secret<string>; previousValidUntil: number | null }> {
  const now = deps.clock.now();
  const secret = deps.secrets.webhookSecret();
  const sealed = deps.vault.seal(secret, WEBHOOK_SECRET_PURPOSE);
  const hadOne = await deps.storage.write(async (repos) => {
    if (!(await repos.merchants.findSite(siteId))) throw new NotFound('site');
    const current = (await repos.notifications.webhookSecrets(siteId, now)).filter((s) => s.expiresAt === null);
    await repos.notifications.retireWebhookSecrets(siteId, now + WEBHOOK_SECRET_OVERLAP_MS);
    await repos.notifications.insertWebhookSecret(siteId, sealed, now);
    return current.length > 0;
  });
  return { secret, previousValidUntil: hadOne ? now + WEBHOOK_SECRET_OVERLAP_MS : null };
}

/** The secrets a webhook of the site is signed with at `now`, newest first (two during a rotation). */
export async function signingSecrets(deps: DomainDeps, siteId: string, now: number): Promise<string[]> {
  const rows = await deps.storage.read.notifications.webhookSecrets(siteId, now);
  return rows.map((r) => deps.vault.open(r.secretSealed, WEBHOOK_SECRET_PURPOSE).expose());
}

/** Sets (or clears, with null) the site's default DMN address, `notificationUrl` in its settings. */
export async function setSiteNotificationUrl(deps: DomainDeps, siteId: string, url: string | null): Promise<void> {
  const checked = url === null ? null : checkTargetUrl(url, 'notificationUrl');
  await deps.storage.write(async (repos) => {
    if (!(await repos.merchants.findSite(siteId))) throw new NotFound('site');
    await repos.notifications.setSiteNotificationUrl(siteId, checked);
  });
}

/**
 * Sets the site's webhook URL: where the webhooks of its REST transactions without
 * `urlDetails.webhookUrl` go, and the platform events of sellers without their own (docs/decisions/0907).
 */
export async function setSiteWebhookUrl(deps: DomainDeps, siteId: string, url: string | null): Promise<void> {
  const checked = url === null ? null : checkTargetUrl(url, 'webhookUrl');
  await deps.storage.write(async (repos) => {
    if (!(await repos.merchants.findSite(siteId))) throw new NotFound('site');
    await repos.platform.setSiteWebhookUrl(siteId, checked);
  });
}
