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
    acsUrl: Type.Optional(
      Type.String({ description: 'REDIRECT: the challenge page; POST cReq as `creq`, or open it' }),
    ),
    cReq: Type.Optional(Type.String({ description: 'REDIRECT: base64url JSON CReq' })),
    acsTransID: Type.Optional(Type.String()),
    directoryServerId: Type.Optional(
      Type.String({ description: 'initPayment: the directory server (empty in the sandbox)' }),
    ),
    directoryServerPublicKey: Type.Optional(
      Type.String({ description: 'initPayment: its public key (empty in the sandbox)' }),
    ),
    // the result members the clients read (docs/gateway-facts.md); empty where the simulated ACS has nothing to say
    threeDFlow: Type.Optional(Type.String({ description: '"1" challenge, "0" frictionless' })),
    flow: Type.Optional(Type.String()),
    whiteListStatus: Type.Optional(Type.String()),
    acsChallengeMandated: Type.Optional(Type.String()),
    authenticationType: Type.Optional(Type.String()),
    cardHolderInfoText: Type.Optional(Type.String()),
    sdk: Type.Optional(Type.Object({ acsSignedContent: Type.Optional(Type.String()) })),
    xid: Type.Optional(Type.String()),
    threeDReasonId: Type.Optional(Type.String()),
    isExemptionRequestInAuthentication: Type.Optional(Type.String()),
    challengePreferenceReason: Type.Optional(Type.String()),
    acquirerDecision: Type.Optional(Type.String()),
    decisionReason: Type.Optional(Type.String()),
  },
  { title: 'SessionThreeDOutput' },
);

export const SessionCardOutput = Type.Object(
  {
    ccCardNumber: Type.Optional(
      Type.String({ maxLength: 20, description: 'Masked card number: first digit, four stars, last four (4****1390)' }),
    ),
    bin: Type.Optional(Type.String()),
    last4Digits: Type.Optional(Type.String()),
    ccExpMonth: Type.Optional(Type.String()),
    ccExpYear: Type.Optional(Type.String({ description: 'Two digits' })),
    acquirerId: Type.Optional(Type.String()),
    cvv2Reply: Type.Optional(Type.String({ description: 'The CVV check: M, N or empty' })),
    avsCode: Type.Optional(Type.String()),
    cardHolderName: Type.Optional(Type.String()),
    cardBrand: Type.Optional(Type.String()),
    secondaryBrand: Type.Optional(Type.String({ description: 'The second brand of a co-badged card' })),
    processedBrand: Type.Optional(
      Type.String({ description: 'The brand the payment was processed with: the selectedBrand, else cardBrand' }),
    ),
    cardType: Type.Optional(Type.String()),
    issuerBankName: Type.Optional(Type.String()),
    issuerCountry: Type.Optional(Type.String()),
    isPrepaid: Type.Optional(Type.String({ description: '"false": no simulated card is prepaid' })),
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
  issuerDeclineCode: Type.Optional(Type.String()),
  issuerDeclineReason: Type.Optional(Type.String()),
  externalSchemeTransactionId: Type.Optional(Type.String()),
  merchantAdviceCode: Type.Optional(Type.String()),
  customData: Type.Optional(Type.String({ description: 'The customData sent with the payment, echoed' })),
  fraudDetails: Type.Optional(Type.Object({ finalDecision: Type.String(), score: Type.String() })),
  partialApproval: Type.Optional(PartialApproval),
  paymentOption: Type.Optional(
    Type.Object({
      card: Type.Optional(SessionCardOutput),
      alternativePaymentMethod: Type.Optional(
        Type.Record(Type.String(), Type.String(), {
          description: 'paymentMethod and the submitted fields, masked (docs/decisions/0360)',
        }),
      ),
      redirectUrl: Type.Optional(Type.String({ description: 'REDIRECT: the APM page the shopper must open' })),
      paymentAccountReference: Type.Optional(Type.String({ description: "The card's PAR (empty in the sandbox)" })),
      userPaymentOptionId: Type.Optional(
        Type.String({ description: 'The stored card paid with, or stored for the userTokenId (docs/decisions/0148)' }),
      ),
    }),
  ),
  redirectUrl: Type.Optional(Type.String({ description: 'REDIRECT: the APM page the shopper must open' })),
  additionalTransactionInfo: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'Options passed to the acquirer: rebill, zero-amount, MCP (docs/decisions/0362)',
    }),
  ),
};

export const TransactionFields = {
  orderId: Type.Optional(Type.String()),
  userPaymentOptionId: Type.Optional(
    Type.String({ description: 'The stored payment option paid with, or created (savePM)' }),
  ),
  transactionStatus: Type.Optional(Type.Enum([...TransactionStatuses])),
  amount: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  ...LastPaymentFields,
};

export const SessionTransactionResponse = Type.Object(
  { ...EnvelopeFields, ...TransactionFields },
  { title: 'SessionTransactionResponse' },
);
