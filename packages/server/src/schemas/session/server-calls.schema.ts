import { type Static, type TProperties, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { SessionCardData, SessionCardPaymentOption, SessionPaymentOption } from '../shared/payment-option.js';
import { Decimal, NonEmpty, Signed, Str, UrlDetails } from './common.schema.js';

/**
 * Requests of the server calls whose behaviour comes with the payments issue (DECISIONS.md 5). Their
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
    descriptorMerchantName: Type.Optional(Str(25)),
    descriptorMerchantPhone: Type.Optional(Str(13)),
  }),
  refundTransaction: open('RefundTransactionRequest', { ...clientIds, ...money, ...related }),
  voidTransaction: open('VoidTransactionRequest', { ...clientIds, ...money, ...related }),
  payout: open('PayoutRequest', { ...clientIds, ...money, userTokenId: NonEmpty(255) }),
  getCardDetails: eitherForm('GetCardDetailsRequest', { ...clientIds, sessionToken, cardNumber: withSubject(NonEmpty(20), 'card_number') }),
  getDccDetails: eitherForm('GetDccDetailsRequest', {
    ...clientIds,
    sessionToken: Type.Optional(sessionToken),
    clientUniqueId: NonEmpty(45),
    amount: Type.Optional(withSubject(Decimal(12), 'amount')),
    currency: Type.Optional(withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency')),
    originalAmount: Type.Optional(Type.String({ description: 'The amount to convert (else amount, else the order\'s)' })),
    originalCurrency: Type.Optional(Type.String({ description: 'Its currency (else the order\'s)' })),
    country: Type.Optional(Type.String({ description: 'Target: the currency of this country' })),
    cardNumber: Type.Optional(Type.String({ description: 'Target: the issuing currency of this card' })),
  }),
  // signed ([A]) or not: the sessionToken alone names the merchant (docs/decisions/0135)
  cardTokenization: eitherForm('CardTokenizationRequest', { ...clientIds, sessionToken, cardData: SessionCardData }),
  getUserUPOs: open('GetUserUposRequest', { ...clientIds, userTokenId: NonEmpty(255) }),
  deleteUPO: open('DeleteUpoRequest', { ...clientIds, userTokenId: NonEmpty(255), userPaymentOptionId: withSubject(NonEmpty(20), 'stored_option') }),
} as const;

export type ServerCall = keyof typeof ServerCallRequests;

/** The validated body of a server call. */
export type ServerCallBody<K extends ServerCall> = Static<(typeof ServerCallRequests)[K]>;
