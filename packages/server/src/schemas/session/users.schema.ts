import { Type } from 'typebox';
import { EnvelopeFields } from './envelope.schema.js';
import { closed, Country, Email, NonEmpty, Signed, Str } from './common.schema.js';

/**
 * Users and stored payment options of the real gateway's catalogue (docs/session-methods.md;
 * docs/session-methods.md). Limits as the public Node client checks them (docs/gateway-facts.md).
 */

const UserTokenId = NonEmpty(255, "The merchant's id of the user on this site");
const ClientRequestId = Type.Optional(Str(255));
const UpoId = Type.String({ pattern: '^[0-9]{1,20}$', description: 'The stored payment option' });

const userDetailMembers = {
  firstName: Str(30),
  lastName: Str(40),
  address: Str(40),
  state: Str(2),
  city: Str(30),
  zip: Str(10),
  countryCode: Country('ISO 3166-1 alpha-2'),
  phone: Str(18),
  locale: Type.String({ pattern: '^[a-z]{2}_[A-Z]{2}$', description: 'xx_YY, e.g. en_US' }),
  email: Email(),
  county: Str(255),
  dateOfBirth: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' }),
};
const optionalDetails = Object.fromEntries(
  Object.entries(userDetailMembers).map(([k, v]) => [k, Type.Optional(v)]),
) as { [K in keyof typeof userDetailMembers]: ReturnType<typeof Type.Optional<(typeof userDetailMembers)[K]>> };

export const CreateUserRequest = Type.Object(
  {
    ...Signed,
    ...optionalDetails,
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    firstName: userDetailMembers.firstName,
    lastName: userDetailMembers.lastName,
    countryCode: userDetailMembers.countryCode,
    email: userDetailMembers.email,
  },
  { ...closed, title: 'CreateUserRequest' },
);

export const UpdateUserRequest = Type.Object(
  { ...Signed, ...optionalDetails, userTokenId: UserTokenId, clientRequestId: ClientRequestId },
  { ...closed, title: 'UpdateUserRequest' },
);

export const GetUserDetailsRequest = Type.Object(
  { ...Signed, userTokenId: UserTokenId, clientRequestId: ClientRequestId },
  { ...closed, title: 'GetUserDetailsRequest' },
);

export const UserIdResponse = Type.Object(
  { ...EnvelopeFields, userId: Type.Optional(Type.String({ description: 'Our id of the user' })) },
  { title: 'UserIdResponse' },
);

export const GetUserDetailsResponse = Type.Object(
  {
    ...EnvelopeFields,
    userId: Type.Optional(Type.String()),
    userDetails: Type.Optional(
      Type.Object(Object.fromEntries(Object.keys(userDetailMembers).map((k) => [k, Type.Optional(Type.String())])), {
        title: 'SessionUserDetailsAnswer',
      }),
    ),
  },
  { title: 'GetUserDetailsResponse' },
);

/** billingAddress of a UPO: the Node client's fixed key order, with `country` accepted beside `countryCode`. */
export const UpoBillingAddress = Type.Object(
  {
    firstName: Type.Optional(Str(30)),
    lastName: Type.Optional(Str(40)),
    address: Type.Optional(Str(60)),
    phone: Type.Optional(Str(18)),
    zip: Type.Optional(Str(10)),
    city: Type.Optional(Str(30)),
    countryCode: Type.Optional(Country()),
    country: Type.Optional(Country()),
    state: Type.Optional(Str(3)),
    email: Type.Optional(Email()),
    county: Type.Optional(Str(255)),
  },
  { ...closed, title: 'SessionUpoBillingAddress' },
);

const Month = Type.String({ pattern: '^(0?[1-9]|1[0-2])$', description: 'MM' });
const Year = Type.String({ pattern: '^([0-9]{2}|[0-9]{4})$', description: 'YY or YYYY' });

export const AddUpoCreditCardRequest = Type.Object(
  {
    ...Signed,
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    ccCardNumber: Type.String({ minLength: 12, maxLength: 19, pattern: '^[0-9]+$' }),
    ccExpMonth: Month,
    ccExpYear: Year,
    ccNameOnCard: Type.Optional(Str(70)),
    billingAddress: Type.Optional(UpoBillingAddress),
    userPaymentOptionId: Type.Optional(Str(20)),
  },
  { ...closed, title: 'AddUpoCreditCardRequest' },
);

export const AddUpoByTempTokenRequest = Type.Object(
  {
    ...Signed,
    sessionToken: Type.String({ minLength: 36, maxLength: 36 }),
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    ccTempToken: NonEmpty(255, 'From cardTokenization'),
    billingAddress: Type.Optional(UpoBillingAddress),
  },
  { ...closed, title: 'AddUpoByTempTokenRequest' },
);

export const AddUpoByTokenRequest = Type.Object(
  {
    ...Signed,
    userTokenId: UserTokenId,
    clientRequestId: Str(255),
    ccExpMonth: Month,
    ccExpYear: Year,
    ccNameOnCard: Str(70),
    ccToken: NonEmpty(64, 'The ccToken addUPOCreditCard answered'),
    brand: NonEmpty(30, 'The card brand addUPOCreditCard answered (informative)'),
    uniqueCC: NonEmpty(64, 'The uniqueCC addUPOCreditCard answered (informative)'),
    bin: Type.String({ pattern: '^[0-9]{6,8}$', description: 'The BIN of the card of ccToken' }),
    last4Digits: Type.String({ pattern: '^[0-9]{4}$', description: 'The last four digits of the card of ccToken' }),
    billingAddress: Type.Optional(UpoBillingAddress),
  },
  { ...closed, title: 'AddUpoByTokenRequest' },
);

const ApmData = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 255 }), {
  description: "The method's account fields, e.g. {email}",
});

export const AddUpoApmRequest = Type.Object(
  {
    ...Signed,
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    paymentMethodName: Type.String({
      pattern: '^apmgw_[A-Za-z0-9_]{1,60}$',
      description: 'e.g. apmgw_expresscheckout',
    }),
    apmData: ApmData,
    billingAddress: Type.Optional(UpoBillingAddress),
  },
  { ...closed, title: 'AddUpoApmRequest' },
);

export const EditUpoCcRequest = Type.Object(
  {
    ...Signed,
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    userPaymentOptionId: UpoId,
    ccExpMonth: Month,
    ccExpYear: Year,
    ccNameOnCard: Str(70),
    billingAddress: Type.Optional(UpoBillingAddress),
  },
  { ...closed, title: 'EditUpoCcRequest' },
);

export const EditUpoApmRequest = Type.Object(
  {
    ...Signed,
    userTokenId: UserTokenId,
    clientRequestId: ClientRequestId,
    userPaymentOptionId: UpoId,
    apmData: ApmData,
    billingAddress: Type.Optional(UpoBillingAddress),
  },
  { ...closed, title: 'EditUpoApmRequest' },
);

export const UpoStateRequest = Type.Object(
  { ...Signed, userTokenId: UserTokenId, clientRequestId: ClientRequestId, userPaymentOptionId: UpoId },
  { ...closed, title: 'UpoStateRequest' },
);

export const AddUpoResponse = Type.Object(
  {
    ...EnvelopeFields,
    userPaymentOptionId: Type.Optional(Type.String()),
    ccToken: Type.Optional(Type.String({ description: 'A reference to the stored card (never the number)' })),
    brand: Type.Optional(Type.String()),
    uniqueCC: Type.Optional(Type.String({ description: 'Stable per card number and site' })),
    bin: Type.Optional(Type.String()),
    last4Digits: Type.Optional(Type.String()),
  },
  { title: 'AddUpoResponse' },
);
