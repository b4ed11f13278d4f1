import { type Static, Type } from 'typebox';
import { Signed, Str } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';

export const GetSessionTokenRequest = Type.Object(
  { ...Signed, clientRequestId: Type.Optional(Str(255)) },
  { additionalProperties: false, title: 'GetSessionTokenRequest' },
);
export type GetSessionTokenRequest = Static<typeof GetSessionTokenRequest>;

export const GetSessionTokenResponse = Type.Object(EnvelopeFields, { title: 'GetSessionTokenResponse' });
