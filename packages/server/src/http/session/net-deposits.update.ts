import type { FastifyInstance } from 'fastify';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { updateNetDepositValue } from '../../domain/withdrawals/net-deposits.service.js';
import { NetDepositsResponse, UpdateNetDepositValueRequest } from '../../schemas/session/withdrawal-orders.schema.js';
import { netDepositsFields, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/updateNetDepositValue.do` (docs/withdrawals.md). */
export function registerUpdateNetDepositValue(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'updateNetDepositValue',
    summary: "Correct a user's net deposits",
    description:
      'Records a manual deposit (movementType 2) or withdrawal (3) of amount for the UPO and answers the new netDeposits.',
    body: UpdateNetDepositValueRequest,
    response: NetDepositsResponse,
    handle: async (ctx, b) => {
      const currency = checkCurrency(String(b.currency), 'currency');
      const n = await updateNetDepositValue(deps(), ctx, {
        userTokenId: String(b.userTokenId),
        upoId: String(b.userPMId),
        amount: toMinor(String(b.amount), currency, 'amount', 'amount'),
        currency,
        movementType: Number(b.movementType) as 2 | 3,
      });
      return netDepositsFields(b, n, currency);
    },
  });
  app.post(r.url, r.options, r.handler);
}
