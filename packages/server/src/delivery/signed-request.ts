import type { Delivery } from '../domain/notifications/notification.types.js';
import { signingSecrets } from '../domain/notifications/notification.service.js';
import { webhookHeaders } from '../domain/notifications/webhook.signer.js';
import { SITE_SECRET_PURPOSE } from '../domain/merchants/merchant.service.js';
import type { DomainDeps } from '../domain/ports.js';
import { realNow } from '../lib/clock.js';
import type { Store } from '../store/db.js';
import { findWebhookEndpoint } from '../store/webhook-endpoints.repo.js';
import { signedDmnBody } from './dmn.payload.js';
import type { OutgoingRequest } from './http-sender.js';
import { deliveryTarget } from './inbox-target.js';
import { endpointOfRow, endpointSigningSecrets } from './webhook-endpoints.service.js';

/** An endpoint copy whose endpoint was deleted or disabled: failed at once, never retried. */
export class EndpointGone extends Error {}

/** The signed HTTP request of one attempt; secrets are opened only here, for the send. */
export async function signedRequestFor(store: Store, deps: DomainDeps, row: Delivery): Promise<OutgoingRequest> {
  const now = realNow(deps.clock); // a signature's timestamp is the real time, as its receiver's
  const endpointId = row.kind === 'webhook' ? endpointOfRow(row) : undefined;
  if (endpointId) {
    // an endpoint's copy: its own secret, and its URL in force now (docs/decisions/0921)
    const endpoint = await findWebhookEndpoint(store.db, endpointId);
    if (!endpoint || !endpoint.enabled)
      throw new EndpointGone(`webhook endpoint ${endpointId} was deleted or disabled`);
    return {
      url: endpoint.url,
      headers: {
        'content-type': 'application/json',
        ...webhookHeaders(endpointSigningSecrets(deps, endpoint, now), row.id, Math.floor(now / 1000), row.payload),
      },
      body: row.payload,
    };
  }
  if (row.kind === 'webhook') {
    const secrets = await signingSecrets(deps, row.siteId, now);
    if (secrets.length === 0) {
      throw new Error(
        `site ${row.siteId} has no webhook secret: create one with \`gatehouse webhooks rotate-secret --site ${row.siteId}\``,
      );
    }
    return {
      url: await deliveryTarget(deps, row),
      headers: {
        'content-type': 'application/json',
        ...webhookHeaders(secrets, row.id, Math.floor(now / 1000), row.payload),
      },
      body: row.payload,
    };
  }
  const site = await deps.storage.read.merchants.findSite(row.siteId);
  if (!site) throw new Error(`site ${row.siteId} not found`);
  const secretKey = deps.vault.open(site.secretKeySealed, SITE_SECRET_PURPOSE).expose();
  return {
    url: await deliveryTarget(deps, row),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: signedDmnBody(row.payload, secretKey),
  };
}
