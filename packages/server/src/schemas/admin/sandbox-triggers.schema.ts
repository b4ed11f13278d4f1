import { type Static, Type } from 'typebox';

/** The sandbox's triggers and reset (docs/sandbox.md, docs/decisions/0930, 0931). */

export const TriggerParams = Type.Object(
  {
    scenario: Type.String({
      pattern: '^[a-z0-9-]{1,40}$',
      description:
        'A scenario name of `GET /admin/v1/sandbox/triggers`, e.g. `approved`, `refund`, `withdrawal-settled`',
    }),
  },
  { title: 'TriggerParams' },
);
export type TriggerParams = Static<typeof TriggerParams>;

export const SandboxSiteBody = Type.Object(
  {
    merchantSiteId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          "The site to act for. An operator credential must name one; with a merchant's Operations key it defaults to the key's site and may name another site of the same merchant only",
      }),
    ),
  },
  { additionalProperties: false, title: 'SandboxSiteBody' },
);
export type SandboxSiteBody = Static<typeof SandboxSiteBody>;

export const ScenarioList = Type.Object(
  {
    scenarios: Type.Array(Type.Object({ name: Type.String(), summary: Type.String() }, { title: 'ScenarioInfo' })),
  },
  { title: 'ScenarioList' },
);
export type ScenarioList = Static<typeof ScenarioList>;

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const MadeObjectWire = Type.Object(
  {
    kind: Type.Enum(
      [
        'order',
        'transaction',
        'user',
        'upo',
        'plan',
        'subscription',
        'withdrawalRequest',
        'withdrawalOrder',
        'accountOwner',
      ],
      { description: 'What was made or moved; read it back through its API (docs/sandbox.md)' },
    ),
    id: Type.String({
      description:
        'orderId, transactionId, userTokenId, userPaymentOptionId, planId, subscriptionId, wdRequestId, wdOrderId or accountOwnerCode',
    }),
    status: Type.String({ description: 'Its status after this step (e.g. `approved`, `Pending`, `ACTIVE`)' }),
    detail: Type.Optional(
      Type.Record(Type.String(), Scalar, {
        description:
          'e.g. the transaction type, the amount (decimal, as the APIs show it), the related transaction, the decline reason',
      }),
    ),
  },
  { title: 'MadeObject' },
);

export const QueuedNotification = Type.Object(
  {
    id: Type.String({ description: 'Its id in the delivery log (`GET /admin/v1/deliveries`)' }),
    kind: Type.Enum(['webhook', 'dmn', 'email']),
    eventType: Type.String(),
    status: Type.Enum(['pending', 'delivering', 'delivered', 'failed']),
    targetUrl: Type.String(),
    transactionId: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'QueuedNotification' },
);

export const TriggerResult = Type.Object(
  {
    scenario: Type.String(),
    merchantId: Type.String(),
    merchantSiteId: Type.String(),
    made: Type.Array(MadeObjectWire, { description: 'Every object made or moved, in the order of the steps' }),
    notifications: Type.Array(QueuedNotification, {
      description: 'The webhooks, DMNs and e-mails those steps queued; the outbox relay delivers them',
    }),
    next: Type.Optional(
      Type.Object(
        { action: Type.String(), url: Type.String() },
        { description: 'What a person does next (the 3-D Secure challenge page)' },
      ),
    ),
  },
  { title: 'TriggerResult' },
);
export type TriggerResult = Static<typeof TriggerResult>;

export const ResetResult = Type.Object(
  {
    merchantId: Type.String(),
    deleted: Type.Record(Type.String(), Type.Integer(), { description: 'Rows deleted, by table' }),
  },
  { title: 'ResetResult' },
);
export type ResetResult = Static<typeof ResetResult>;
