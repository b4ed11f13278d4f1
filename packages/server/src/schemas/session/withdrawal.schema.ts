import { Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { EnvelopeFields } from './envelope.schema.js';
import { Country, Decimal, MerchantDetails, NonEmpty, Signed, Str, UrlDetails } from './common.schema.js';

/**
 * Withdrawal management (`POST /ppp/api/withdrawal/<method>.do`, docs/session-api.md, docs/withdrawals.md,
 * docs/decisions/0505). Checksum: merchantId, merchantSiteId, then every other field's value in
 * body order (nested objects flattened in order), then timeStamp, then the merchant secret key.
 */

export const WD_STATUSES = [
  'Pending',
  'InProgress',
  'Approved',
  'Declined',
  'Canceled',
  'Partially Approved',
  'Error',
] as const;

export const WdRequestId = Type.Union([Type.String({ pattern: '^[0-9]{1,20}$' }), Type.Integer({ minimum: 1 })], {
  description: 'The wdRequestId the service issued (integer, or its digits as a string)',
});
/** The merchant's own reference of a request: not checked, several requests may share it (docs/decisions/0508). */
const MerchantReference = () =>
  Str(255, "The merchant's reference of the request, echoed; not checked against the request's");

/** userDetails of a withdrawal request (docs/withdrawals.md; email required when the class is sent). */
export const WithdrawalUserDetails = Type.Object(
  {
    firstName: Type.Optional(Str(30)),
    lastName: Type.Optional(Str(50)),
    address: Type.Optional(Str(50)),
    phone: Type.Optional(Str(18)),
    zip: Type.Optional(Str(10)),
    city: Type.Optional(Str(30)),
    country: Type.Optional(Country()),
    state: Type.Optional(Str(3)),
    email: Type.String({ maxLength: 100, format: 'email' }),
  },
  { additionalProperties: false, title: 'WithdrawalUserDetails' },
);

const common = {
  ...Signed,
  clientRequestId: Type.Optional(Str(255)),
};

export const SubmitWithdrawalRequest = Type.Object(
  {
    ...common,
    userTokenId: NonEmpty(255),
    userId: Type.Optional(
      NonEmpty(
        255,
        'Merchant-generated user id; the server SDKs send none, and then it is userTokenId (decision 0147)',
      ),
    ),
    userPMId: withSubject(
      NonEmpty(20, 'The UPO of userTokenId to pay to (a card, or a payout-capable APM)'),
      'stored_option',
    ),
    amount: withSubject(Decimal(12, 'Requested amount, e.g. "25.00"'), 'amount'),
    currency: withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency'),
    merchantWDRequestId: Type.Optional(
      NonEmpty(255, "The merchant's id of the request; several requests may share it"),
    ),
    merchantUniqueId: Type.Optional(NonEmpty(255, "The merchant's reference; several requests may share it")),
    userAccountId: Type.Optional(Str(255, 'Merchant-side account, not validated')),
    userDetails: Type.Optional(WithdrawalUserDetails),
    merchantDetails: Type.Optional(MerchantDetails),
    urlDetails: Type.Optional(UrlDetails),
  },
  { additionalProperties: false, title: 'SubmitWithdrawalRequest' },
);

export const GetWithdrawalRequests = Type.Object(
  {
    ...common,
    userTokenId: Type.Optional(NonEmpty(255, "Only this user's requests")),
    wdRequestId: Type.Optional(WdRequestId),
    wdRequestStatus: Type.Optional(
      Type.Array(Type.Enum([...WD_STATUSES]), { maxItems: 7, description: 'Only these statuses' }),
    ),
    firstRecord: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'Offset, default 0' })),
    maxNumOfRecords: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,3}$', description: 'Page size, 1-100, default 100' }),
    ),
  },
  { additionalProperties: false, title: 'GetWithdrawalRequests' },
);

export const CancelWithdrawalRequest = Type.Object(
  {
    ...common,
    userTokenId: NonEmpty(255),
    wdRequestId: WdRequestId,
    merchantWDRequestId: Type.Optional(MerchantReference()),
  },
  { additionalProperties: false, title: 'CancelWithdrawalRequest' },
);

export const ApproveWithdrawalRequest = Type.Object(
  {
    ...common,
    wdRequestId: WdRequestId,
    merchantWDRequestId: Type.Optional(MerchantReference()),
    amount: Type.Optional(
      withSubject(
        Decimal(12, "The approved order's amount; absent: all of the request that no order holds yet"),
        'amount',
      ),
    ),
    operatorName: Type.Optional(Str(255)),
    comment: Type.Optional(Str(255)),
  },
  { additionalProperties: false, title: 'ApproveWithdrawalRequest' },
);

export const DeclineWithdrawalRequest = Type.Object(
  {
    ...common,
    wdRequestId: WdRequestId,
    merchantWDRequestId: Type.Optional(MerchantReference()),
    operatorName: Type.Optional(Str(255)),
    comment: Type.Optional(Str(255)),
  },
  { additionalProperties: false, title: 'DeclineWithdrawalRequest' },
);

/** The members describing one request in a submit, cancel, approve or decline answer. */
export const WithdrawalFields = {
  wdRequestId: Type.Optional(Type.Integer()),
  wdRequestStatus: Type.Optional(Type.Enum([...WD_STATUSES])),
  state: Type.Optional(Type.Enum(['Open', 'Closed'])),
  merchantWDRequestId: Type.Optional(Type.String()),
  merchantUniqueId: Type.Optional(Type.String()),
  userAccountId: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  requestedAmount: Type.Optional(Type.String()),
  approvedAmount: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  // the payout or refund of a settled order
  transactionId: Type.Optional(Type.String()),
  transactionStatus: Type.Optional(Type.String()),
  gwErrorCode: Type.Optional(Type.Integer()),
  gwErrorReason: Type.Optional(Type.String()),
  gwExtendedErrorCode: Type.Optional(Type.Integer()),
  // the order of an approval or placement (docs/decisions/0130, 0508)
  wdOrderId: Type.Optional(Type.Integer()),
  wdOrderStatus: Type.Optional(Type.Enum(['Approved', 'Settled', 'Deleted', 'Error'])),
};

export const WithdrawalResponse = Type.Object(
  { ...EnvelopeFields, ...WithdrawalFields },
  { title: 'WithdrawalResponse' },
);

const S = (maxLength?: number) => Type.String(maxLength ? { maxLength } : {});

/** A list entry of docs/withdrawals.md. */
export const WithdrawalListEntry = Type.Object(
  {
    appId: S(),
    userTokenId: S(255),
    userId: S(),
    userDetails: Type.Optional(
      Type.Object({
        firstName: Type.Optional(S(30)),
        lastName: Type.Optional(S(50)),
        address: Type.Optional(S(50)),
        phone: Type.Optional(S(18)),
        zip: Type.Optional(S(10)),
        city: Type.Optional(S(30)),
        country: Type.Optional(S(2)),
        state: Type.Optional(S(3)),
        email: Type.Optional(S(100)),
      }),
    ),
    userAccountId: Type.Optional(S()),
    wdRequestId: Type.Integer(),
    merchantWDRequestId: Type.Optional(S()),
    userPMId: S(20),
    requestedAmount: S(),
    requestedCurrency: S(3),
    state: Type.Enum(['Open', 'Closed']),
    wdRequestStatus: Type.Enum([...WD_STATUSES]),
    creationDate: S(),
    lastModifiedDate: S(),
    dueDate: S(),
    operatorName: Type.Optional(S()),
    pendingKyc: S(),
    wdRequestOrderCount: S(),
    pmName: S(),
    pmIssuer: S(),
    pmDisplayName: S(),
    approvedAmount: S(),
    merchantUniqueId: Type.Optional(S()),
    feeAmount: S(),
    merchantSiteInfo: Type.Object({ merchantSiteName: S(), merchantSiteId: S() }),
  },
  { title: 'WithdrawalListEntry' },
);

/** The list envelope of docs/withdrawals.md. */
export const WithdrawalListResponse = Type.Object(
  {
    ...EnvelopeFields,
    totalCount: Type.Optional(Type.String({ description: 'How many requests match, as a string' })),
    merchantSiteName: Type.Optional(Type.String()),
    withdrawalRequests: Type.Optional(Type.Array(WithdrawalListEntry)),
    withdrawalRequest: Type.Optional(
      Type.Array(WithdrawalListEntry, {
        description: 'The same list under the other name clients read (server facts 4)',
      }),
    ),
  },
  { title: 'WithdrawalListResponse' },
);
