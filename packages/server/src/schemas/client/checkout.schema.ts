import { type Static, Type } from 'typebox';

/** The client API methods only the hosted checkout calls (docs/decisions/0410). */
export const ClientDeleteUpoRequest = Type.Object(
  {
    sessionToken: Type.String({ minLength: 1, maxLength: 64, description: 'The sessionToken of openOrder' }),
    userPaymentOptionId: Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Integer({ minimum: 1 })], {
      description: "A UPO of the session's userTokenId",
    }),
  },
  { title: 'ClientDeleteUpoRequest', additionalProperties: true },
);
export type ClientDeleteUpoRequest = Static<typeof ClientDeleteUpoRequest>;
