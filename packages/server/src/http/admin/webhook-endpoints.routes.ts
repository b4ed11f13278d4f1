import type { FastifyInstance } from 'fastify';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from '../../delivery/webhook-endpoints.service.js';
import type { WebhookEndpointRow } from '../../store/webhook-endpoints.repo.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointWire,
  WebhookEndpointWithSecret,
} from '../../schemas/admin/webhook-endpoints.schema.js';
import { adminAuth, callerOf } from './auth.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function endpointToWire(e: WebhookEndpointRow, now: number): WebhookEndpointWire {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    enabled: e.enabled,
    previousSecretValidUntil:
      e.previousSecretSealed && (e.previousExpiresAt ?? 0) > now ? iso(e.previousExpiresAt!) : null,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

const common = { tags: ['admin'], security: [{ apiKey: [] }] };
const errors = { '4xx': AdminErrorResponse, 500: AdminErrorResponse };

/**
 * /admin/v1/webhook-endpoints: the key's site's extra webhook endpoints (docs/decisions/0921), each
 * with an event filter and its own secret (shown once, at creation and at rotation). The site's
 * webhook URL stays its default endpoint. A merchant's Operations key acts on its own site only; an
 * operator credential is refused (403).
 */
export function registerWebhookEndpoints(app: FastifyInstance): void {
  const { store, deps } = app.services;
  const now = () => deps.clock.now();

  app.post<{ Body: CreateWebhookEndpoint }>(
    '/admin/v1/webhook-endpoints',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Create a webhook endpoint',
        description:
          'Adds an endpoint to the key’s site: every webhook of the site whose event type matches `events` (default `["*"]`) is also sent there, signed with the endpoint’s own secret (returned once, here) and retried on its own schedule.',
        body: CreateWebhookEndpoint,
        response: { 201: WebhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = callerOf(request);
      const { endpoint, secret } = await createEndpoint(store, deps, ctx, request.body);
      return reply.code(201).send({ endpoint: endpointToWire(endpoint, now()), secret: secret.expose() });
    },
  );

  app.get(
    '/admin/v1/webhook-endpoints',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'List webhook endpoints',
        description: 'The key’s site’s endpoints, oldest first (no secrets).',
        response: { 200: WebhookEndpointList, ...errors },
      },
    },
    async (request): Promise<WebhookEndpointList> => {
      const ctx = callerOf(request);
      return { endpoints: (await listEndpoints(store, ctx.siteId)).map((e) => endpointToWire(e, now())) };
    },
  );

  app.get<{ Params: WebhookEndpointParams }>(
    '/admin/v1/webhook-endpoints/:id',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Show a webhook endpoint',
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpointWire, ...errors },
      },
    },
    async (request) => endpointToWire(await getEndpoint(store, callerOf(request), request.params.id), now()),
  );

  app.patch<{ Params: WebhookEndpointParams; Body: UpdateWebhookEndpoint }>(
    '/admin/v1/webhook-endpoints/:id',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Change a webhook endpoint',
        description:
          'Changes its URL, events, description or `enabled`. Copies already queued go to the URL in force when they are sent.',
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpoint,
        response: { 200: WebhookEndpointWire, ...errors },
      },
    },
    async (request) =>
      endpointToWire(await updateEndpoint(store, deps, callerOf(request), request.params.id, request.body), now()),
  );

  app.post<{ Params: WebhookEndpointParams }>(
    '/admin/v1/webhook-endpoints/:id/rotate-secret',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Rotate a webhook endpoint’s secret',
        description:
          'A new secret, returned once; the one in use until now signs beside it for 24 hours (two `v1,` signatures), so the receiver can switch without losing a webhook.',
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => {
      const { endpoint, secret } = await rotateEndpointSecret(store, deps, callerOf(request), request.params.id);
      return { endpoint: endpointToWire(endpoint, now()), secret: secret.expose() };
    },
  );

  app.delete<{ Params: WebhookEndpointParams }>(
    '/admin/v1/webhook-endpoints/:id',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Delete a webhook endpoint',
        description: 'It receives nothing more; copies queued for it fail without another attempt.',
        params: WebhookEndpointParams,
        response: { 204: { type: 'null', description: 'deleted' }, ...errors },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(store, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
