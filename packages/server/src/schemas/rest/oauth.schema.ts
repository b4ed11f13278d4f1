import { type Static, Type } from 'typebox';

export const TokenRequest = Type.Object(
  {
    scope: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: '^(payments|operations)( (payments|operations))*$',
        description: 'Space-separated scopes: payments, operations. Default: both',
      }),
    ),
  },
  { additionalProperties: false, title: 'TokenRequest' },
);
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    scope: Type.String(),
  },
  { title: 'TokenResponse' },
);
export type TokenResponse = Static<typeof TokenResponse>;
