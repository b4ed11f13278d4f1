import { type Static, type TProperties, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { SessionCardData, SessionCardPaymentOption, SessionPaymentOption } from '../shared/payment-option.js';
import { Decimal, NonEmpty, Opaque, Signed, Str, UrlDetails } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';
import { TransactionFields } from './payment.schema.js';

/**
 * The session payment family (docs/session-methods.md): paymentCC, paymentAPM, payment3D,
 * dynamic3D (also `authorization3D`), authorize3d, verify3d and authenticate3d. Open objects: the members
 * below are typed and checked, any others are kept (as payment.do's, whose translation they reuse).
 */
const open = <P extends TProperties>(title: string, props: P) =>
  Type.Object(props, { additionalProperties: true, title });

/** 0/1, "0"/"1", true/false, "true"/"false": SDKs send each (docs/gateway-facts.md). */
const Flag = Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()]));

const common = {
  clientRequestId: Type.Optional(Str(255)),
  clientUniqueId: Type.Optional(Str(45)),
  userTokenId: Type.Optional(Str(255)),
  sessionToken: Type.String({ minLength: 36, maxLength: 36 }),
  amount: withSubject(Decimal(12), 'amount'),
  currency: withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency'),
  urlDetails: Type.Optional(UrlDetails),
};
const related = NonEmpty(20, 'The InitAuth3D (or the 3-D Secure step) this call continues');
const orderId = Type.Optional(
  Type.Union([Type.String({ maxLength: 20 }), Type.Integer()], { description: "The session's order (from openOrder)" }),
);
const UserPaymentOption = Type.Object(
  {
    userPaymentOptionId: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    CVV: Type.Optional(Type.String()),
  },
  { additionalProperties: true, description: 'A stored card of the userTokenId, with its CVV' },
);

export const PaymentFamilyRequests = {
  paymentCC: open('PaymentCCRequest', {
    ...Signed,
    ...common,
    transactionType: Type.Union([Type.Literal('Auth'), Type.Literal('Sale')], { description: 'Auth or Sale' }),
    isRebilling: Flag,
    isPartialApproval: Flag,
    orderId,
    cardData: SessionCardData,
  }),
  paymentAPM: open('PaymentAPMRequest', {
    ...Signed,
    ...common,
    paymentMethod: NonEmpty(50, 'The APM, e.g. apmgw_expresscheckout'),
    userAccountDetails: Type.Optional(Opaque("The method's account fields (e.g. email)")),
    userPaymentOption: Type.Optional(UserPaymentOption),
    orderId,
  }),
  payment3D: open('Payment3DRequest', {
    ...Signed,
    ...common,
    paymentMethod: Type.Literal('cc_card', { description: 'cc_card' }),
    transactionType: Type.Optional(Type.Union([Type.Literal('Auth'), Type.Literal('Sale')])),
    isPartialApproval: Flag,
    orderId,
    paResponse: Type.Optional(
      Type.String({ description: 'Accepted and not used: the 3-D Secure 2 challenge result is kept by Gatehouse' }),
    ),
    relatedTransactionId: Type.Optional(related),
    cardData: Type.Optional(SessionCardData),
    userPaymentOption: Type.Optional(UserPaymentOption),
  }),
  dynamic3D: open('Dynamic3DRequest', {
    ...Signed,
    ...common,
    relatedTransactionId: related,
    isDynamic3D: Flag,
    dynamic3DMode: Type.Optional(Type.Literal('OFF', { description: 'OFF: no 3-D Secure for this payment' })),
    isRebilling: Flag,
    transactionType: Type.Optional(Type.Union([Type.Literal('Auth'), Type.Literal('Sale')])),
    externalMpi: Type.Optional(
      Type.Object(
        {
          isExternalMpi: Flag,
          eci: Type.Optional(Type.String()),
          cavv: Type.Optional(Type.String()),
          xid: Type.Optional(Type.String()),
        },
        { additionalProperties: true, description: "3-D Secure done by the merchant's MPI" },
      ),
    ),
    userPaymentOption: Type.Optional(UserPaymentOption),
    cardData: Type.Optional(SessionCardData),
  }),
  authorize3d: open('Authorize3dRequest', {
    ...Signed,
    ...common,
    relatedTransactionId: related,
    paymentOption: SessionCardPaymentOption,
  }),
  authenticate3d: open('Authenticate3dRequest', {
    ...Signed,
    ...common,
    relatedTransactionId: related,
    paymentOption: SessionCardPaymentOption,
  }),
  verify3d: open('Verify3dRequest', {
    merchantId: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    merchantSiteId: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    timeStamp: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    checksum: Type.Optional(Type.String({ description: 'Verified when sent (spec: sent by one SDK only)' })),
    ...common,
    relatedTransactionId: related,
    paymentOption: SessionPaymentOption,
  }),
} as const;

export type PaymentFamilyMethod = keyof typeof PaymentFamilyRequests;
export type PaymentFamilyBody<K extends PaymentFamilyMethod> = Static<(typeof PaymentFamilyRequests)[K]>;

/** A family answer: payment.do's members, P's partialApprovalDetails, and the 3-D Secure challenge's paRequest. */
export const PaymentFamilyResponse = Type.Object(
  {
    ...EnvelopeFields,
    ...TransactionFields,
    partialApprovalDetails: Type.Optional(
      Type.Object({
        isPartialApproval: Type.Optional(Type.String()),
        amountInfo: Type.Object({
          requestedAmount: Type.String(),
          requestedCurrency: Type.String(),
          processedAmount: Type.String(),
          processedCurrency: Type.String(),
        }),
      }),
    ),
    paRequest: Type.Optional(
      Type.String({ description: 'dynamic3D, payment3D: the challenge request (cReq), "" when none' }),
    ),
    acsUrl: Type.Optional(Type.String({ description: 'dynamic3D, payment3D: the challenge page, "" when none' })),
  },
  { title: 'SessionPaymentFamilyResponse' },
);

const S = () => Type.Optional(Type.String());
/** authenticate3d: the 3-D Secure result only (docs/session-methods.md). */
export const Authenticate3dResponse = Type.Object(
  {
    ...EnvelopeFields,
    orderId: S(),
    transactionId: S(),
    transactionStatus: S(),
    paymentOption: Type.Optional(
      Type.Object({
        card: Type.Object({
          threeD: Type.Object(
            {
              result: S(),
              errCode: Type.Optional(Type.Integer()),
              errorDescription: S(),
              cancelled: Type.Optional(Type.Boolean()),
              transactionId: S(),
              eci: S(),
              cavv: S(),
              dsTransID: S(),
              ccCardNumber: S(),
              ccTempToken: S(),
              bin: S(),
              last4Digits: S(),
              ccExpMonth: S(),
              ccExpYear: S(),
              threeDReasonId: S(),
              threeDReason: S(),
              challengeCancelReasonId: S(),
              challengeCancelReason: S(),
              isExemptionRequestInAuthentication: S(),
              challengePreferenceReason: S(),
              acsUrl: S(),
              cReq: S(),
            },
            { title: 'Authenticate3dThreeD' },
          ),
        }),
      }),
    ),
    ...Type.Object({
      gwErrorCode: Type.Optional(Type.Integer()),
      gwErrorReason: S(),
      gwExtendedErrorCode: Type.Optional(Type.Integer()),
    }).properties,
  },
  { title: 'SessionAuthenticate3dResponse' },
);
