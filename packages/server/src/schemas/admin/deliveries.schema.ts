import { type Static, Type } from 'typebox';

/** The admin API's notification deliveries (used by operators now, by the dashboard later). */

const NullableString = () => Type.Union([Type.String(), Type.Null()]);
const Time = (description: string) => Type.String({ format: 'date-time', description });

export const DeliveryAttemptWire = Type.Object(
  {
    attemptNo: Type.Integer({ minimum: 1 }),
    startedAt: Time('when the attempt began'),
    finishedAt: Type.Union([Time('when it ended'), Type.Null()], { description: 'null while in flight' }),
    statusCode: Type.Union([Type.Integer(), Type.Null()], {
      description: 'the receiver’s HTTP status; null when no response arrived',
    }),
    latencyMs: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'why the attempt failed: timeout, connection refused, redirect, non-2xx',
    }),
    responseExcerpt: Type.Union([Type.String(), Type.Null()], { description: 'the first KiB of the response body' }),
  },
  { title: 'DeliveryAttempt' },
);

export const DeliveryWire = Type.Object(
  {
    id: Type.String({ description: 'notification id; the `webhook-id` header of a webhook' }),
    kind: Type.Enum(['webhook', 'dmn', 'email']),
    eventType: Type.String({ description: 'e.g. `transaction.approved`, `test.notification`' }),
    status: Type.Enum(['pending', 'delivering', 'delivered', 'failed'], {
      description: '`failed`: the retry schedule is exhausted (a resend starts a new one)',
    }),
    targetUrl: Type.String(),
    orderId: Type.Union([Type.Integer(), Type.Null()]),
    sessionId: NullableString(),
    transactionId: NullableString(),
    payload: Type.String({ description: 'the body sent: JSON (webhook) or form parameters before the checksum (DMN)' }),
    attemptCount: Type.Integer({ minimum: 0 }),
    nextAttemptAt: Type.Union([Time('when the next attempt is due'), Type.Null()]),
    lastError: NullableString(),
    createdAt: Time('when the notification was queued'),
    deliveredAt: Type.Union([Time('first 2xx answer'), Type.Null()]),
    attempts: Type.Array(DeliveryAttemptWire),
  },
  { title: 'Delivery' },
);
export type DeliveryWire = Static<typeof DeliveryWire>;

export const DeliveryList = Type.Object({ deliveries: Type.Array(DeliveryWire) }, { title: 'DeliveryList' });
export type DeliveryList = Static<typeof DeliveryList>;

export const DeliveryListQuery = Type.Object(
  {
    orderId: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'numeric order id' })),
    sessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    transactionId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Optional(
      Type.String({ pattern: '^(?:[1-9][0-9]?|1[0-9][0-9]|200)$', description: '1 to 200, default 50' }),
    ),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

export const DeliveryParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type DeliveryParams = Static<typeof DeliveryParams>;

export const TestNotificationRequest = Type.Object(
  {
    kind: Type.Enum(['webhook', 'dmn']),
    url: Type.String({ format: 'uri', maxLength: 2000, description: 'where to send the sample notification' }),
  },
  { additionalProperties: false, title: 'TestNotificationRequest' },
);
export type TestNotificationRequest = Static<typeof TestNotificationRequest>;

export const AdminErrorResponse = Type.Object(
  {
    result: Type.Object({
      status: Type.Literal('error'),
      errors: Type.Object({ code: Type.String(), reason: Type.String() }),
    }),
  },
  { title: 'AdminErrorResponse' },
);
export type AdminErrorResponse = Static<typeof AdminErrorResponse>;
