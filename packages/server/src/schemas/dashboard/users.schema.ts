import { type Static, Type } from 'typebox';
import { DashboardUserWire, Role } from './common.schema.js';

export const UserList = Type.Object({ items: Type.Array(DashboardUserWire) });
export type UserList = Static<typeof UserList>;

export const CreateUser = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    role: Role,
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'required for a Temp user' })),
  },
  { additionalProperties: false },
);
export type CreateUser = Static<typeof CreateUser>;

export const CreatedUser = Type.Object({
  user: DashboardUserWire,
  password: Type.String({ description: 'the first password: shown this once' }),
});
export type CreatedUser = Static<typeof CreatedUser>;

export const AuditQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  action: Type.Optional(
    Type.String({ pattern: '^[a-z_]+\\.[a-z_]+$', maxLength: 60, description: 'only this action, e.g. `key.create`' }),
  ),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({
  items: Type.Array(
    Type.Object({
      at: Type.String({ format: 'date-time' }),
      userEmail: Type.String(),
      action: Type.String({ description: 'e.g. `transaction.refund`, `key.create`, `user.delete`' }),
      target: Type.String(),
      detail: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPage>;
