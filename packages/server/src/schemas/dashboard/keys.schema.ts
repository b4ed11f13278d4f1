import { type Static, Type } from 'typebox';

export const KeyWire = Type.Object(
  {
    id: Type.String(),
    label: Type.Union([Type.String(), Type.Null()]),
    type: Type.Enum(['operations', 'dispute']),
    hint: Type.String({
      description:
        'the first and last characters of the key’s id (gh_key_01JB…9QZK), to tell keys apart; never the secret',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'DashboardKey' },
);
export type KeyWire = Static<typeof KeyWire>;

export const KeyList = Type.Object({
  entities: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      parentId: Type.Union([Type.String(), Type.Null()]),
      keys: Type.Array(KeyWire),
    }),
  ),
});
export type KeyList = Static<typeof KeyList>;

export const CreateKey = Type.Object(
  {
    entityId: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Enum(['operations', 'dispute']),
    label: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type CreateKey = Static<typeof CreateKey>;

export const CreatedKey = Type.Object({
  key: KeyWire,
  plaintext: Type.String({ description: '`gh_key_…`: shown this once, never again' }),
});
export type CreatedKey = Static<typeof CreatedKey>;

export const UpdateKey = Type.Object({ label: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export type UpdateKey = Static<typeof UpdateKey>;

export const KeyAnswer = Type.Object({ key: KeyWire });
export type KeyAnswer = Static<typeof KeyAnswer>;
