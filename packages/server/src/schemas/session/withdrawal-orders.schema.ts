import { Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { EnvelopeFields } from './envelope.schema.js';
import { Decimal, NonEmpty, Signed, Str } from './common.schema.js';
import { WdRequestId, WithdrawalFields } from './withdrawal.schema.js';

/**
 * Withdrawal orders, sealing, refund candidates and net deposits (`POST /ppp/api/withdrawal/<method>.do`,
 * server facts 2.8, docs/decisions/0130, 0131). Checksums: [BODY] or the method's [REQ] list.
 */

const common = { ...Signed, clientRequestId: Type.Optional(Str(255)) };
const closed = (title: string) => ({ additionalProperties: false, title });

export const WdOrderId = Type.Union([Type.String({ pattern: '^[0-9]{1,15}$' }), Type.Integer({ minimum: 1 })], {
  description: 'The wdOrderId the service issued (integer, or its digits as a string)',
});
const UserPMId = withSubject(NonEmpty(20, 'A UPO of the user (userPMId)'), 'stored_option');
const Amount = withSubject(Decimal(12, 'Amount, e.g. "25.00"'), 'amount');
const Currency = withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency');

export const PlaceWithdrawalOrderRequest = Type.Object(
  {
    ...common,
    wdRequestId: WdRequestId,
    merchantWDRequestId: NonEmpty(
      255,
      "The merchant's reference of the request; not checked against the request's (docs/decisions/0508)",
    ),
    userPMId: UserPMId,
    amount: Amount,
    currency: Currency,
    settlementType: Type.Integer({ minimum: 0, maximum: 1, description: '0 = withdrawal (payout), 1 = refund' }),
    userUPOId: Type.Optional(Str(20, 'Accepted and ignored: userPMId names the UPO')),
  },
  closed('PlaceWithdrawalOrderRequest'),
);

export const SealRequestRequest = Type.Object(
  {
    ...common,
    wdRequestId: WdRequestId,
    merchantWDRequestId: NonEmpty(
      255,
      "The merchant's reference of the request; not checked against the request's (docs/decisions/0508)",
    ),
    userAccountId: Type.Optional(Str(255)),
    operatorName: Type.Optional(Str(255)),
  },
  closed('SealRequestRequest'),
);

export const GetOrdersRequest = Type.Object(
  {
    ...common,
    merchantUniqueId: Str(255, 'Only the orders of the requests with this merchantUniqueId; empty: every order'),
  },
  closed('GetOrdersRequest'),
);

export const WdOrderRequest = Type.Object({ ...common, wdOrderId: WdOrderId }, closed('WdOrderRequest'));

export const SettleOrdersInBatchRequest = Type.Object(
  { ...common, wdOrderIds: Type.Array(WdOrderId, { minItems: 1, maxItems: 100 }) },
  closed('SettleOrdersInBatchRequest'),
);

export const UpdateOrdersDetailsRequest = Type.Object(
  {
    ...common,
    wdOrderIds: Type.Array(WdOrderId, { minItems: 1, maxItems: 100 }),
    details: Type.Object(
      { executionTime: Type.Optional(Type.String({ pattern: '^[0-9]{12}$', description: 'YYYYMMDDHHmm' })) },
      closed('WithdrawalOrderDetails'),
    ),
  },
  closed('UpdateOrdersDetailsRequest'),
);

export const GetCandidatesForRefundRequest = Type.Object(
  { ...common, wdRequestId: WdRequestId },
  closed('GetCandidatesForRefundRequest'),
);

export const GetNetDepositsRequest = Type.Object(
  { ...common, userTokenId: NonEmpty(255), currency: Currency, userPMId: UserPMId, country: Type.Optional(Str(2)) },
  closed('GetNetDepositsRequest'),
);

export const UpdateNetDepositValueRequest = Type.Object(
  {
    ...common,
    userTokenId: NonEmpty(255),
    userPMId: UserPMId,
    amount: Amount,
    movementType: Type.Integer({ minimum: 2, maximum: 3, description: '2 = manual deposit, 3 = manual withdrawal' }),
    currency: Currency,
  },
  closed('UpdateNetDepositValueRequest'),
);

const S = () => Type.String();

export const WithdrawalOrderEntry = Type.Object(
  {
    wdOrderId: Type.Integer(),
    wdOrderStatus: Type.Enum(['Approved', 'Settled', 'Deleted', 'Error']),
    wdRequestId: Type.Integer(),
    merchantWDRequestId: Type.Optional(S()),
    merchantUniqueId: Type.Optional(S()),
    userTokenId: S(),
    userPMId: S(),
    amount: S(),
    currency: S(),
    settlementType: Type.Integer(),
    executionTime: Type.Optional(S()),
    transactionId: Type.Optional(S()),
    reason: Type.Optional(S()),
    creationDate: S(),
    lastModifiedDate: S(),
  },
  { title: 'WithdrawalOrderEntry' },
);

export const WithdrawalOrderResponse = Type.Object(
  {
    ...EnvelopeFields,
    ...WithdrawalFields,
    settlementType: Type.Optional(Type.Integer()),
    executionTime: Type.Optional(Type.String()),
    operatorName: Type.Optional(Type.String()),
  },
  { title: 'WithdrawalOrderResponse' },
);

export const WithdrawalOrdersListResponse = Type.Object(
  {
    ...EnvelopeFields,
    totalCount: Type.Optional(Type.String()),
    withdrawalOrders: Type.Optional(Type.Array(WithdrawalOrderEntry)),
    wdOrderIds: Type.Optional(Type.Array(Type.Integer())),
  },
  { title: 'WithdrawalOrdersListResponse' },
);

export const SettleOrdersInBatchResponse = Type.Object(
  {
    ...EnvelopeFields,
    orders: Type.Optional(
      Type.Array(
        Type.Object({
          wdOrderId: Type.Integer(),
          operationStatus: Type.Enum(['SUCCESS', 'ERROR']),
          wdOrderStatus: Type.Optional(Type.String()),
          transactionId: Type.Optional(Type.String()),
          errCode: Type.Optional(Type.Integer()),
          reason: Type.Optional(Type.String()),
        }),
      ),
    ),
  },
  { title: 'SettleOrdersInBatchResponse' },
);

export const RefundCandidatesResponse = Type.Object(
  {
    ...EnvelopeFields,
    transactionsDetailList: Type.Optional(
      Type.Array(
        Type.Object({
          transactionId: S(),
          transactionType: S(),
          amount: S(),
          refundedAmount: S(),
          availableAmount: S(),
          currency: S(),
          transactionDate: S(),
        }),
      ),
    ),
  },
  { title: 'RefundCandidatesResponse' },
);

export const NetDepositsResponse = Type.Object(
  {
    ...EnvelopeFields,
    netDeposits: Type.Optional(
      Type.Object({
        userTokenId: S(),
        userPMId: S(),
        currency: S(),
        totalDeposits: S(),
        totalWithdrawals: S(),
        manualAdjustments: S(),
        netDeposit: S(),
      }),
    ),
  },
  { title: 'NetDepositsResponse' },
);
