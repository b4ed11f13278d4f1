import { type Static, Type } from 'typebox';

/** The sandbox run of due subscription charges (docs/decisions/0126). */

export const RunDueChargesBody = Type.Object(
  {
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: "Charge what is due at this instant (ISO 8601), e.g. a month ahead; default the gateway's now",
      }),
    ),
  },
  { additionalProperties: false, title: 'RunDueChargesBody' },
);
export type RunDueChargesBody = Static<typeof RunDueChargesBody>;

export const RunDueChargesResult = Type.Object(
  {
    at: Type.String({ format: 'date-time', description: 'The instant the charges were due at' }),
    attempted: Type.Integer({ description: 'Charge attempts made by this run' }),
    approved: Type.Integer(),
    declined: Type.Integer(),
    failed: Type.Integer({ description: 'Gateway errors, and attempts whose UPO could not pay' }),
  },
  { title: 'RunDueChargesResult' },
);
