import { realNow } from '../../lib/clock.js';
import type { Secret } from '../../lib/secret.js';
import { NotFound } from '../errors.js';
import type { Site } from '../merchants/merchant.types.js';
import { rotateWebhookSecret, setSiteNotificationUrl } from '../notifications/notification.service.js';
import { DEFAULT_UNREFERENCED_REFUND_LIMIT } from '../payments/unreferenced-refund.service.js';
import type { DomainDeps } from '../ports.js';
import { configureSite } from '../sessions/site-settings.service.js';
import { appendAudit } from './audit.js';
import type { DashboardUser } from './ports.js';

/**
 * The merchant's sites as the control panel manages them (docs/dashboard.md), through the operations
 * of `gatehouse sites ...` and `gatehouse webhooks rotate-secret`. No secret is ever read back: a site
 * says only since when its webhook secret signs.
 */

export interface SiteView {
  site: Site;
  notificationUrl: string | null;
  uniqueClientRequestId: boolean;
  unreferencedRefundLimit: number;
  /** the declines after which a session opened without its own limit expires; null: no limit */
  sessionDeclineLimit: number | null;
  /** when the current webhook secret was made; null: the site has none */
  webhookSecretSince: number | null;
  /** the end of a rotated-out secret's overlap, while it still signs beside the current one */
  previousSecretUntil: number | null;
}

export interface SiteChange {
  notificationUrl?: string | null;
  uniqueClientRequestId?: boolean;
  unreferencedRefundLimit?: number;
  /** null (or 0): no limit */
  sessionDeclineLimit?: number | null;
}

async function viewOf(deps: DomainDeps, site: Site): Promise<SiteView> {
  const read = deps.storage.read;
  const settings = await read.sessions.siteSettings(site.id);
  const secrets = await read.notifications.webhookSecrets(site.id, deps.clock.now());
  const current = secrets.filter((s) => s.expiresAt === null);
  const previous = secrets.filter((s) => s.expiresAt !== null);
  return {
    site,
    notificationUrl: await read.notifications.siteNotificationUrl(site.id),
    uniqueClientRequestId: settings?.uniqueClientRequestId ?? false,
    unreferencedRefundLimit: settings?.unreferencedRefundLimit ?? DEFAULT_UNREFERENCED_REFUND_LIMIT,
    sessionDeclineLimit: settings?.sessionDeclineLimit ?? null,
    webhookSecretSince: current.length ? Math.max(...current.map((s) => s.createdAt)) : null,
    previousSecretUntil: previous.length ? Math.max(...previous.map((s) => s.expiresAt!)) : null,
  };
}

/** A site of the user's merchant; another merchant's is not found. */
async function merchantSite(deps: DomainDeps, user: DashboardUser, siteId: string): Promise<Site> {
  const found = await deps.storage.read.merchants.findSite(siteId);
  if (!found || found.merchantId !== user.merchantId) throw new NotFound('site');
  const { secretKeySealed: _s, ...site } = found;
  return site;
}

export async function listMerchantSites(deps: DomainDeps, user: DashboardUser): Promise<SiteView[]> {
  const sites = await deps.storage.read.merchants.listSites(user.merchantId);
  return Promise.all(sites.map((s) => viewOf(deps, s)));
}

/** `sites set-notification-url` and `sites configure`, each part given; audited with what changed. */
export async function changeMerchantSite(
  deps: DomainDeps,
  user: DashboardUser,
  siteId: string,
  change: SiteChange,
): Promise<SiteView> {
  const site = await merchantSite(deps, user, siteId);
  if (change.notificationUrl !== undefined) await setSiteNotificationUrl(deps, siteId, change.notificationUrl);
  const settings = {
    ...(change.uniqueClientRequestId === undefined ? {} : { uniqueClientRequestId: change.uniqueClientRequestId }),
    ...(change.unreferencedRefundLimit === undefined
      ? {}
      : { unreferencedRefundLimit: change.unreferencedRefundLimit }),
    ...(change.sessionDeclineLimit === undefined ? {} : { sessionDeclineLimit: change.sessionDeclineLimit ?? 0 }),
  };
  if (Object.keys(settings).length) await configureSite(deps, siteId, settings);
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), 'site.update', siteId, { ...change }),
  );
  return viewOf(deps, site);
}

/** `webhooks rotate-secret`: the new secret, for the caller to show once; audited without it. */
export async function rotateMerchantWebhookSecret(
  deps: DomainDeps,
  user: DashboardUser,
  siteId: string,
): Promise<{ view: SiteView; secret: Secret<string>; previousValidUntil: number | null }> {
  const site = await merchantSite(deps, user, siteId);
  const r = await rotateWebhookSecret(deps, siteId);
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), 'site.webhook-secret.rotate', siteId, {
      previousValidUntil: r.previousValidUntil === null ? null : new Date(r.previousValidUntil).toISOString(),
    }),
  );
  return { view: await viewOf(deps, site), secret: r.secret, previousValidUntil: r.previousValidUntil };
}
