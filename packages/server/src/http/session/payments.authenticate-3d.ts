import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';

/** `POST /ppp/api/v1/authenticate3d.do` (docs/session-methods.md). */
export function registerAuthenticate3d(app: FastifyInstance): void {
  const r = familyMethodRoute(app, {
    name: 'authenticate3d',
    as: 'authenticate3d',
    summary: 'Authenticate with 3-D Secure only (no payment)',
    description:
      'Authenticates the card of the InitAuth3D `relatedTransactionId` (docs/decisions/0141): answers `paymentOption.card.threeD` {result, eci, cavv, dsTransID, masked card, ...}, or REDIRECT with acsUrl/cReq for a challenge. No money moves.',
  });
  app.post<FamilyRoute>(r.url, r.options, r.handler);
}
