import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';

/** `POST /ppp/api/v1/paymentAPM.do` (docs/session-methods.md). */
export function registerPaymentAPM(app: FastifyInstance): void {
  const r = familyMethodRoute(app, {
    name: 'paymentAPM',
    as: 'paymentAPM',
    summary: 'Pay with an APM (paymentMethod)',
    description:
      "Pays with the APM `paymentMethod` (its fields in `userAccountDetails`), or a stored APM `userPaymentOption.userPaymentOptionId`. Answers payment.do's APM answer (REDIRECT with `redirectUrl`, PENDING, APPROVED, DECLINED). A signed body already accepted answers its first answer again.",
  });
  app.post<FamilyRoute>(r.url, r.options, r.handler);
}
