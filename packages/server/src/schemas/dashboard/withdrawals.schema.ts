import { type Static, Type } from 'typebox';
import { TransactionWire } from './transactions.schema.js';

/** The control panel's withdrawals and pending APM payments (docs/dashboard.md). */

const Amount = (description: string) =>
  Type.String({ pattern: '^\\d{1,15}(\\.\\d{1,3})?$', description: `${description}, in major units, e.g. "12.34"` });
const Time = () => Type.String({ format: 'date-time' });

/** `idempotency-key` of the panel's money actions: a retry with the same key and body replays the first answer. */
export const PanelKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'A retry with the same key and body replays the first answer (header `idempotent-replayed: true`) and does nothing again; the same key with another body is 409 `conflict`, as is one while the first request still runs',
    }),
  ),
});
export type PanelKeyHeaders = Static<typeof PanelKeyHeaders>;

export const WithdrawalRequestStatus = Type.Enum(
  ['Pending', 'InProgress', 'Approved', 'Declined', 'Canceled', 'Partially Approved', 'Error'],
  { description: 'wdRequestStatus as the session API names it (docs/withdrawals.md)' },
);

export const WithdrawalOrderWire = Type.Object(
  {
    id: Type.String({ description: 'wdOrderId' }),
    wdRequestId: Type.String(),
    amount: Type.String({ description: 'major units' }),
    currency: Type.String(),
    status: Type.Enum(['Approved', 'Processing', 'Settled', 'Deleted', 'Error'], {
      description: '`Processing` while its payout runs',
    }),
    settlementType: Type.Enum(['payout', 'refund']),
    payoutTransactionId: Type.Union([Type.String(), Type.Null()]),
    comment: Type.Union([Type.String(), Type.Null()], { description: 'why its payout failed' }),
    createdAt: Time(),
    updatedAt: Time(),
  },
  { title: 'DashboardWithdrawalOrder' },
);
export type WithdrawalOrderWire = Static<typeof WithdrawalOrderWire>;

const requestFields = {
  id: Type.String({ description: 'wdRequestId' }),
  userTokenId: Type.String(),
  userId: Type.String(),
  amount: Type.String({ description: 'the requested amount, major units' }),
  currency: Type.String(),
  approvedAmount: Type.Union([Type.String(), Type.Null()], { description: 'what its settled orders paid' }),
  status: WithdrawalRequestStatus,
  state: Type.Enum(['Open', 'Closed']),
  merchantWDRequestId: Type.Union([Type.String(), Type.Null()]),
  merchantSiteId: Type.String(),
  operatorName: Type.Union([Type.String(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
  createdAt: Time(),
  updatedAt: Time(),
};

export const WithdrawalRequestWire = Type.Object(requestFields, { title: 'DashboardWithdrawalRequest' });
export type WithdrawalRequestWire = Static<typeof WithdrawalRequestWire>;

export const WithdrawalUpoWire = Type.Object({
  id: Type.String({ description: 'userPMId' }),
  method: Type.String({ description: 'cc_card or the APM' }),
  brand: Type.Union([Type.String(), Type.Null()]),
  last4: Type.Union([Type.String(), Type.Null()]),
});

export const WithdrawalWire = Type.Object(
  {
    ...requestFields,
    upo: Type.Union([WithdrawalUpoWire, Type.Null()], { description: 'where the money goes' }),
    orders: Type.Array(WithdrawalOrderWire, { description: 'oldest first' }),
    remaining: Type.String({
      description:
        'what no order holds yet, major units: the most an approval can add (an order Approved, Processing or Settled holds its amount)',
    }),
  },
  { title: 'DashboardWithdrawal' },
);
export type WithdrawalWire = Static<typeof WithdrawalWire>;

export const WithdrawalSearch = Type.Object({
  status: Type.Optional(WithdrawalRequestStatus),
  cursor: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: '1 to 100, default 25' })),
});
export type WithdrawalSearch = Static<typeof WithdrawalSearch>;

export const WithdrawalPage = Type.Object({
  items: Type.Array(WithdrawalWire),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type WithdrawalPage = Static<typeof WithdrawalPage>;

export const ApproveBody = Type.Object(
  { amount: Type.Optional(Amount('the order’s amount; default all of the request that no order holds yet')) },
  { additionalProperties: false },
);
export type ApproveBody = Static<typeof ApproveBody>;

export const DeclineBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 255, description: 'why, sent in the DMN' })) },
  { additionalProperties: false },
);
export type DeclineBody = Static<typeof DeclineBody>;

export const WithdrawalAnswer = Type.Object({
  withdrawal: WithdrawalRequestWire,
  order: Type.Union([WithdrawalOrderWire, Type.Null()], { description: 'the order approving placed' }),
});
export type WithdrawalAnswer = Static<typeof WithdrawalAnswer>;

export const SettleOrderAnswer = Type.Object({
  order: WithdrawalOrderWire,
  transaction: TransactionWire,
});
export type SettleOrderAnswer = Static<typeof SettleOrderAnswer>;

export const ApmPage = Type.Object({
  items: Type.Array(
    Type.Object({
      transaction: TransactionWire,
      method: Type.String({ description: 'the APM, e.g. apmgw_BankTransfer' }),
      awaiting: Type.Enum(['shopper', 'operator']),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  completable: Type.Boolean({
    description:
      'false in production mode: completing is the operator’s alone (`POST /admin/v1/apm-payments/{id}/complete`)',
  }),
});
export type ApmPage = Static<typeof ApmPage>;

export const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: '1 to 100, default 25' })),
});
export type PageQuery = Static<typeof PageQuery>;

export const CompleteApmBody = Type.Object(
  { outcome: Type.Enum(['approved', 'declined'], { description: 'what the payment method answered' }) },
  { additionalProperties: false },
);
export type CompleteApmBody = Static<typeof CompleteApmBody>;
