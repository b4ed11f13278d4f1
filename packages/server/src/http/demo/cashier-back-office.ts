import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DemoCredentials } from '../../bootstrap/demo.js';
import type { InboxEntry } from './inbox.js';
import { type MerchantCall, merchantCall } from './merchant-calls.js';

/**
 * What the routes of the demo shop's cashier share (`/demo/cashier`, docs/withdrawals.md,
 * docs/decisions/0540). The page's back-office steps each `POST` JSON to the demo's server, which makes
 * one signed withdrawal call (merchant-calls.ts) and answers `{call, request, answer}`.
 */

export interface CashierContext {
  credentials: () => Promise<DemoCredentials | undefined>;
  inboxEntries: () => Promise<InboxEntry[]>;
  send: (reply: FastifyReply, nonce: string, html: string, status?: number) => unknown;
}

/** Where the merchant's withdrawal calls live (docs/withdrawals.md). */
export const WITHDRAWAL_CALLS = '/ppp/api/withdrawal';

export const WdRequestBody = Type.Object(
  { wdRequestId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const WdOrderBody = Type.Object({ wdOrderId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

/**
 * The back-office steps take JSON only: a form of another site cannot post it without the browser
 * asking this origin first, so another site cannot approve or settle the demo's withdrawals.
 */
export async function jsonOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
    await reply.code(415).send({ error: 'send application/json' });
}

/** The handler of a step: the withdrawal method `method` called with `fields(body)`. */
export function backOfficeStep<B>(
  app: FastifyInstance,
  ctx: CashierContext,
  method: string,
  fields: (body: B) => Record<string, unknown>,
) {
  return async (request: FastifyRequest<{ Body: B }>, reply: FastifyReply): Promise<MerchantCall | FastifyReply> => {
    void reply.header('cache-control', 'no-store');
    const c = await ctx.credentials();
    if (!c) return reply.code(404).send({ error: 'no demo merchant' });
    return merchantCall(app, c, `${WITHDRAWAL_CALLS}/${method}.do`, fields(request.body as B));
  };
}
