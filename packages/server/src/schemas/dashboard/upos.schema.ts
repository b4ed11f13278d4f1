import { type Static, Type } from 'typebox';

/** Stored payment options in the control panel (docs/dashboard.md). */

export const UpoQuery = Type.Object({
  userTokenId: Type.String({ minLength: 1, maxLength: 255, description: 'the merchant’s id of its customer' }),
});
export type UpoQuery = Static<typeof UpoQuery>;

export const UpoWire = Type.Object(
  {
    id: Type.String({ description: 'userPaymentOptionId' }),
    merchantSiteId: Type.String(),
    userTokenId: Type.String(),
    paymentMethod: Type.String({ description: '`cc_card` or the APM’s name' }),
    masked: Type.String({
      description: 'the masked card number (`476134******1390`) or the APM account as stored masked',
    }),
    brand: Type.Union([Type.String(), Type.Null()]),
    last4: Type.Union([Type.String(), Type.Null()]),
    expiry: Type.Union([Type.String({ description: 'MM/YYYY' }), Type.Null()]),
    holderName: Type.Union([Type.String(), Type.Null()]),
    status: Type.Enum(['enabled', 'suspended']),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'DashboardPaymentOption', additionalProperties: false },
);
export type UpoWire = Static<typeof UpoWire>;

export const UpoList = Type.Object({ items: Type.Array(UpoWire) });
export type UpoList = Static<typeof UpoList>;

export const UpoAnswer = Type.Object({ item: UpoWire });
export type UpoAnswer = Static<typeof UpoAnswer>;

export const NoBody = Type.Object({}, { additionalProperties: false });
export type NoBody = Static<typeof NoBody>;
