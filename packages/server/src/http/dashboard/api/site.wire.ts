import type { SiteView } from '../../../domain/dashboard/sites.service.js';
import type { SiteWire } from '../../../schemas/dashboard/sites.schema.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A site as the panel shows it: its settings and since when its secret signs, never a secret. */
export function siteToWire(v: SiteView): SiteWire {
  return {
    id: v.site.id,
    name: v.site.name,
    createdAt: new Date(v.site.createdAt).toISOString(),
    notificationUrl: v.notificationUrl,
    uniqueClientRequestId: v.uniqueClientRequestId,
    unreferencedRefundLimit: v.unreferencedRefundLimit,
    sessionDeclineLimit: v.sessionDeclineLimit,
    webhookSecret: { since: iso(v.webhookSecretSince), previousUntil: iso(v.previousSecretUntil) },
  };
}
