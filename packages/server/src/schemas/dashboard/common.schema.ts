import { type Static, Type } from 'typebox';

/** The control panel's API (docs/dashboard.md): what every route shares. */

export const DashboardError = Type.Object(
  {
    error: Type.Object({
      code: Type.Enum(
        [
          'invalid_credentials',
          'too_many_attempts',
          'unauthenticated',
          'csrf',
          'forbidden',
          'invalid',
          'not_found',
          'conflict',
          'internal',
        ],
        { description: 'stable: the page decides on it' },
      ),
      message: Type.String(),
      field: Type.Optional(Type.String({ description: 'the field of an `invalid` request' })),
    }),
  },
  { title: 'DashboardError' },
);
export type DashboardError = Static<typeof DashboardError>;

export const Role = Type.Enum(['admin', 'developer', 'temp', 'finance', 'viewer'], {
  description: 'Admin, Developer Only, Temp, Finance, Viewer (docs/dashboard.md)',
});

export const Permission = Type.Enum([
  'transactions.read',
  'transactions.settle',
  'transactions.refund',
  'transactions.void',
  'keys.read',
  'keys.manage',
  'users.manage',
  'audit.read',
  'notifications.read',
  'notifications.resend',
  'withdrawals.read',
  'withdrawals.manage',
  'apm.complete',
  'upos.read',
  'upos.manage',
  'sites.read',
  'sites.manage',
  'platform.read',
  'platform.manage',
]);

const Time = () => Type.String({ format: 'date-time' });
export const NullableTime = () => Type.Union([Time(), Type.Null()]);

export const DashboardUserWire = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: Role,
    merchantId: Type.String(),
    merchantName: Type.String(),
    expiresAt: Type.Union([Time(), Type.Null()], { description: 'a Temp user’s end; null for the others' }),
  },
  { title: 'DashboardUser' },
);
export type DashboardUserWire = Static<typeof DashboardUserWire>;

export const SessionAnswer = Type.Object(
  {
    user: DashboardUserWire,
    csrfToken: Type.String({ description: 'send it as `x-csrf-token` with every request other than GET/HEAD' }),
    permissions: Type.Array(Permission),
  },
  { title: 'DashboardSession' },
);
export type SessionAnswer = Static<typeof SessionAnswer>;

export const SignIn = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SignIn = Static<typeof SignIn>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type IdParams = Static<typeof IdParams>;

export const CursorQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
export type CursorQuery = Static<typeof CursorQuery>;

/** The error statuses every dashboard route may answer. */
export const ERRORS = { '4xx': DashboardError, 500: DashboardError } as const;
