import { type Static, Type } from 'typebox';

/** The admin API's completion of pending APM payments (docs/decisions/0360). */

export const ApmPaymentParams = Type.Object(
  {
    transactionId: Type.String({
      pattern: '^[0-9]{1,20}$',
      description: 'The gateway transactionId of the pending APM payment',
    }),
  },
  { title: 'ApmPaymentParams' },
);
export type ApmPaymentParams = Static<typeof ApmPaymentParams>;

export const CompleteApmPaymentBody = Type.Object(
  { outcome: Type.Enum(['approved', 'declined'], { description: 'What the payment method answered' }) },
  { additionalProperties: false, title: 'CompleteApmPaymentBody' },
);
export type CompleteApmPaymentBody = Static<typeof CompleteApmPaymentBody>;
