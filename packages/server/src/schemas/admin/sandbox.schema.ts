import { type Static, Type } from 'typebox';
import { DURATION_PATTERN } from '../../lib/duration.js';

/** Test clocks and acquirer faults of the sandbox (docs/decisions/0940, 0941). */

const MerchantIdField = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    "The merchant whose clock it is: required with an operator credential; with a merchant's Operations key, its own (the default)",
});

export const ClockQuery = Type.Object(
  { merchantId: Type.Optional(MerchantIdField) },
  { additionalProperties: false, title: 'ClockQuery' },
);
export type ClockQuery = Static<typeof ClockQuery>;

export const AdvanceClockBody = Type.Object(
  {
    by: Type.String({
      pattern: DURATION_PATTERN,
      maxLength: 64,
      description:
        'How far to move the clock forward: `90s`, `15m`, `2h`, `1d`, `1w`, `500ms`, or several (`1d12h`); at most 400 days at once',
      examples: ['1d'],
    }),
    merchantId: Type.Optional(MerchantIdField),
  },
  { additionalProperties: false, title: 'AdvanceClockBody' },
);
export type AdvanceClockBody = Static<typeof AdvanceClockBody>;

export const ResetClockBody = Type.Object(
  { merchantId: Type.Optional(MerchantIdField) },
  { additionalProperties: false, title: 'ResetClockBody' },
);
export type ResetClockBody = Static<typeof ResetClockBody>;

export const TestClock = Type.Object(
  {
    merchantId: Type.String(),
    now: Type.String({
      format: 'date-time',
      description: "The merchant's time: what its sessions, tokens, subscriptions and retries follow",
    }),
    realNow: Type.String({ format: 'date-time', description: 'The real time' }),
    offsetMs: Type.Integer({ minimum: 0, description: 'How far ahead of the real time the clock runs (ms)' }),
    offset: Type.String({ description: 'The offset, readable (`1d 2h`)' }),
  },
  { title: 'TestClock' },
);
export type TestClock = Static<typeof TestClock>;

export const AdvanceClockResult = Type.Object(
  {
    clock: TestClock,
    dueCharges: Type.Object(
      {
        attempted: Type.Integer({ description: 'Subscription charges the advance made due and ran' }),
        approved: Type.Integer(),
        declined: Type.Integer(),
        failed: Type.Integer(),
      },
      { description: "The merchant's subscription charges due at its new time, run at once by the due-charge runner" },
    ),
  },
  { title: 'AdvanceClockResult' },
);
export type AdvanceClockResult = Static<typeof AdvanceClockResult>;

export const FaultMode = Type.Union(
  [Type.Literal('delay'), Type.Literal('timeout'), Type.Literal('error'), Type.Literal('refused')],
  {
    description:
      'delay: the acquirer answers after `ms`; timeout: it takes the request and never answers, the call is given up after `ms`; error: it answers a 5xx-like error; refused: no connection',
  },
);

export const SiteIdParams = Type.Object(
  { siteId: Type.String({ minLength: 1, maxLength: 64 }) },
  { title: 'SiteIdParams' },
);
export type SiteIdParams = Static<typeof SiteIdParams>;

export const SetFaultBody = Type.Object(
  {
    mode: FaultMode,
    ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 120_000,
        description:
          'delay: the wait before the answer; timeout: the wait before the call is given up (default 2000 and 3000)',
      }),
    ),
  },
  { additionalProperties: false, title: 'SetFaultBody' },
);
export type SetFaultBody = Static<typeof SetFaultBody>;

export const SiteFault = Type.Object(
  {
    siteId: Type.String(),
    merchantId: Type.String(),
    mode: FaultMode,
    ms: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'SiteFault' },
);
export type SiteFault = Static<typeof SiteFault>;

export const FaultList = Type.Object({ faults: Type.Array(SiteFault) }, { title: 'FaultList' });
export const ClearFaultResult = Type.Object(
  { siteId: Type.String(), cleared: Type.Boolean({ description: 'false when the site had no fault' }) },
  { title: 'ClearFaultResult' },
);
