import { type Static, Type } from 'typebox';

/** The merchant's sites in the control panel (docs/dashboard.md): settings, never a secret. */

const Time = () => Type.String({ format: 'date-time' });

export const SiteWire = Type.Object(
  {
    id: Type.String({ description: 'merchantSiteId' }),
    name: Type.String(),
    createdAt: Time(),
    notificationUrl: Type.Union([Type.String(), Type.Null()], { description: 'the default DMN address' }),
    uniqueClientRequestId: Type.Boolean({ description: 'a second session call with a used clientRequestId is 1066' }),
    unreferencedRefundLimit: Type.Integer({
      description: 'the most a refund without relatedTransactionId may credit, in whole currency units',
    }),
    sessionDeclineLimit: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'the declines after which a session opened without `sessionCardDeclineLimit` expires; null: no limit',
    }),
    webhookSecret: Type.Object({
      since: Type.Union([Time(), Type.Null()], { description: 'when the current secret was made; null: none' }),
      previousUntil: Type.Union([Time(), Type.Null()], {
        description: 'a rotated-out secret signs beside the new one until then',
      }),
    }),
  },
  { title: 'DashboardSite', additionalProperties: false },
);
export type SiteWire = Static<typeof SiteWire>;

export const SiteList = Type.Object({ items: Type.Array(SiteWire) });
export type SiteList = Static<typeof SiteList>;

export const SiteAnswer = Type.Object({ site: SiteWire });
export type SiteAnswer = Static<typeof SiteAnswer>;

export const UpdateSite = Type.Object(
  {
    notificationUrl: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Null()], {
        description: 'an http(s) URL; null removes it',
      }),
    ),
    uniqueClientRequestId: Type.Optional(Type.Boolean()),
    unreferencedRefundLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999_999 })),
    sessionDeclineLimit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 999_999 }), Type.Null()], { description: 'null: no limit' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateSite = Static<typeof UpdateSite>;

export const RotatedSecret = Type.Object({
  site: SiteWire,
  webhookSecret: Type.String({ description: 'the new signing secret: shown in this answer only' }),
  previousValidUntil: Type.Union([Time(), Type.Null()], {
    description: 'the old secret also signs until then (null: there was none)',
  }),
});
export type RotatedSecret = Static<typeof RotatedSecret>;
