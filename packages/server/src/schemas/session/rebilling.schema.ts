import { Type } from 'typebox';
import { closed, Decimal, NonEmpty, Signed, Str } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';

/** Rebilling plans (docs/session-methods.md): periods are {day, month, year} of digit strings. */

const Digits = Type.String({ pattern: '^[0-9]{1,4}$' });
export const Period = Type.Object({ day: Digits, month: Digits, year: Digits }, { ...closed, title: 'SessionPeriod' });
const PlanStatus = Type.Enum(['ACTIVE', 'INACTIVE']);
const PlanId = Type.String({ pattern: '^[0-9]{1,20}$', description: 'From createPlan' });

export const CreatePlanRequest = Type.Object(
  {
    ...Signed,
    name: NonEmpty(100),
    description: Type.Optional(Str(255)),
    planStatus: Type.Optional(PlanStatus),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    initialAmount: Type.Optional(Decimal(12, 'Charged at the start; the recurringAmount when absent')),
    recurringAmount: Decimal(12),
    startAfter: Type.Optional(Period),
    recurringPeriod: Type.Optional(Period),
    endAfter: Period,
    clientRequestId: Type.Optional(Str(255)),
  },
  { ...closed, title: 'CreatePlanRequest' },
);

export const EditPlanRequest = Type.Object(
  {
    ...Signed,
    planId: PlanId,
    name: Type.Optional(NonEmpty(100)),
    description: Type.Optional(Str(255)),
    planStatus: Type.Optional(PlanStatus),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    initialAmount: Type.Optional(Decimal(12)),
    recurringAmount: Type.Optional(Decimal(12)),
    startAfter: Type.Optional(Period),
    recurringPeriod: Type.Optional(Period),
    endAfter: Type.Optional(Period),
    clientRequestId: Type.Optional(Str(255)),
  },
  { ...closed, title: 'EditPlanRequest' },
);

export const ListPlansRequest = Type.Object(
  { ...Signed, clientRequestId: Type.Optional(Str(255)) },
  { ...closed, title: 'ListPlansRequest' },
);

export const PlanAnswer = Type.Object(
  {
    planId: Type.String(),
    name: Type.String(),
    description: Type.String(),
    planStatus: Type.String(),
    currency: Type.String(),
    initialAmount: Type.String(),
    recurringAmount: Type.String(),
    startAfter: Period,
    recurringPeriod: Period,
    endAfter: Period,
  },
  { title: 'SessionPlan' },
);

export const PlanIdResponse = Type.Object(
  { ...EnvelopeFields, planId: Type.Optional(Type.String()) },
  { title: 'PlanIdResponse' },
);

export const PlansListResponse = Type.Object(
  { ...EnvelopeFields, total: Type.Optional(Type.Integer()), plans: Type.Optional(Type.Array(PlanAnswer)) },
  { title: 'PlansListResponse' },
);
