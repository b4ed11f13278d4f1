import { type Static, Type } from 'typebox';

/** A site's extra webhook endpoints (docs/decisions/0921): event filters and their own secrets. */

const Time = (description: string) => Type.String({ format: 'date-time', description });

const EventType = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^(\\*|[a-z0-9_]+(\\.[a-z0-9_]+)*(\\.\\*)?)$',
  description: 'an event type (`transaction.approved`), a prefix (`transaction.*`) or `*` (all)',
});
const Events = Type.Array(EventType, {
  minItems: 1,
  maxItems: 50,
  description: 'the event types this endpoint receives',
});
const Url = Type.String({ format: 'uri', maxLength: 2000, description: 'where the endpoint’s webhooks are POSTed' });
const Description = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);

export const WebhookEndpointWire = Type.Object(
  {
    id: Type.String({ description: '`we_…`' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Description,
    enabled: Type.Boolean({ description: 'a disabled endpoint receives nothing; its queued copies fail' }),
    previousSecretValidUntil: Type.Union([
      Time('until when the secret before the last rotation still signs'),
      Type.Null(),
    ]),
    createdAt: Time('when it was created'),
    updatedAt: Time('when it last changed'),
  },
  { title: 'WebhookEndpoint' },
);
export type WebhookEndpointWire = Static<typeof WebhookEndpointWire>;

export const WebhookEndpointWithSecret = Type.Object(
  {
    endpoint: WebhookEndpointWire,
    secret: Type.String({ description: 'the endpoint’s signing secret (`whsec_…`): shown once, here' }),
  },
  { title: 'WebhookEndpointWithSecret' },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Type.Object(
  { endpoints: Type.Array(WebhookEndpointWire) },
  { title: 'WebhookEndpointList' },
);
export type WebhookEndpointList = Static<typeof WebhookEndpointList>;

export const CreateWebhookEndpoint = Type.Object(
  {
    url: Url,
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'CreateWebhookEndpoint' },
);
export type CreateWebhookEndpoint = Static<typeof CreateWebhookEndpoint>;

export const UpdateWebhookEndpoint = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateWebhookEndpoint' },
);
export type UpdateWebhookEndpoint = Static<typeof UpdateWebhookEndpoint>;

export const WebhookEndpointParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type WebhookEndpointParams = Static<typeof WebhookEndpointParams>;
