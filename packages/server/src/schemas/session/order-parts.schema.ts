import { Type } from 'typebox';
import { closed, Country, Decimal, NonEmpty, Str } from './common.schema.js';

/** Classes of the order requests (docs/session-methods.md). Objects whose members the spec lists are closed. */

export const AmountDetails = Type.Object(
  {
    totalShipping: Type.Optional(Decimal(12)),
    totalHandling: Type.Optional(Decimal(12)),
    totalDiscount: Type.Optional(Decimal(12)),
    totalTax: Type.Optional(Decimal(12)),
  },
  {
    ...closed,
    title: 'SessionAmountDetails',
    description: 'Added to (discount: taken from) the items sum, which must equal amount',
  },
);

export const ItemTypes = [
  'Discount',
  'Physical',
  'Shipping_fee',
  'Digital',
  'Gift_card',
  'Store_credit',
  'Surcharge',
  'Sales_tax',
] as const;

export const Item = Type.Object(
  {
    name: NonEmpty(255),
    type: Type.Enum([...ItemTypes], { description: 'Sales_tax: US only' }),
    price: Decimal(10, 'Net unit price in the order currency'),
    quantity: Type.String({ maxLength: 10, description: 'A positive integer' }),
    groupId: Type.Optional(Str(50)),
    discount: Type.Optional(Str(10)),
    discountRate: Type.Optional(Str(10)),
    shipping: Type.Optional(Str(10)),
    shippingTax: Type.Optional(Str(10)),
    shippingTaxRate: Type.Optional(Str(10)),
    tax: Type.Optional(Str(10)),
    taxRate: Type.Optional(Str(10)),
    imageUrl: Type.Optional(Str(610)),
    productUrl: Type.Optional(Str(610)),
  },
  { ...closed, title: 'SessionItem' },
);

export const Items = Type.Array(Item);

export const DeviceTypes = ['DESKTOP', 'SMARTPHONE', 'TABLET', 'TV', 'UNKNOWN'] as const;

export const DeviceDetails = Type.Object(
  {
    ipAddress: Type.Optional(Type.String({ maxLength: 15, format: 'ipv4' })),
    deviceType: Type.Optional(Type.Enum([...DeviceTypes])),
    deviceName: Type.Optional(Str(255)),
    deviceOS: Type.Optional(Str(255)),
    browser: Type.Optional(Str(255)),
  },
  { ...closed, title: 'SessionDeviceDetails' },
);

export const DynamicDescriptor = Type.Object(
  {
    merchantName: Type.Optional(
      Str(
        25,
        'Shown on the statement. Payment facilitators: at most 22, a prefix of 3, 7, 9 or 12 characters, *, the sub-merchant name',
      ),
    ),
    merchantPhone: Type.Optional(Str(13, 'Contact shown on the statement; may be an e-mail address')),
  },
  { ...closed, title: 'SessionDynamicDescriptor' },
);

export const SubMerchant = Type.Object(
  {
    countryCode: Type.Optional(Country()),
    city: Type.Optional(Str(20)),
    id: Type.Optional(Str(15)),
    address: Type.Optional(Str(48, 'Required for payment-facilitator transactions')),
    state: Type.Optional(Str(6, 'Required for payment-facilitator transactions')),
    phone: Type.Optional(Str(18)),
  },
  { ...closed, title: 'SessionSubMerchant' },
);

export const Addendums = Type.Object(
  {
    localPayment: Type.Optional(
      Type.Object(
        {
          numberOfInstallments: Type.Optional(Str(255)),
          nationalId: Type.Optional(Str(255)),
          installmentType: Type.Optional(Str(255)),
          debitType: Type.Optional(Str(255)),
        },
        { additionalProperties: true, description: 'Member names seen; others are kept as sent' },
      ),
    ),
  },
  {
    additionalProperties: true,
    title: 'SessionAddendums',
    description: 'Industry-specific addendums; other types kept as sent',
  },
);

export const OpenAmount = Type.Object(
  { min: Decimal(12), max: Decimal(12) },
  { ...closed, title: 'SessionOpenAmount', description: 'Limits of an amount set later; min <= amount <= max' },
);

export const ExternalSchemeBrands = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'DINERS'] as const;

export const ExternalSchemeDetails = Type.Object(
  {
    transactionId: NonEmpty(50, 'Original transaction ID in the external system'),
    brand: Type.Enum([...ExternalSchemeBrands], { description: 'Card scheme code' }),
  },
  { ...closed, title: 'SessionExternalSchemeDetails' },
);

export const AuthenticationOnlyTypes = [
  'RECURRING',
  'INSTALLMENTS',
  'ADDCARD',
  'MAINTAINCARD',
  'ACCOUNTVERIFICATION',
] as const;

export const CompanyDetails = Type.Object(
  { taxId: Type.Optional(Str(55)) },
  { ...closed, title: 'SessionCompanyDetails' },
);

export const RecipientDetails = Type.Object(
  {
    firstName: Type.Optional(Str(30)),
    lastName: Type.Optional(Str(40)),
    address: Type.Optional(Str(99)),
  },
  { ...closed, title: 'SessionRecipientDetails', description: 'Account funding transactions; Latin characters' },
);

export const CurrencyConversion = Type.Object(
  {
    type: Type.Optional(
      Type.Enum(['MCP', 'DCC'], {
        description: 'Absent (the PHP SDK sends none): the original amount is checked and kept, no conversion applies',
      }),
    ),
    originalAmount: Decimal(12),
    originalCurrency: Type.String({ minLength: 3, maxLength: 3 }),
  },
  { ...closed, title: 'SessionCurrencyConversion' },
);
