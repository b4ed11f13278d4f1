import { type Static, type TSchema, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import {
  ClientCardData,
  ClientCardPaymentOption,
  ClientLookupCard,
  ClientPaymentOption,
} from '../shared/payment-option.js';

/**
 * The client API (`POST /client/v1/<method>`), called by the Web SDK and the hosted field pages with
 * a `sessionToken` (docs/decisions/0400, 0401). Requests name the members each method reads; the SDK
 * may send more of what the merchant page passed (they are ignored). Answers are HTTP 200 with
 * `status` SUCCESS or ERROR, then the result shapes of docs/web-sdk.md.
 */

const SessionToken = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'The sessionToken of openOrder or getSessionToken',
});
const Str = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const Opt = <T extends TSchema>(s: T) => Type.Optional(s);

export const ClientBillingAddress = Type.Object(
  {
    firstName: Opt(Str(30)),
    lastName: Opt(Str(40)),
    email: Opt(Str(100)),
    country: Opt(Str(2)),
    address: Opt(Str(50)),
    addressLine2: Opt(Str(50)),
    addressLine3: Opt(Str(50)),
    phone: Opt(Str(18)),
    cell: Opt(Str(18)),
    zip: Opt(Str(10)),
    city: Opt(Str(30)),
    state: Opt(Str(3)),
    county: Opt(Str(255)),
  },
  { title: 'ClientBillingAddress', additionalProperties: true },
);

const open = { additionalProperties: true } as const;

/** A DCC charge (docs/decisions/0321, 0412): amount/currency are the converted charge of the order's amount. */
const dccCharge = {
  amount: Opt(withSubject(Str(12, "With currencyConversion: the converted charge (the day's quote)"), 'amount')),
  currency: Opt(withSubject(Str(3, 'With currencyConversion: the cardholder currency charged'), 'currency')),
  currencyConversion: Opt(
    Type.Object(
      {
        type: Str(10, 'DCC'),
        originalAmount: Opt(Str(12, "The order's amount")),
        originalCurrency: Opt(Str(3, "The order's currency")),
      },
      { title: 'ClientCurrencyConversion', ...open },
    ),
  ),
};

export const ClientRequests = {
  createPayment: Type.Object(
    {
      sessionToken: SessionToken,
      paymentOption: ClientPaymentOption,
      relatedTransactionId: Opt(Str(20, 'The InitAuth3D or challenge step this payment continues (3-D Secure)')),
      ...dccCharge,
      billingAddress: Opt(ClientBillingAddress),
      cardHolderName: Opt(Str(70)),
      selectedBrand: Opt(
        Str(
          128,
          "A co-badged card's brand to process the payment with: brand or secondaryBrand of getCardDetails; absent: the primary brand (docs/decisions/0413)",
        ),
      ),
      clientUniqueId: Opt(Str(45)),
      savePM: Opt(Type.Union([Type.Boolean(), Str(5)])),
      apmWindowType: Opt(Str(20)),
      urlDetails: Opt(Type.Object({}, open)),
    },
    { title: 'ClientCreatePaymentRequest', ...open },
  ),
  initPayment: Type.Object(
    {
      sessionToken: SessionToken,
      paymentOption: ClientCardPaymentOption,
      ...dccCharge,
      selectedBrand: Opt(Str(128, "A co-badged card's brand, as createPayment's (docs/decisions/0413)")),
    },
    { title: 'ClientInitPaymentRequest', ...open },
  ),
  getToken: Type.Object(
    { sessionToken: SessionToken, cardData: ClientCardData, billingAddress: Opt(ClientBillingAddress) },
    { title: 'ClientGetTokenRequest', ...open },
  ),
  getCardDetails: Type.Object(
    {
      sessionToken: SessionToken,
      cardNumber: withSubject(Str(20), 'card_number'),
      clientRequestId: Opt(Str(255)),
      clientUniqueId: Opt(Str(45)),
    },
    { title: 'ClientGetCardDetailsRequest', ...open },
  ),
  getDccDetails: Type.Object(
    {
      sessionToken: SessionToken,
      clientUniqueId: Str(45),
      cardNumber: Opt(withSubject(Str(20), 'card_number')),
      apm: Opt(Str(50)),
      currency: Opt(withSubject(Str(3), 'currency')),
      country: Opt(Str(2)),
      clientRequestId: Opt(Str(255)),
    },
    { title: 'ClientGetDccDetailsRequest', ...open },
  ),
  getApms: Type.Object(
    {
      sessionToken: SessionToken,
      currencyCode: Opt(Str(3)),
      countryCode: Opt(Str(6)),
      languageCode: Opt(Str(2)),
      type: Opt(Type.Enum(['DEPOSIT', 'WITHDRAWAL'])),
    },
    { title: 'ClientGetApmsRequest', ...open },
  ),
  getUserUPOs: Type.Object({ sessionToken: SessionToken }, { title: 'ClientGetUserUposRequest', ...open }),
  setOpenAmount: Type.Object(
    {
      sessionToken: SessionToken,
      amount: withSubject(Str(12), 'amount'),
      clientRequestId: Opt(Str(255)),
      clientUniqueId: Opt(Str(45)),
    },
    { title: 'ClientSetOpenAmountRequest', ...open },
  ),
  addCardUpo: Type.Object(
    {
      sessionToken: SessionToken,
      card: ClientLookupCard,
      cardHolderName: Opt(Type.String({ description: 'The holder, when card has no cardHolderName' })),
      billingAddress: Opt(ClientBillingAddress),
    },
    { title: 'ClientAddCardUpoRequest', ...open },
  ),
  addApmUpo: Type.Object(
    {
      sessionToken: SessionToken,
      paymentMethodName: Str(50),
      apmData: Type.Record(Type.String(), Type.String()),
      billingAddress: Opt(ClientBillingAddress),
    },
    { title: 'ClientAddApmUpoRequest', ...open },
  ),
  accountCapture: Type.Object(
    {
      sessionToken: SessionToken,
      userTokenId: Str(255),
      paymentMethod: Str(50),
      currencyCode: Str(3),
      countryCode: Str(2),
      languageCode: Opt(Str(2)),
      urlDetails: Opt(Type.Object({}, open)),
    },
    { title: 'ClientAccountCaptureRequest', ...open },
  ),
  createWalletPayment: Type.Object(
    {
      sessionToken: SessionToken,
      currencyCode: Str(3),
      countryCode: Str(2),
      total: Type.Object({ label: Str(100), amount: Str(12) }, open),
      walletPay3Dflow: Opt(Type.Enum(['enable', 'disable'])),
      billingAddress: Opt(ClientBillingAddress),
    },
    { title: 'ClientCreateWalletPaymentRequest', ...open },
  ),
};

/** The validated body of a client API method. */
export type ClientBody<K extends keyof typeof ClientRequests> = Static<(typeof ClientRequests)[K]>;

/** Every client answer: the status members, then the method's result (docs/web-sdk.md). */
export const ClientResponse = Type.Object(
  {
    status: Type.Enum(['SUCCESS', 'ERROR']),
    errCode: Type.Integer({ description: '0 on success' }),
    reason: Type.String(),
    errorDescription: Opt(Type.String({ description: 'On error: the reason, for the SDK callback' })),
    version: Type.String(),
    sessionToken: Opt(Type.String()),
  },
  { title: 'ClientResponse', additionalProperties: true },
);
