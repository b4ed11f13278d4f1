import { type Static, Type } from 'typebox';

/** The overview of the control panel (docs/dashboard.md). */

export const OverviewQuery = Type.Object({
  period: Type.Optional(
    Type.Enum(['day', 'week', 'month'], {
      description: 'day: 24 hourly buckets; week: 7 daily; month: 30 daily (UTC), ending with now (default day)',
    }),
  ),
});
export type OverviewQuery = Static<typeof OverviewQuery>;

const Volume = Type.Array(
  Type.Object({ currency: Type.String(), amount: Type.String({ description: 'major units, e.g. "12.34"' }) }),
  { description: 'the approved payments’ amounts per currency' },
);
const Declines = Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer({ minimum: 0 }) }), {
  description: 'declined payments per reason, most first',
});
const Counts = {
  attempts: Type.Integer({ minimum: 0, description: 'payments approved, declined or in error' }),
  approved: Type.Integer({ minimum: 0 }),
  declined: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
  approvalRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'approved / attempts; null without attempts',
  }),
  volume: Volume,
  declines: Declines,
};

export const OverviewAnswer = Type.Object(
  {
    period: Type.Enum(['day', 'week', 'month']),
    bucket: Type.Enum(['hour', 'day']),
    from: Type.String({ format: 'date-time', description: 'the first bucket’s start' }),
    to: Type.String({ format: 'date-time', description: 'the last bucket’s end' }),
    buckets: Type.Array(Type.Object({ start: Type.String({ format: 'date-time' }), ...Counts })),
    totals: Type.Object(Counts),
  },
  { title: 'DashboardOverview' },
);
export type OverviewAnswer = Static<typeof OverviewAnswer>;
