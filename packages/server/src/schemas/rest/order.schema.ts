import { type Static, Type } from 'typebox';
import { CompactDate, CountryCode, Currency, OpaqueObject, StringMap, Uri, Uuid } from '../shared/common.js';

/** REST 2.0 order request, spec rest-orders-api.md 2.1 to 2.10. Objects the spec details are closed. */
const closed = { additionalProperties: false } as const;

export const CurrencyConversion = Type.Object(
  {
    type: Type.Enum(['MCP']),
    originalAmount: Type.Number({ minimum: 0, description: 'Amount in the currency the merchant requested' }),
    originalCurrency: Currency('ISO currency code of the requested currency'),
  },
  { ...closed, title: 'CurrencyConversion' },
);

export const AmountDetails = Type.Object(
  {
    totalDiscount: Type.Optional(Type.Number({ default: 0 })),
    totalHandling: Type.Optional(Type.Number({ default: 0 })),
    totalShipping: Type.Optional(Type.Number({ default: 0 })),
    totalTax: Type.Optional(Type.Number({ default: 0 })),
  },
  { ...closed, title: 'AmountDetails' },
);

export const ItemTypes = [
  'Discount',
  'Physical',
  'ShippingFee',
  'Digital',
  'GiftCard',
  'StoreCredit',
  'Surcharge',
  'SalesTax',
] as const;

export const Item = Type.Object(
  {
    name: Type.String(),
    price: Type.Number(),
    quantity: Type.Integer(),
    type: Type.Enum([...ItemTypes], { description: 'Item classification' }),
    groupId: Type.Optional(Type.String({ description: 'Product category grouping' })),
    discountDetails: Type.Optional(
      Type.Object(
        {
          amount: Type.Optional(Type.Number({ description: 'Absolute discount' })),
          rate: Type.Optional(Type.Number({ description: 'Discount percentage' })),
        },
        closed,
      ),
    ),
    taxDetails: Type.Optional(
      Type.Object(
        {
          tax: Type.Optional(Type.Number({ description: 'VAT/tax amount' })),
          taxRate: Type.Optional(Type.Number()),
        },
        closed,
      ),
    ),
    shippingDetails: Type.Optional(
      Type.Object(
        {
          price: Type.Optional(Type.Number({ description: 'Net shipping price' })),
          tax: Type.Optional(Type.Number()),
          taxRate: Type.Optional(Type.Number()),
        },
        closed,
      ),
    ),
    urlsDetails: Type.Optional(
      Type.Object({ imageUrl: Type.Optional(Uri()), productUrl: Type.Optional(Uri()) }, closed),
    ),
  },
  { ...closed, title: 'Item' },
);

export const DynamicDescriptor = Type.Object(
  {
    merchantName: Type.Optional(Type.String({ maxLength: 25, description: "Shown on the consumer's card statement" })),
    merchantContactInformation: Type.Optional(
      Type.String({ maxLength: 255, description: 'Shown on the card statement; may be an e-mail address' }),
    ),
  },
  { ...closed, title: 'DynamicDescriptor' },
);

export const SubMerchant = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 15 })),
    city: Type.Optional(Type.String({ maxLength: 20 })),
    countryCode: Type.Optional(CountryCode()),
    name: Type.Optional(Type.String({ maxLength: 20 })),
    address: Type.Optional(Type.String()),
    zip: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
  },
  { ...closed, title: 'SubMerchant' },
);

export const UrlDetails = Type.Object(
  {
    webhookUrl: Type.Optional(Uri('Receives notifications of the outcome of financial transactions')),
    successUrl: Type.Optional(Uri()),
    failureUrl: Type.Optional(Uri()),
    pendingUrl: Type.Optional(Uri()),
    returnToAppUrl: Type.Optional(Uri()),
  },
  { ...closed, title: 'UrlDetails' },
);

export const RebillSteps = ['init', 'recurring', 'MIT', 'noShow', 'delayedCharges'] as const;

export const Rebill = Type.Object(
  {
    expiry: Type.Optional(CompactDate('YYYYMMDD; required when step = init')),
    frequency: Type.Optional(Type.Integer({ description: 'Days; required when step = init' })),
    step: Type.Optional(Type.Enum([...RebillSteps])),
  },
  { ...closed, title: 'Rebill' },
);

export const OpenAmount = Type.Object(
  {
    min: Type.Number({ minimum: 0 }),
    max: Type.Number(),
    amountSuggestions: Type.Optional(Type.Array(OpaqueObject('Amount suggestion'))),
    paymentMethodOverrides: Type.Optional(OpaqueObject('Per payment method overrides')),
  },
  { ...closed, title: 'OpenAmount' },
);

export const ExtendedData = Type.Object(
  {
    risk: Type.Optional(OpaqueObject('risk')),
    localPayment: Type.Optional(OpaqueObject('localPayment')),
    installments: Type.Optional(OpaqueObject('installments')),
    lodging: Type.Optional(OpaqueObject('lodging')),
    airlines: Type.Optional(OpaqueObject('airlines')),
    marketplace: Type.Optional(OpaqueObject('marketplace')),
    level23: Type.Optional(OpaqueObject('level23')),
  },
  { ...closed, title: 'ExtendedData' },
);

export const TransactionTypes = ['Auth', 'PreAuth', 'Sale'] as const;
export const PermittedOperations = ['payments', 'operations'] as const;

export const OrderRequest = Type.Object(
  {
    processingEntityId: Uuid('Processing entity identifier assigned to the merchant'),
    merchantTransactionId: Type.Optional(
      Type.String({ maxLength: 45, description: 'ID of the transaction in the merchant system' }),
    ),
    agentId: Type.Optional(Type.String({ description: 'Identifier of the AI agent that started the transaction' })),
    productId: Type.Optional(
      Type.String({ maxLength: 50, description: 'Defaults to the concatenated item names cut at 50 characters' }),
    ),
    currencyConversion: Type.Optional(CurrencyConversion),
    amount: Type.Number({ minimum: 0, description: 'Transaction amount in major units' }),
    currency: Currency(),
    transactionType: Type.Optional(Type.Enum([...TransactionTypes])),
    isMoto: Type.Optional(Type.Boolean()),
    isPartialApproval: Type.Optional(Type.Boolean()),
    zeroAmountReason: Type.Optional(
      Type.Enum(['recurring', 'installments', 'addCard', 'maintainCard', 'accountVerification']),
    ),
    amountDetails: Type.Optional(AmountDetails),
    items: Type.Optional(Type.Array(Item)),
    dynamicDescriptor: Type.Optional(DynamicDescriptor),
    subMerchant: Type.Optional(SubMerchant),
    urlDetails: Type.Optional(UrlDetails),
    rebill: Type.Optional(Rebill),
    deviceDetails: Type.Optional(OpaqueObject('Device details')),
    custom: Type.Optional(StringMap('Custom key/value pairs')),
    buyerDetails: Type.Optional(OpaqueObject('Buyer details')),
    permittedOperations: Type.Array(Type.Enum([...PermittedOperations]), {
      minItems: 1,
      uniqueItems: true,
      description: 'Operations allowed for the order',
    }),
    uiConfig: Type.Optional(StringMap('UI configuration')),
    storePaymentOption: Type.Optional(Type.Enum(['none', 'tokenOnly', 'buyerToken'])),
    storePaymentTokenBehaviour: Type.Optional(OpaqueObject('Stored payment token behaviour')),
    continueWithoutLiabilityShift: Type.Optional(Type.Boolean({ default: true })),
    threeD: Type.Optional(OpaqueObject('3-D Secure parameters')),
    preventOverride: Type.Optional(OpaqueObject('Prevent override settings')),
    openAmount: Type.Optional(OpenAmount),
    aftDetails: Type.Optional(OpaqueObject('Account funding transaction details')),
    recipientDetails: Type.Optional(OpaqueObject('Recipient details')),
    mcc: Type.Optional(Type.String({ description: 'Merchant category codes, subject to approval' })),
    feeOriginCountryCode: Type.Optional(CountryCode()),
    nameVerification: Type.Optional(OpaqueObject('Name verification')),
    digitalAssetType: Type.Optional(Type.String()),
    extendedData: Type.Optional(ExtendedData),
  },
  { ...closed, title: 'OrderRequest' },
);
export type OrderRequest = Static<typeof OrderRequest>;

export const PatchOrderRequest = Type.Object(
  { amount: Type.Number({ minimum: 0, description: 'New amount; only for orders created with openAmount' }) },
  { ...closed, title: 'PatchOrderRequest' },
);
export type PatchOrderRequest = Static<typeof PatchOrderRequest>;

export const OrderLookupQuery = Type.Object(
  {
    sessionId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'The sessionId returned by POST /orders' }),
    ),
    merchantTransactionId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 45, description: 'Used when unique within the processing entity' }),
    ),
  },
  { ...closed, title: 'OrderLookupQuery' },
);
export type OrderLookupQuery = Static<typeof OrderLookupQuery>;
