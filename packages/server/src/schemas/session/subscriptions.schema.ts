import { Type } from 'typebox';
import { closed, Decimal, NonEmpty, Signed, Str } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';
import { Period } from './rebilling.schema.js';

/** Rebilling subscriptions (docs/session-methods.md, docs/decisions/0124). */

const NumericId = (description: string) => Type.String({ pattern: '^[0-9]{1,20}$', description });
const SubscriptionId = NumericId('From createSubscription');
const SubscriptionStatus = Type.Enum(['ACTIVE', 'COMPLETED', 'CANCELED', 'FAILED']);
const ClientRequestId = Type.Optional(Str(255));

export const CreateSubscriptionRequest = Type.Object(
  {
    ...Signed,
    planId: NumericId('An ACTIVE plan of the site, from createPlan'),
    userTokenId: NonEmpty(255, 'A user of the site, from createUser'),
    userPaymentOptionId: NumericId('An enabled card UPO of that user'),
    endAfter: Period,
    initialAmount: Type.Optional(Decimal(12, "Charged first; the plan's when absent (0: no initial charge)")),
    recurringAmount: Type.Optional(Decimal(12, "Charged every recurringPeriod; the plan's when absent")),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: "The plan's when absent" })),
    clientRequestId: ClientRequestId,
  },
  { ...closed, title: 'CreateSubscriptionRequest' },
);

export const EditSubscriptionRequest = Type.Object(
  {
    ...Signed,
    subscriptionId: SubscriptionId,
    userPaymentOptionId: Type.Optional(NumericId('Another enabled card UPO of the same user')),
    recurringAmount: Type.Optional(Decimal(12, 'For the cycles still to come')),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'Only with recurringAmount' })),
    clientRequestId: ClientRequestId,
  },
  { ...closed, title: 'EditSubscriptionRequest' },
);

export const CancelSubscriptionRequest = Type.Object(
  { ...Signed, subscriptionId: SubscriptionId, clientRequestId: ClientRequestId },
  { ...closed, title: 'CancelSubscriptionRequest' },
);

export const ListSubscriptionsRequest = Type.Object(
  {
    ...Signed,
    userTokenId: Type.Optional(NonEmpty(255)),
    planIds: Type.Optional(Type.Array(NumericId('A plan'), { maxItems: 100 })),
    subscriptionIds: Type.Optional(Type.Array(NumericId('A subscription'), { maxItems: 100 })),
    subscriptionStatus: Type.Optional(SubscriptionStatus),
    clientRequestId: ClientRequestId,
  },
  { ...closed, title: 'ListSubscriptionsRequest' },
);

export const SubscriptionAnswer = Type.Object(
  {
    subscriptionId: Type.String(),
    planId: Type.String(),
    userTokenId: Type.String(),
    userPaymentOptionId: Type.String(),
    subscriptionStatus: Type.String(),
    currency: Type.String(),
    initialAmount: Type.String(),
    recurringAmount: Type.String(),
    recurringPeriod: Period,
    startDate: Type.String({ description: 'ISO 8601 UTC: when the first cycle fell or falls due' }),
    endDate: Type.String({ description: 'ISO 8601 UTC: no cycle falls due at or after it' }),
    nextChargeDate: Type.String({ description: 'ISO 8601 UTC; empty once nothing is left to charge' }),
  },
  { title: 'SessionSubscription' },
);

export const SubscriptionIdResponse = Type.Object(
  {
    ...EnvelopeFields,
    subscriptionId: Type.Optional(Type.String()),
    subscriptionStatus: Type.Optional(Type.String()),
  },
  { title: 'SubscriptionIdResponse' },
);

export const SubscriptionsListResponse = Type.Object(
  {
    ...EnvelopeFields,
    total: Type.Optional(Type.Integer()),
    subscriptions: Type.Optional(Type.Array(SubscriptionAnswer)),
  },
  { title: 'SubscriptionsListResponse' },
);
