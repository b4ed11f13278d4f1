import { type Static, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { Decimal, MerchantDetails, NonEmpty, Signed, Str } from './common.schema.js';
import { BillingAddress, ShippingAddress, UserDetails } from './customer.schema.js';
import { EnvelopeFields } from './envelope.schema.js';
import { Addendums, AmountDetails, DeviceDetails, DynamicDescriptor, Items } from './order-parts.schema.js';

/** updateOrder request (docs/session-methods.md). */
export const UpdateOrderRequest = Type.Object(
  {
    ...Signed,
    sessionToken: Type.String({ minLength: 36, maxLength: 36 }),
    orderId: NonEmpty(45),
    clientUniqueId: Str(45),
    userTokenId: Type.Optional(Str(255)),
    clientRequestId: Type.Optional(Str(255)),
    currency: Type.Optional(
      withSubject(Type.String({ minLength: 3, maxLength: 3, description: 'Only with amount' }), 'currency'),
    ),
    amount: Type.Optional(withSubject(Decimal(12, 'Decimal string; alone, it keeps the order currency'), 'amount')),
    amountDetails: Type.Optional(AmountDetails),
    items: Type.Optional(Items),
    deviceDetails: Type.Optional(DeviceDetails),
    dynamicDescriptor: Type.Optional(DynamicDescriptor),
    merchantDetails: Type.Optional(MerchantDetails),
    addendums: Type.Optional(Addendums),
    billingAddress: Type.Optional(BillingAddress),
    userDetails: Type.Optional(UserDetails),
    shippingAddress: Type.Optional(ShippingAddress),
  },
  { additionalProperties: false, title: 'UpdateOrderRequest' },
);
export type UpdateOrderRequest = Static<typeof UpdateOrderRequest>;

/** updateOrder response (docs/session-methods.md). */
export const UpdateOrderResponse = Type.Object(
  { ...EnvelopeFields, orderId: Type.Optional(Type.String()) },
  { title: 'UpdateOrderResponse' },
);
