import { type Static, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { OrderPaymentOption } from '../shared/payment-option.js';
import { Decimal, Flag, MerchantDetails, Signed, Str, UrlDetails } from './common.schema.js';
import { BillingAddress, ShippingAddress, UserDetails } from './customer.schema.js';
import { EnvelopeFields, PartialApproval } from './envelope.schema.js';
import {
  Addendums,
  AmountDetails,
  AuthenticationOnlyTypes,
  CompanyDetails,
  CurrencyConversion,
  DeviceDetails,
  DynamicDescriptor,
  ExternalSchemeDetails,
  Items,
  OpenAmount,
  RecipientDetails,
  SubMerchant,
} from './order-parts.schema.js';

/** openOrder request (docs/session-methods.md). Closed: an unknown member is a validation error naming it. */
export const OpenOrderRequest = Type.Object(
  {
    ...Signed,
    // may be empty: a client sends "" when the merchant has no reference of its own (docs/decisions/0152)
    clientUniqueId: Str(45, 'Unique transaction ID in the merchant system (merchant_unique_id in DMNs); may be empty'),
    sessionToken: Type.Optional(
      Type.String({ minLength: 36, maxLength: 36, description: 'A token from getSessionToken to bind the order to' }),
    ),
    currency: Type.Optional(
      withSubject(
        Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217; required with amount' }),
        'currency',
      ),
    ),
    amount: Type.Optional(withSubject(Decimal(12, 'Decimal string, e.g. "10.50"; required with currency'), 'amount')),
    openAmount: Type.Optional(OpenAmount),
    externalSchemeDetails: Type.Optional(ExternalSchemeDetails),
    authenticationOnlyType: Type.Optional(Type.Enum([...AuthenticationOnlyTypes])),
    userTokenId: Type.Optional(Str(255)),
    isRebilling: Type.Optional(Flag('0 when opening an order before a recurring payment')),
    companyDetails: Type.Optional(CompanyDetails),
    recipientDetails: Type.Optional(RecipientDetails),
    clientRequestId: Type.Optional(Str(255, 'Refused when used before, where the site is configured for it')),
    transactionType: Type.Optional(Type.Enum(['Sale', 'Auth', 'PreAuth'])),
    deviceDetails: Type.Optional(DeviceDetails),
    amountDetails: Type.Optional(AmountDetails),
    items: Type.Optional(Items),
    subMerchant: Type.Optional(SubMerchant),
    dynamicDescriptor: Type.Optional(DynamicDescriptor),
    isMoto: Type.Optional(Flag('1 marks a mail/phone order')),
    merchantDetails: Type.Optional(MerchantDetails),
    urlDetails: Type.Optional(UrlDetails),
    addendums: Type.Optional(Addendums),
    preventOverride: Type.Optional(Flag('1: later calls cannot change billingAddress, userDetails, shippingAddress')),
    currencyConversion: Type.Optional(CurrencyConversion),
    paymentOption: Type.Optional(OrderPaymentOption),
    isPartialApproval: Type.Optional(
      Type.Unsafe<'0' | '1' | 0 | 1 | boolean>({
        enum: ['0', '1', 0, 1, true, false],
        description: '1 allow, 0 not allow',
      }),
    ),
    productId: Type.Optional(Str(50)),
    customData: Type.Optional(Str(255)),
    webMasterId: Type.Optional(Str(255)),
    sessionCardDeclineLimit: Type.Optional(Str(10, 'A positive integer: the session expires after that many declines')),
    customSiteName: Type.Optional(Str(50)),
    billingAddress: Type.Optional(BillingAddress),
    userDetails: Type.Optional(UserDetails),
    shippingAddress: Type.Optional(ShippingAddress),
  },
  { additionalProperties: false, title: 'OpenOrderRequest' },
);
export type OpenOrderRequest = Static<typeof OpenOrderRequest>;

/** openOrder response (docs/session-methods.md). */
export const OpenOrderResponse = Type.Object(
  {
    ...EnvelopeFields,
    orderId: Type.Optional(Type.String()),
    partialApproval: Type.Optional(PartialApproval),
  },
  { title: 'OpenOrderResponse' },
);
