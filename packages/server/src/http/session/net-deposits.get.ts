import type { FastifyInstance } from 'fastify';
import { GetNetDepositsRequest, NetDepositsResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { netDepositsAnswer, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/getNetDeposits.do` (docs/withdrawals.md). */
export function registerGetNetDeposits(app: FastifyInstance): void {
  const r = withdrawalOrderRoute(app, {
    method: 'getNetDeposits',
    summary: "Get a user's net deposits",
    description:
      'What userTokenId paid in with userPMId in currency (approved sales and settlements less refunds), less what was paid out to it, plus the manual movements of updateNetDepositValue.',
    body: GetNetDepositsRequest,
    response: NetDepositsResponse,
    handle: (ctx, b) => netDepositsAnswer(app.services.deps, ctx, b),
  });
  app.post(r.url, r.options, r.handler);
}
