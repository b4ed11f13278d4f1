import type { FastifyInstance } from 'fastify';
import { familyMethodRoute, type FamilyRoute } from './payment-family.method.js';
import { partialApprovalDetailsOf } from './payment.render.js';

/** `POST /ppp/api/v1/paymentCC.do` (docs/session-methods.md). */
export function registerPaymentCC(app: FastifyInstance): void {
  const r = familyMethodRoute(app, {
    name: 'paymentCC',
    as: 'paymentCC',
    summary: 'Pay with a card (cardData)',
    description:
      "Pays the session's order (or the order its fields open) with `cardData`, transactionType Auth or Sale; `isPartialApproval` lets the acquirer approve less. Answers payment.do's members and `partialApprovalDetails.amountInfo` (requested and processed amounts). A signed body already accepted answers its first answer again and moves no money.",
    extra: partialApprovalDetailsOf,
  });
  app.post<FamilyRoute>(r.url, r.options, r.handler);
}
