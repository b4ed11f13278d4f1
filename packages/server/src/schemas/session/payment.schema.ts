import { Type } from 'typebox';
import { EnvelopeFields, PartialApproval } from './envelope.schema.js';

export const TransactionStatuses = ['APPROVED', 'DECLINED', 'ERROR', 'REDIRECT', 'PENDING'] as const;

/** The members of a session answer that report a transaction (payment, settle, refund, void, status). */
export const SessionThreeD = Type.Object(
  {
    eci: Type.Optional(Type.String()),
    cavv: Type.Optional(Type.String()),
    dsTransID: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    result: Type.Optional(Type.String()),
    isLiabilityOnIssuer: Type.Optional(Type.String()),
    // 3-D Secure steps (initPayment, a REDIRECT answer): docs/decisions/0310
    methodUrl: Type.Optional(Type.String({ description: 'initPayment: the ACS method URL page' })),
    methodPayload: Type.Optional(Type.String({ description: 'initPayment: base64url JSON threeDSMethodData' })),
    v2supported: Type.Optional(Type.String()),
    serverTransId: Type.Optional(Type.String({ description: 'threeDSServerTransID' })),
    acsUrl: Type.Optional(Type.String({ description: 'REDIRECT: the challenge page; POST cReq as `creq`, or open it' })),
    cReq: Type.Optional(Type.String({ description: 'REDIRECT: base64url JSON CReq' })),
    acsTransID: Type.Optional(Type.String()),
  },
  { title: 'SessionThreeDOutput' },
);

export const SessionCardOutput = Type.Object(
  {
    ccCardNumber: Type.Optional(Type.String({ maxLength: 20, description: 'Masked card number' })),
    bin: Type.Optional(Type.String()),
    last4Digits: Type.Optional(Type.String()),
    ccExpMonth: Type.Optional(Type.String()),
    ccExpYear: Type.Optional(Type.String()),
    cardHolderName: Type.Optional(Type.String()),
    cardBrand: Type.Optional(Type.String()),
    secondaryBrand: Type.Optional(Type.String({ description: 'The second brand of a co-badged card' })),
    processedBrand: Type.Optional(
      Type.String({ description: 'The brand the payment was processed with: the selectedBrand, else cardBrand' }),
    ),
    cardType: Type.Optional(Type.String()),
    issuerCountry: Type.Optional(Type.String()),
    threeD: Type.Optional(SessionThreeD),
  },
  { title: 'SessionCardOutput' },
);

/** What getPaymentStatus adds about the session's last payment. */
export const LastPaymentFields = {
  transactionId: Type.Optional(Type.String({ maxLength: 20 })),
  transactionType: Type.Optional(Type.String()),
  externalTransactionId: Type.Optional(Type.String()),
  authCode: Type.Optional(Type.String()),
  gwErrorCode: Type.Optional(Type.Integer()),
  gwErrorReason: Type.Optional(Type.String()),
  gwExtendedErrorCode: Type.Optional(Type.Integer()),
  cvv2Code: Type.Optional(Type.String()),
  avsCode: Type.Optional(Type.String()),
  partialApproval: Type.Optional(PartialApproval),
  paymentOption: Type.Optional(
    Type.Object({
      card: Type.Optional(SessionCardOutput),
      alternativePaymentMethod: Type.Optional(
        Type.Record(Type.String(), Type.String(), { description: 'paymentMethod and the submitted fields, masked (docs/decisions/0360)' }),
      ),
      redirectUrl: Type.Optional(Type.String({ description: 'REDIRECT: the APM page the shopper must open' })),
      userPaymentOptionId: Type.Optional(
        Type.String({ description: 'The stored card paid with, or stored for the userTokenId (docs/decisions/0148)' }),
      ),
    }),
  ),
  redirectUrl: Type.Optional(Type.String({ description: 'REDIRECT: the APM page the shopper must open' })),
  additionalTransactionInfo: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Options passed to the acquirer: rebill, zero-amount, MCP (docs/decisions/0362)' }),
  ),
};

export const TransactionFields = {
  orderId: Type.Optional(Type.String()),
  userPaymentOptionId: Type.Optional(Type.String({ description: 'The stored payment option paid with, or created (savePM)' })),
  transactionStatus: Type.Optional(Type.Enum([...TransactionStatuses])),
  amount: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  ...LastPaymentFields,
};

export const SessionTransactionResponse = Type.Object(
  { ...EnvelopeFields, ...TransactionFields },
  { title: 'SessionTransactionResponse' },
);
