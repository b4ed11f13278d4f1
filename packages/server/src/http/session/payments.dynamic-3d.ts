import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';
import { paRequestOf } from './payment.render.js';

/**
 * `POST /ppp/api/v1/dynamic3D.do` and its alias `authorization3D.do` (the Node SDK's name for the same
 * method): a payment after an InitAuth3D (docs/session-methods.md).
 */
export function registerDynamic3D(app: FastifyInstance): void {
  for (const m of (['dynamic3D', 'authorization3D'] as const).map((name) => ({
    name,
    as: 'dynamic3D' as const,
    summary:
      name === 'dynamic3D'
        ? 'Pay after an InitAuth3D (dynamic 3-D Secure)'
        : "Pay after an InitAuth3D (dynamic3D under the Node SDK's name)",
    description:
      "Pays with `cardData` or `userPaymentOption {userPaymentOptionId, CVV}` after the InitAuth3D `relatedTransactionId`: frictionless cards are paid at once, challenge cards answer REDIRECT with `paRequest` and `acsUrl` (the cRes goes to urlDetails.notificationUrl, else successUrl). `externalMpi {eci, cavv, xid}` passes the merchant's own 3-D Secure result; `dynamic3DMode: OFF` pays without the step. A related transaction that is not an approved InitAuth3D of the caller answers transactionStatus ERROR, gwExtendedErrorCode 1271.",
    extra: paRequestOf,
  }))) {
    const r = familyMethodRoute(app, m);
    app.post<FamilyRoute>(r.url, r.options, r.handler);
  }
}
