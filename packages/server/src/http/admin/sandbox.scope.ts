import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import type { SandboxSettings } from '../../store/sandbox-settings.js';
import { errorBody } from '../shared/rest-errors.js';
import { scopeOf } from './auth.js';

/** What the sandbox routes (test clocks, faults) share: the refusal in production, the merchant acted for. */

/**
 * The sandbox settings, or undefined after answering 403: production mode runs on the real clock and
 * the real acquirer's behaviour, and says so (docs/decisions/0940).
 */
export function sandboxOrRefuse(app: FastifyInstance, reply: FastifyReply, what: string): SandboxSettings | undefined {
  if (app.sandboxSettings) return app.sandboxSettings;
  void reply
    .code(403)
    .send(
      errorBody('7300.3000', `${what} exist in sandbox mode only: production mode runs on the real clock and acquirer`),
    );
  return undefined;
}

/** The merchant a sandbox route acts for: the key's own, or the one an operator names (which must exist). */
export async function merchantActedFor(
  app: FastifyInstance,
  request: FastifyRequest,
  named: string | undefined,
): Promise<string> {
  const { merchantId } = scopeOf(request);
  if (merchantId !== undefined) {
    if (named !== undefined && named !== merchantId)
      throw new Forbidden('a merchant key acts for its own merchant only');
    return merchantId;
  }
  if (named === undefined) throw new Invalid('merchantId', 'is required with an operator credential');
  if (!(await app.services.deps.storage.read.merchants.findMerchant(named))) throw new NotFound('merchant');
  return named;
}
