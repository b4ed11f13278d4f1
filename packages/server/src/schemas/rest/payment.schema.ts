import { type Static, Type } from 'typebox';
import { Currency, OpaqueObject, Uuid } from '../shared/common.js';
import { CurrencyConversion, Rebill, UrlDetails } from './order.schema.js';
import { PaymentResultStatuses, ResultErrors } from './result.schema.js';
import { PaymentOptionRequest } from '../shared/payment-option.js';

/** POST /payment-api/payments (docs/rest-orders.md): request and the payment response of docs/rest-orders.md. */
const closed = { additionalProperties: false } as const;

export const PaymentTransactionTypes = ['Auth', 'PreAuth', 'Sale', 'Settle', 'Void', 'Refund'] as const;

export const PaymentRequest = Type.Object(
  {
    processingEntityId: Uuid('Processing entity identifier assigned to the merchant'),
    transactionType: Type.Enum([...PaymentTransactionTypes]),
    amount: Type.Number({ minimum: 0, description: 'Amount in major units' }),
    currency: Currency(),
    sessionId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Pay this order: amount and currency must match it' }),
    ),
    merchantTransactionId: Type.Optional(Type.String({ maxLength: 45 })),
    relatedTransactionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'The transaction acted on; required for Settle, Void, Refund',
      }),
    ),
    paymentOption: Type.Optional(PaymentOptionRequest),
    isPartialApproval: Type.Optional(Type.Boolean()),
    rebill: Type.Optional(Rebill),
    zeroAmountReason: Type.Optional(
      Type.Enum(['recurring', 'installments', 'addCard', 'maintainCard', 'accountVerification']),
    ),
    currencyConversion: Type.Optional(CurrencyConversion),
    deviceDetails: Type.Optional(OpaqueObject('Device details')),
    urlDetails: Type.Optional(UrlDetails),
    buyerDetails: Type.Optional(OpaqueObject('Buyer details')),
    billingAddress: Type.Optional(OpaqueObject('Billing address; `zip` drives the AVS result')),
    productId: Type.Optional(Type.String({ maxLength: 50 })),
    userTokenId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: "The merchant's user: owner of stored payment options",
      }),
    ),
    storePaymentOption: Type.Optional(
      Type.Boolean({
        description:
          'Store the card or APM as a UPO of userTokenId once approved; the response carries userPaymentOptionId',
      }),
    ),
    isRebilling: Type.Optional(
      Type.Boolean({
        description: 'A merchant-initiated repeat of a stored credential: no 3-D Secure (docs/decisions/0362)',
      }),
    ),
    authenticationOnlyType: Type.Optional(
      Type.Enum(['RECURRING', 'INSTALLMENTS', 'ADDCARD', 'MAINTAINCARD', 'ACCOUNTVERIFICATION'], {
        description:
          'Authentication only: with `paymentOption.card.threeD` the 3-D Secure steps end in result `authenticated`; without it, a zero-amount authorisation',
      }),
    ),
  },
  { ...closed, title: 'PaymentRequest' },
);
export type PaymentRequest = Static<typeof PaymentRequest>;

export const ThreeDOutput = Type.Object(
  {
    eci: Type.Optional(Type.String()),
    cavv: Type.Optional(Type.String()),
    dsTransID: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    result: Type.Optional(Type.String()),
    isLiabilityOnIssuer: Type.Optional(Type.String()),
    // 3-D Secure steps (fingerprint, challenge): docs/decisions/0310
    methodUrl: Type.Optional(Type.String()),
    methodPayload: Type.Optional(Type.String()),
    v2supported: Type.Optional(Type.String()),
    serverTransId: Type.Optional(Type.String()),
    acsUrl: Type.Optional(Type.String()),
    cReq: Type.Optional(Type.String()),
    acsTransID: Type.Optional(Type.String()),
  },
  { title: 'ThreeDOutput' },
);

export const CardOutput = Type.Object(
  {
    cardHolderName: Type.Optional(Type.String({ maxLength: 70 })),
    maskedCardNumber: Type.Optional(Type.String({ maxLength: 20 })),
    bin: Type.Optional(Type.String({ maxLength: 8 })),
    last4Digits: Type.Optional(Type.String({ maxLength: 4 })),
    expirationMonth: Type.Optional(Type.String({ maxLength: 2 })),
    expirationYear: Type.Optional(Type.String({ maxLength: 4 })),
    cardType: Type.Optional(Type.String({ maxLength: 20 })),
    cardBrand: Type.Optional(Type.String()),
    secondaryBrand: Type.Optional(Type.String({ description: 'The second brand of a co-badged card' })),
    processedBrand: Type.Optional(
      Type.String({ description: 'The brand the payment was processed with: the selectedBrand, else cardBrand' }),
    ),
    issuerBankName: Type.Optional(Type.String()),
    issuerCountry: Type.Optional(Type.String()),
    paymentTokenId: Type.Optional(
      Type.String({ description: 'The card UPO stored (storePaymentOption) or paid with' }),
    ),
    threeD: Type.Optional(ThreeDOutput),
  },
  { title: 'CardOutput' },
);

/** The payment response of docs/rest-orders.md; also the order status response (plus refundId). */
export const PaymentResponse = Type.Object(
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
    cvv2Code: Type.Optional(Type.String({ maxLength: 1 })),
    avsCode: Type.Optional(Type.String({ maxLength: 1 })),
    partialApproval: Type.Optional(
      Type.Object({ requestedAmount: Type.Number(), requestedCurrency: Type.String({ minLength: 3, maxLength: 3 }) }),
    ),
    paymentOption: Type.Optional(
      Type.Object({
        card: Type.Optional(CardOutput),
        alternativePaymentMethod: Type.Optional(
          Type.Object(
            {
              name: Type.String({ minLength: 1, maxLength: 50 }),
              data: Type.Optional(
                Type.Record(Type.String(), Type.String(), { description: 'The submitted fields, masked' }),
              ),
              paymentTokenId: Type.Optional(Type.String({ description: 'The APM UPO stored or paid with' })),
            },
            { title: 'ApmOutput' },
          ),
        ),
      }),
    ),
    userPaymentOptionId: Type.Optional(
      Type.String({ description: 'The UPO stored (storePaymentOption) or paid with' }),
    ),
    additionalTransactionInfo: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: 'Options passed to the acquirer: rebill, zero-amount, MCP (docs/decisions/0362)',
      }),
    ),
    refundId: Type.Optional(Type.String()),
    redirectUrl: Type.Optional(
      Type.String({ maxLength: 2000, description: 'challenge: the ACS page; redirect: the APM page' }),
    ),
    actionDetails: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { title: 'PaymentResponse' },
);
export type PaymentResponse = Static<typeof PaymentResponse>;
