import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';

/** `POST /ppp/api/v1/authorize3d.do` (docs/session-methods.md). */
export function registerAuthorize3d(app: FastifyInstance): void {
  const r = familyMethodRoute(app, {
    name: 'authorize3d',
    as: 'authorize3d',
    summary: 'Authorise with 3-D Secure after initPayment',
    description:
      "Continues the InitAuth3D `relatedTransactionId` with `paymentOption.card.threeD`: a frictionless card is paid (APPROVED or DECLINED); a challenge card answers REDIRECT with the challenge step's transactionId, which verify3d then pays once the challenge is answered.",
  });
  app.post<FamilyRoute>(r.url, r.options, r.handler);
}
