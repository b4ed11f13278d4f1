import { type Static, type TProperties, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import {
  SessionCardData,
  SessionCardPaymentOption,
  SessionPaymentOption,
  UpoReference,
} from '../shared/payment-option.js';
import { Decimal, NonEmpty, Signed, Str, UrlDetails } from './common.schema.js';

/**
 * Requests of the server calls whose behaviour comes with the payments issue (docs/session-api.md). Their
 * contracts are not shown in the spec: the members below are typed and checked, any others are kept.
 */
const open = <P extends TProperties>(title: string, props: P) =>
  Type.Object({ ...Signed, ...props }, { additionalProperties: true, title });

/**
 * A call the server facts show sent both signed and unsigned (docs/decisions/0135): the signed members
 * are optional; the route's preValidation decides which form a body is.
 */
const eitherForm = <P extends TProperties>(title: string, props: P) =>
  Type.Object(
    {
      merchantId: Type.Optional(Signed.merchantId),
      merchantSiteId: Type.Optional(Signed.merchantSiteId),
      timeStamp: Type.Optional(Signed.timeStamp),
      checksum: Type.Optional(Signed.checksum),
      ...props,
    },
    { additionalProperties: true, title },
  );

const clientIds = {
  clientRequestId: Type.Optional(Str(255)),
  clientUniqueId: Type.Optional(Str(45)),
  userTokenId: Type.Optional(Str(255)),
};
const money = {
  amount: withSubject(Decimal(12), 'amount'),
  currency: withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency'),
};
const sessionToken = Type.String({ minLength: 36, maxLength: 36 });
/** settle's (and, from one client, void's) descriptor: not part of the void's checksum */
const descriptor = {
  descriptorMerchantName: Type.Optional(Str(25)),
  descriptorMerchantPhone: Type.Optional(Str(13)),
};
const related = {
  relatedTransactionId: NonEmpty(20, 'The transaction this one acts on'),
  authCode: Type.Optional(Str(128)),
  comment: Type.Optional(Str(255)),
  urlDetails: Type.Optional(UrlDetails),
};

export const ServerCallRequests = {
  payment: open('PaymentRequest', {
    ...clientIds,
    sessionToken,
    ...money,
    paymentOption: SessionPaymentOption,
  }),
  initPayment: open('InitPaymentRequest', {
    ...clientIds,
    sessionToken,
    ...money,
    paymentOption: SessionCardPaymentOption,
  }),
  settleTransaction: open('SettleTransactionRequest', {
    ...clientIds,
    ...money,
    ...related,
    ...descriptor,
  }),
  // without relatedTransactionId: a credit to paymentOption's card or UPO of userTokenId (docs/decisions/0371)
  refundTransaction: open('RefundTransactionRequest', {
    ...clientIds,
    ...money,
    ...related,
    relatedTransactionId: Type.Optional(related.relatedTransactionId),
    paymentOption: Type.Optional(
      withSubject(
        Type.Object(
          { card: Type.Optional(SessionCardData), userPaymentOptionId: Type.Optional(UpoReference) },
          {
            additionalProperties: true,
            title: 'UnreferencedRefundPaymentOption',
            description: 'Without relatedTransactionId: the card, or a stored payment option of userTokenId, to credit',
          },
        ),
        'payment_option',
      ),
    ),
  }),
  // without amount and currency: the whole related transaction (docs/decisions/0370)
  voidTransaction: open('VoidTransactionRequest', {
    ...clientIds,
    amount: Type.Optional(money.amount),
    currency: Type.Optional(money.currency),
    ...related,
    ...descriptor,
    sessionToken: Type.Optional(Str(255, 'Accepted and not needed: the checksum authenticates a void')),
  }),
  payout: open('PayoutRequest', { ...clientIds, ...money, userTokenId: NonEmpty(255) }),
  getCardDetails: eitherForm('GetCardDetailsRequest', {
    ...clientIds,
    sessionToken,
    cardNumber: withSubject(NonEmpty(20), 'card_number'),
  }),
  getDccDetails: eitherForm('GetDccDetailsRequest', {
    ...clientIds,
    sessionToken: Type.Optional(sessionToken),
    clientUniqueId: NonEmpty(45),
    amount: Type.Optional(withSubject(Decimal(12), 'amount')),
    currency: Type.Optional(withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency')),
    originalAmount: Type.Optional(
      Type.String({ description: "The amount to convert (else amount, else the order's)" }),
    ),
    originalCurrency: Type.Optional(Type.String({ description: "Its currency (else the order's)" })),
    country: Type.Optional(Type.String({ description: 'Target: the currency of this country' })),
    cardNumber: Type.Optional(Type.String({ description: 'Target: the issuing currency of this card' })),
  }),
  // signed ([A]) or not: the sessionToken alone names the merchant (docs/decisions/0135)
  cardTokenization: eitherForm('CardTokenizationRequest', { ...clientIds, sessionToken, cardData: SessionCardData }),
  getUserUPOs: open('GetUserUposRequest', { ...clientIds, userTokenId: NonEmpty(255) }),
  deleteUPO: open('DeleteUpoRequest', {
    ...clientIds,
    userTokenId: NonEmpty(255),
    userPaymentOptionId: withSubject(NonEmpty(20), 'stored_option'),
  }),
} as const;

export type ServerCall = keyof typeof ServerCallRequests;

/** The validated body of a server call. */
export type ServerCallBody<K extends ServerCall> = Static<(typeof ServerCallRequests)[K]>;
