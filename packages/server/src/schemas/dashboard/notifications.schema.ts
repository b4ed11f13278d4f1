import { type Static, Type } from 'typebox';

export const NotificationWire = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum(['webhook', 'dmn', 'email']),
    event: Type.String({ description: 'e.g. `transaction.approved`' }),
    target: Type.String({ description: 'the URL (or address) it goes to' }),
    status: Type.Enum(['pending', 'delivering', 'delivered', 'failed']),
    attempts: Type.Array(
      Type.Object({
        at: Type.String({ format: 'date-time' }),
        status: Type.Union([Type.Integer(), Type.Null()], { description: 'the receiver’s HTTP status' }),
        latencyMs: Type.Union([Type.Integer(), Type.Null()]),
        excerpt: Type.Union([Type.String(), Type.Null()], { description: 'the start of the answer, or the error' }),
      }),
    ),
    payload: Type.String(),
    signature: Type.Union([Type.String(), Type.Null()], {
      description: 'not kept: a webhook is signed anew at each attempt (null)',
    }),
  },
  { title: 'DashboardNotification' },
);
export type NotificationWire = Static<typeof NotificationWire>;

export const NotificationPage = Type.Object({
  items: Type.Array(NotificationWire),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const SendTestNotificationBody = Type.Object(
  {
    kind: Type.Enum(['webhook', 'dmn']),
    url: Type.String({ format: 'uri', maxLength: 2000, description: 'where to send the sample notification' }),
    siteId: Type.Optional(
      Type.String({ maxLength: 40, description: "one of the merchant's sites (default: its first site)" }),
    ),
  },
  { additionalProperties: false, title: 'DashboardTestNotificationRequest' },
);
export type SendTestNotificationBody = Static<typeof SendTestNotificationBody>;
