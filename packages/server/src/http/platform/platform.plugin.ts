import type { FastifyInstance } from 'fastify';
import { checkJsonValue, MAX_NESTING } from '../validation.js';
import { registerAccountOwners } from './account-owners.routes.js';
import { registerEmailConfigurations } from './email-configurations.routes.js';
import { platformErrorHandler } from './errors.js';
import { registerPayouts } from './payouts.routes.js';
import { registerSandboxMoves } from './sandbox.moves.js';
import { registerSplitTransactions } from './split-transactions.routes.js';

/**
 * The marketplace platform interface `/api/v2` (docs/platform.md): `x-api-key` of the
 * platform, JSON in and out, errors in the REST shape. The sandbox moves exist only in sandbox mode.
 */
export async function platformPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(platformErrorHandler);
  if (!app.hasRequestDecorator('merchant')) app.decorateRequest('merchant', null);
  app.removeContentTypeParser('text/plain');
  // As in the REST plugin: no NUL characters for PostgreSQL text columns, no deep nesting.
  app.addHook('preValidation', (request, _reply, done) => {
    done(checkJsonValue(request.body, MAX_NESTING) ?? checkJsonValue(request.query));
  });
  registerEmailConfigurations(app);
  registerAccountOwners(app);
  registerPayouts(app);
  registerSplitTransactions(app);
  if (app.services.config.GATEHOUSE_MODE === 'sandbox') registerSandboxMoves(app);
}
