import { type Static, Type } from 'typebox';
import { customFields } from '../shared/common.js';

/** Building blocks of the session interface schemas: strings with the spec's maximum lengths. */
const described = (description?: string) => (description ? { description } : {});

/** An optional-content string of at most `maxLength` characters. */
export const Str = (maxLength: number, description?: string) => Type.String({ maxLength, ...described(description) });
/** A string that must not be empty. */
export const NonEmpty = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...described(description) });
/** `'0'` or `'1'`. */
export const Flag = (description: string) => Type.Enum(['0', '1'], { description });
/** A decimal string such as `"10.50"`; its precision is checked against the currency. */
export const Decimal = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...described(description) });
/** Two letters; upper case and ISO 3166-1 are checked at the edge, with a reason naming the rule. */
export const Country = (description = 'Upper-case ISO 3166-1 alpha-2 country code') =>
  Type.String({ minLength: 2, maxLength: 2, description });
export const Email = (description?: string) =>
  Type.String({ maxLength: 100, format: 'email', ...described(description) });
export const Url = (maxLength: number, description?: string) =>
  Type.String({ maxLength, format: 'uri', ...described(description) });
/** An object whose members the spec does not show: kept as sent. */
export const Opaque = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const closed = { additionalProperties: false } as const;

export const MerchantDetails = Type.Object(customFields(), {
  ...closed,
  title: 'SessionMerchantDetails',
  description: 'Merchant data echoed back in responses',
});
export type MerchantDetails = Static<typeof MerchantDetails>;

export const UrlDetails = Type.Object(
  {
    successUrl: Type.Optional(Url(1000)),
    failureUrl: Type.Optional(Url(1000)),
    pendingUrl: Type.Optional(Url(1000)),
    notificationUrl: Type.Optional(Url(1000, 'Per-request DMN address')),
    appReturnLink: Type.Optional(Str(255)),
    appUrl: Type.Optional(Str(255)),
  },
  { ...closed, title: 'SessionUrlDetails' },
);

/** The members every signed server call carries (docs/session-methods.md, docs/session-api.md). */
export const Signed = {
  merchantId: NonEmpty(20, 'Merchant ID'),
  merchantSiteId: NonEmpty(20, 'Merchant site ID'),
  timeStamp: Type.String({ pattern: '^[0-9]{14}$', description: 'Local time of the call, YYYYMMDDHHmmss' }),
  checksum: NonEmpty(128, "Lowercase hex SHA-256 over the method's fields and the merchant secret key"),
};
