import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type PaymentFamilyBody,
  type PaymentFamilyMethod,
  PaymentFamilyRequests,
  PaymentFamilyResponse,
} from '../../schemas/session/payment-family.schema.js';
import { CATALOGUE_CHECKSUM_FIELDS as CHECKSUM_FIELDS } from '../../security/catalogue-checksum.js';
import { SESSION_API } from './envelope.js';
import { type FamilyMethod, payFamily, verify3dAuth } from './payment-family.method.js';

/**
 * `POST /ppp/api/v1/verify3d.do` (docs/session-methods.md): pays authorize3d's challenge step once it is
 * answered; authenticated by the sessionToken, its checksum verified when sent (`verify3dAuth`).
 */
export function registerVerify3d(app: FastifyInstance): void {
  const m: FamilyMethod = {
    name: 'verify3d',
    as: 'verify3d',
    summary: 'Pay once the 3-D Secure challenge of authorize3d is answered',
    description: '',
  };
  app.post<{ Body: PaymentFamilyBody<'verify3d'> }>(
    `${SESSION_API}/verify3d.do`,
    {
      preValidation: verify3dAuth(app),
      schema: {
        summary: m.summary,
        description: `Pays the challenge step \`relatedTransactionId\` that authorize3d answered, with the same card in \`paymentOption.card\`, once the cardholder answered the challenge: APPROVED, or DECLINED Authentication Failed. Authenticated by the sessionToken; a checksum, when sent, is verified: ${CHECKSUM_FIELDS.verify3d.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: PaymentFamilyRequests.verify3d,
        response: { 200: PaymentFamilyResponse },
      },
    },
    async (request) => payFamily(app, request as FastifyRequest<{ Body: PaymentFamilyBody<PaymentFamilyMethod> }>, m),
  );
}
