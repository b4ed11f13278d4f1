import { type Static, Type } from 'typebox';

const Amount = (description: string) =>
  Type.String({ pattern: '^\\d{1,15}(\\.\\d{1,3})?$', description: `${description}, in major units, e.g. "12.34"` });

export const TransactionWire = Type.Object(
  {
    id: Type.String({ description: 'the transactionId clients know' }),
    orderId: Type.String(),
    type: Type.String({ description: 'Sale, Auth, Settle, Refund, Void, Credit, InitAuth3D, …' }),
    status: Type.Enum(['APPROVED', 'DECLINED', 'ERROR', 'PENDING']),
    amount: Type.String({ description: 'major units, e.g. "12.34"' }),
    currency: Type.String(),
    last4: Type.Union([Type.String(), Type.Null()]),
    brand: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    merchantSiteId: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'DashboardTransaction' },
);
export type TransactionWire = Static<typeof TransactionWire>;

export const TransactionSearch = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 40, description: 'a transactionId or an orderId, exactly' })),
  status: Type.Optional(Type.Enum(['APPROVED', 'DECLINED', 'ERROR', 'PENDING'])),
  type: Type.Optional(Type.String({ maxLength: 20 })),
  last4: Type.Optional(Type.String({ pattern: '^\\d{4}$' })),
  minAmount: Type.Optional(Amount('at least')),
  maxAmount: Type.Optional(Amount('at most')),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  cursor: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: '1 to 100, default 25' })),
});
export type TransactionSearch = Static<typeof TransactionSearch>;

export const TransactionPage = Type.Object({
  items: Type.Array(TransactionWire),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type TransactionPage = Static<typeof TransactionPage>;

const Max = Type.Union([Type.Object({ max: Type.String() }), Type.Null()]);

export const TransactionDetail = Type.Object({
  transaction: TransactionWire,
  timeline: Type.Array(TransactionWire, { description: 'every transaction of the same order, oldest first' }),
  notifications: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Enum(['webhook', 'dmn', 'email']),
      status: Type.String(),
      attempts: Type.Integer({ minimum: 0 }),
      lastAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  actions: Type.Object(
    { settle: Max, refund: Max, void: Type.Boolean() },
    { description: 'what the signed-in user may do now: role and state both' },
  ),
});
export type TransactionDetail = Static<typeof TransactionDetail>;

export const SettleBody = Type.Object(
  { amount: Type.Optional(Amount('the amount to settle')) },
  { additionalProperties: false },
);
export type SettleBody = Static<typeof SettleBody>;
export const RefundBody = Type.Object({ amount: Amount('the amount to refund') }, { additionalProperties: false });
export type RefundBody = Static<typeof RefundBody>;
export const VoidBody = Type.Object({}, { additionalProperties: false });

export const OperationAnswer = Type.Object({ transaction: TransactionWire });
export type OperationAnswer = Static<typeof OperationAnswer>;
