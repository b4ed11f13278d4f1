import { type Static, Type } from 'typebox';

/** The live stream of sent webhooks and DMNs behind `gatehouse listen` (docs/decisions/0920). */

export const ListenQuery = Type.Object(
  {
    events: Type.Optional(
      Type.String({
        maxLength: 2000,
        pattern: '^(\\*|[a-z0-9_]+(\\.[a-z0-9_]+)*(\\.\\*)?)(,(\\*|[a-z0-9_]+(\\.[a-z0-9_]+)*(\\.\\*)?))*$',
        description: 'comma-separated event types (`transaction.approved`, `transaction.*`); default all',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListenQuery = Static<typeof ListenQuery>;

export const ListenDeliveryEvent = Type.Object(
  {
    notificationId: Type.String({ description: '`ntf_…`: the `webhook-id` of a webhook' }),
    kind: Type.Enum(['webhook', 'dmn']),
    eventType: Type.String(),
    merchantId: Type.String(),
    merchantSiteId: Type.String(),
    attempt: Type.Integer({ minimum: 1 }),
    sentAt: Type.String({ format: 'date-time' }),
    headers: Type.Record(Type.String(), Type.String(), {
      description:
        'the headers sent: `content-type`, and for a webhook `webhook-id`, `webhook-timestamp`, `webhook-signature`',
    }),
    body: Type.String({ description: 'the body sent, byte for byte' }),
  },
  {
    title: 'ListenDeliveryEvent',
    description:
      'The `data` of a `delivery` event of the stream. A `missed` event carries `{count, reason}` when deliveries were dropped for a slow listener or cannot be replayed after a restart.',
  },
);
export type ListenDeliveryEvent = Static<typeof ListenDeliveryEvent>;

export const ListenSecret = Type.Object(
  {
    merchantSiteId: Type.String(),
    secret: Type.Union([Type.String(), Type.Null()], {
      description:
        'the site’s current webhook secret (`whsec_…`), with which its webhooks are signed; null when it has none',
    }),
  },
  { title: 'ListenSecret' },
);
export type ListenSecret = Static<typeof ListenSecret>;
