import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import { privateTargetReason, refusesPrivateTargets } from '../../delivery/private-network.js';
import { Invalid } from '../../domain/errors.js';
import { obj } from '../fields.js';

/** The members of a request body that configure where notifications go. */
const URL_MEMBERS = ['notificationUrl', 'webhookUrl'] as const;

/**
 * In production mode a request that configures a notification URL (`urlDetails.notificationUrl` or
 * `urlDetails.webhookUrl` of an order, payment, settle/void/refund, payout or withdrawal) on a private,
 * loopback or link-local address literal, or on `localhost`, is refused when it is made: a
 * validation error in the interface's shape, not a delivery that fails for 24 hours. A `preHandler`,
 * so it runs after authentication and schema validation. Not registered in sandbox mode (no cost).
 */
export function registerNotificationTargetGuard(app: FastifyInstance, config: Config): void {
  if (!refusesPrivateTargets(config)) return;
  const hook: preHandlerHookHandler = (request, _reply, done) => {
    // any interface's body, validated by its own schema: read as an unknown value
    const details = obj(obj(request.body)?.urlDetails);
    if (details) {
      for (const member of URL_MEMBERS) {
        const url = details[member];
        const reason = typeof url === 'string' ? privateTargetReason(url) : undefined;
        if (reason) return done(new Invalid(`urlDetails.${member}`, reason));
      }
    }
    done();
  };
  app.addHook('preHandler', hook);
}
