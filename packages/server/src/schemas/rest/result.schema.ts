import { type Static, Type } from 'typebox';

export const ResultErrors = Type.Object(
  { code: Type.String(), reason: Type.String() },
  { title: 'ResultErrors', description: 'Why the request failed' },
);

export const OrderResult = Type.Object(
  {
    status: Type.Enum(['error', 'success', 'pending', 'required']),
    errors: Type.Optional(ResultErrors),
  },
  { title: 'OrderResult' },
);

/** Order response and patch response (docs/rest-orders.md), and the error body of every REST route. */
export const OrderResponse = Type.Object(
  {
    sessionId: Type.Optional(Type.String({ description: 'Temporary access token for actions on the order' })),
    result: OrderResult,
  },
  { title: 'OrderResponse' },
);
export type OrderResponse = Static<typeof OrderResponse>;

export const ErrorResponse = Type.Object(
  {
    result: Type.Object({ status: Type.Literal('error'), errors: ResultErrors }),
  },
  { title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

export const PaymentResultStatuses = [
  'approved',
  'authorizedOnly',
  'declined',
  'error',
  'pending',
  'redirect',
  'challenge',
  'fingerprint',
  'authenticated',
  'authenticationNotSupported',
  'actionRequired',
] as const;

/** Order status response (docs/rest-orders.md): a payment response plus refundId. Payment members grow with the payments issue. */
export const OrderStatusResponse = Type.Object(
  {
    paymentId: Type.Optional(Type.String()),
    transactionId: Type.Optional(Type.String({ maxLength: 20 })),
    externalTransactionId: Type.Optional(Type.String({ maxLength: 50 })),
    amount: Type.Optional(Type.Number()),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    transactionType: Type.Optional(
      Type.Enum(['Auth', 'Sale', 'PreAuth', 'Settle', 'Void', 'Refund', 'InitAuth3D', 'Auth3D', 'Sale3D']),
    ),
    result: Type.Object({ status: Type.Enum([...PaymentResultStatuses]), errors: Type.Optional(ResultErrors) }),
    authCode: Type.Optional(Type.String({ maxLength: 128 })),
    refundId: Type.Optional(Type.String()),
  },
  { title: 'OrderStatusResponse' },
);
export type OrderStatusResponse = Static<typeof OrderStatusResponse>;
