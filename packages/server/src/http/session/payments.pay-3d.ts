import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';
import { paRequestOf } from './payment.render.js';

/** `POST /ppp/api/v1/payment3D.do` (docs/session-methods.md). */
export function registerPayment3D(app: FastifyInstance): void {
  const r = familyMethodRoute(app, {
    name: 'payment3D',
    as: 'payment3D',
    summary: 'Pay with a card and 3-D Secure (paymentMethod cc_card)',
    description:
      'Pays with `cardData` (or `userPaymentOption`) and paymentMethod `cc_card`; with `relatedTransactionId` it continues that 3-D Secure step (an InitAuth3D, or a completed challenge). `paResponse` is accepted and not used. A challenge answers REDIRECT with `paRequest` (the cReq) and `acsUrl`.',
    extra: paRequestOf,
  });
  app.post<FamilyRoute>(r.url, r.options, r.handler);
}
