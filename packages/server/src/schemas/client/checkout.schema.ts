import { type Static, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';

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

/**
 * `openCheckout`: the amount and currency a checkout form is about to show, checked against the session's
 * order before anything is rendered (docs/decisions/0420).
 */
export const ClientOpenCheckoutRequest = Type.Object(
  {
    sessionToken: Type.String({ minLength: 1, maxLength: 64, description: 'The sessionToken of openOrder' }),
    amount: withSubject(
      Type.String({ minLength: 1, maxLength: 20, description: 'The amount the form shows' }),
      'amount',
    ),
    currency: withSubject(
      Type.String({ minLength: 1, maxLength: 20, description: 'The currency the form shows' }),
      'currency',
    ),
  },
  { title: 'ClientOpenCheckoutRequest', additionalProperties: true },
);
export type ClientOpenCheckoutRequest = Static<typeof ClientOpenCheckoutRequest>;
