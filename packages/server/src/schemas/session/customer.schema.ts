import { Type } from 'typebox';
import { closed, Country, Email, NonEmpty, Str } from './common.schema.js';

/** Customer classes of docs/session-methods.md; `preventOverride` decides whether later calls may replace them. */

export const BillingAddress = Type.Object(
  {
    country: Country(),
    email: Email(),
    firstName: NonEmpty(30),
    lastName: NonEmpty(40),
    phone: Type.Optional(Str(18, 'Required for 3-D Secure card authentication when email is absent')),
    city: Type.Optional(Str(30)),
    address: Type.Optional(Str(50)),
    streetNumber: Type.Optional(Str(20)),
    zip: Type.Optional(Str(10)),
    state: Type.Optional(Str(3)),
    cell: Type.Optional(Str(18)),
    county: Type.Optional(Str(255)),
    addressMatch: Type.Optional(Type.Enum(['Y', 'N'], { description: 'Y when equal to the shipping address' })),
    addressLine2: Type.Optional(Str(50)),
    addressLine3: Type.Optional(Str(50)),
    homePhone: Type.Optional(Str(18)),
    workPhone: Type.Optional(Str(18)),
  },
  { ...closed, title: 'SessionBillingAddress' },
);

export const UserDetails = Type.Object(
  {
    firstName: Type.Optional(Str(30)),
    lastName: Type.Optional(Str(40)),
    address: Type.Optional(Str(50)),
    streetNumber: Type.Optional(Str(20)),
    phone: Type.Optional(Str(18)),
    zip: Type.Optional(Str(10)),
    city: Type.Optional(Str(30)),
    country: Type.Optional(Country()),
    state: Type.Optional(Str(3)),
    email: Type.Optional(Email()),
    county: Type.Optional(Str(255)),
    language: Type.Optional(Str(2, 'ISO 639-1 language code')),
    dateOfBirth: Type.Optional(Str(10, 'YYYY-MM-DD')),
    identification: Type.Optional(Str(15)),
  },
  { ...closed, title: 'SessionUserDetails' },
);

export const ShippingAddress = Type.Object(
  {
    salutation: Type.Optional(Str(20)),
    firstName: Type.Optional(Str(30)),
    lastName: Type.Optional(Str(40)),
    address: Type.Optional(Str(50)),
    streetNumber: Type.Optional(Str(20)),
    cell: Type.Optional(Str(18)),
    phone: Type.Optional(Str(18)),
    zip: Type.Optional(Str(10)),
    city: Type.Optional(Str(30)),
    country: Type.Optional(Country()),
    state: Type.Optional(Str(3)),
    email: Type.Optional(Email()),
    county: Type.Optional(Str(255)),
    addressLine2: Type.Optional(Str(50)),
    addressLine3: Type.Optional(Str(50)),
    companyName: Type.Optional(Str(255)),
    careOf: Type.Optional(Str(50)),
  },
  { ...closed, title: 'SessionShippingAddress' },
);
