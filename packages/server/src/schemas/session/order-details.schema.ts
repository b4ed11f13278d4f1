import { Type } from 'typebox';
import { NonEmpty, Signed, Str } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';

/**
 * getOrderDetails (docs/gateway-facts.md F-2.1.4, docs/decisions/0150): the order of a live session of
 * the caller's site, named by its sessionToken; `orderId`, when sent, must be that order's.
 */
export const GetOrderDetailsRequest = Type.Object(
  {
    ...Signed,
    clientRequestId: Type.Optional(Str(255)),
    sessionToken: NonEmpty(36, 'The live session whose order is read'),
    orderId: Type.Optional(
      Type.Union([Type.String({ pattern: '^[0-9]{1,20}$' }), Type.Integer({ minimum: 1 })], {
        description: "The session's orderId (checked when sent)",
      }),
    ),
  },
  { additionalProperties: false, title: 'GetOrderDetailsRequest' },
);

export const GetOrderDetailsResponse = Type.Object(
  {
    ...EnvelopeFields,
    orderId: Type.Optional(Type.String()),
    amount: Type.Optional(Type.String({ description: 'Absent while the order has no amount' })),
    currency: Type.Optional(Type.String()),
    transactionType: Type.Optional(Type.String({ description: 'Auth, PreAuth or Sale, when the order names one' })),
  },
  { title: 'GetOrderDetailsResponse' },
);
