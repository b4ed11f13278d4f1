import { Invalid, NotFound } from '../domain/errors.js';
import {
  checkTargetUrl,
  enqueueNotification,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_SECRET_PURPOSE,
} from '../domain/notifications/notification.service.js';
import type { Delivery } from '../domain/notifications/notification.types.js';
import type { DomainDeps } from '../domain/ports.js';
import type { Secret } from '../lib/secret.js';
import type { Store } from '../store/db.js';
import {
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
} from '../store/webhook-endpoints.repo.js';
import { eventMatches } from './listen-hub.js';

/**
 * Several webhook endpoints per site (docs/decisions/0921). The site's webhook URL stays its default
 * endpoint, signed with the site's webhook secret, exactly as before. Each extra endpoint has its URL,
 * an event filter and its own secret; when the relay first sends one of the site's webhooks it queues
 * one more outbox row per enabled endpoint whose filter matches (`fanOut`), each signed with that
 * endpoint's secret and retried on its own schedule.
 */

export const MAX_ENDPOINTS_PER_SITE = 16;

/** The dedupe key of an endpoint's copy of a webhook: the endpoint, then the original's key. */
const ENDPOINT_KEY = /^endpoint:(we_[A-Za-z0-9]+):/;

export const endpointDedupeKey = (endpointId: string, dedupeKey: string) => `endpoint:${endpointId}:${dedupeKey}`;

/** The endpoint an outbox row is the copy for; undefined for the site's default endpoint. */
export function endpointOfRow(row: Pick<Delivery, 'dedupeKey'>): string | undefined {
  return ENDPOINT_KEY.exec(row.dedupeKey)?.[1];
}

export interface SiteRef {
  merchantId: string;
  siteId: string;
}

export interface EndpointInput {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

const EVENT_PATTERN = /^(\*|[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?)$/;

function checkEvents(events: string[]): string[] {
  if (events.length === 0) throw new Invalid('events', 'must name at least one event type (`*` for all)');
  for (const e of events) {
    if (!EVENT_PATTERN.test(e))
      throw new Invalid(
        'events',
        'each must be an event type (`transaction.approved`), a prefix (`transaction.*`) or `*`',
      );
  }
  return [...new Set(events)];
}

export async function createEndpoint(
  store: Store,
  deps: DomainDeps,
  site: SiteRef,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpointRow; secret: Secret<string> }> {
  if (input.url === undefined) throw new Invalid('url', 'is required');
  const url = checkTargetUrl(input.url);
  const events = checkEvents(input.events ?? ['*']);
  const now = deps.clock.now();
  const secret = deps.secrets.webhookSecret();
  const endpoint: WebhookEndpointRow = {
    id: deps.ids.prefixed('we'),
    merchantId: site.merchantId,
    siteId: site.siteId,
    url,
    events,
    description: input.description ?? null,
    enabled: input.enabled ?? true,
    secretSealed: deps.vault.seal(secret, WEBHOOK_SECRET_PURPOSE),
    previousSecretSealed: null,
    previousExpiresAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await store.write(async (trx) => {
    if ((await listWebhookEndpoints(trx, site.siteId)).length >= MAX_ENDPOINTS_PER_SITE) {
      throw new Invalid(
        'url',
        `a site has at most ${MAX_ENDPOINTS_PER_SITE} webhook endpoints besides its webhook URL`,
      );
    }
    await insertWebhookEndpoint(trx, endpoint);
  });
  return { endpoint, secret };
}

export async function listEndpoints(store: Store, siteId: string): Promise<WebhookEndpointRow[]> {
  return listWebhookEndpoints(store.db, siteId);
}

/** The site's endpoint, or `NotFound` (another site's endpoint is answered as a missing one). */
export async function getEndpoint(store: Store, site: SiteRef, id: string): Promise<WebhookEndpointRow> {
  const e = await findWebhookEndpoint(store.db, id);
  if (!e || e.siteId !== site.siteId || e.merchantId !== site.merchantId)
    throw new NotFound('delivery', 'Webhook endpoint not found');
  return e;
}

export async function updateEndpoint(
  store: Store,
  deps: DomainDeps,
  site: SiteRef,
  id: string,
  input: EndpointInput,
): Promise<WebhookEndpointRow> {
  await getEndpoint(store, site, id);
  const patch = {
    ...(input.url !== undefined ? { url: checkTargetUrl(input.url) } : {}),
    ...(input.events !== undefined ? { events: checkEvents(input.events) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  };
  await store.write((trx) => updateWebhookEndpoint(trx, id, patch, deps.clock.now()));
  return getEndpoint(store, site, id);
}

/** A new secret for the endpoint, returned once; the one in use signs beside it for 24 hours. */
export async function rotateEndpointSecret(
  store: Store,
  deps: DomainDeps,
  site: SiteRef,
  id: string,
): Promise<{ endpoint: WebhookEndpointRow; secret: Secret<string>; previousValidUntil: number }> {
  const current = await getEndpoint(store, site, id);
  const now = deps.clock.now();
  const secret = deps.secrets.webhookSecret();
  const previousValidUntil = now + WEBHOOK_SECRET_OVERLAP_MS;
  await store.write((trx) =>
    updateWebhookEndpoint(
      trx,
      id,
      {
        secretSealed: deps.vault.seal(secret, WEBHOOK_SECRET_PURPOSE),
        previousSecretSealed: current.secretSealed,
        previousExpiresAt: previousValidUntil,
      },
      now,
    ),
  );
  return { endpoint: await getEndpoint(store, site, id), secret, previousValidUntil };
}

export async function deleteEndpoint(store: Store, site: SiteRef, id: string): Promise<void> {
  await getEndpoint(store, site, id);
  await store.write((trx) => deleteWebhookEndpoint(trx, id));
}

/** The secrets an endpoint signs with now: its own, and the one before a rotation during the overlap. */
export function endpointSigningSecrets(deps: DomainDeps, e: WebhookEndpointRow, now: number): string[] {
  const out = [deps.vault.open(e.secretSealed, WEBHOOK_SECRET_PURPOSE).expose()];
  if (e.previousSecretSealed && (e.previousExpiresAt ?? 0) > now)
    out.push(deps.vault.open(e.previousSecretSealed, WEBHOOK_SECRET_PURPOSE).expose());
  return out;
}

/**
 * Queues a copy of a site's webhook for each of its enabled endpoints whose filter matches, once (the
 * copies' dedupe keys make a second call add nothing). Answers how many were queued now.
 */
export async function fanOut(store: Store, deps: DomainDeps, row: Delivery, now: number): Promise<number> {
  const endpoints = (await listWebhookEndpoints(store.db, row.siteId)).filter(
    (e) => e.enabled && e.merchantId === row.merchantId && eventMatches(e.events, row.eventType),
  );
  if (endpoints.length === 0) return 0;
  return deps.storage.write(async (repos) => {
    let created = 0;
    for (const e of endpoints) {
      const r = await enqueueNotification(
        repos,
        {
          kind: 'webhook',
          dedupeKey: endpointDedupeKey(e.id, row.dedupeKey),
          merchantId: row.merchantId,
          siteId: row.siteId,
          orderId: row.orderId,
          sessionId: row.sessionId,
          transactionId: row.transactionId,
          targetUrl: e.url,
          targetFromSite: false,
          eventType: row.eventType,
          payload: row.payload,
        },
        now,
      );
      if (r.created) created++;
    }
    return created;
  });
}
