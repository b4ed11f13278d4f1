import type { FastifyInstance } from 'fastify';
import { registerCardTokenization } from './card-tokens.create.js';
import { registerDeleteUpo } from './upos.delete.js';
import { sessionErrorHandler } from './errors.js';
import { registerGetCardDetails } from './card-details.get.js';
import { registerGetDccDetails } from './dcc-details.get.js';
import { registerGetPaymentStatus } from './payment-status.get.js';
import { registerGetSessionToken } from './session-tokens.create.js';
import { registerGetUserUpos } from './upos.list.js';
import { registerInitPayment } from './payments.init.js';
import { registerOpenOrder } from './orders.open.js';
import { registerGetOrderDetails } from './order-details.route.js';
import { registerPayment } from './payments.create.js';
import { registerPaymentFamily } from './payment-family.js';
import { registerPayout } from './payouts.create.js';
import { registerRefundTransaction } from './transactions.refund.js';
import { registerSettleTransaction } from './transactions.settle.js';
import { registerUnknownMethod } from './unknown-methods.answer.js';
import { registerUpdateOrder } from './orders.update.js';
import { registerVoidTransaction } from './transactions.void.js';
import { registerWithdrawalRequests } from './withdrawal-requests.route.js';
import { registerWireTolerance } from './wire-tolerance.js';
import { registerClientRequestIdClaims } from './client-request-id.js';
import { registerUsers } from './users.route.js';
import { registerUposAdmin } from './upos-admin.route.js';
import { registerPlans } from './plans.route.js';
import { registerSubscriptions } from './subscriptions.route.js';
import { registerWithdrawalOrders } from './withdrawal-orders.js';
import { registerKyc } from './kyc.route.js';
import { registerAccounts } from './accounts.route.js';
import { registerLookups } from './lookups.route.js';
import { bindToRequestLog } from '../logging.js';

/**
 * The session interface (`POST /ppp/api/v1/<method>.do`): checksum-signed JSON calls answered with
 * the SUCCESS/ERROR envelope and HTTP 200, whatever happens, including malformed requests.
 */
export async function sessionPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(sessionErrorHandler);
  // JSON only: a text/plain body is a wrong content type, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('internalRequestId', 0);
  app.decorateRequest('sessionContext', null);
  // a callback, not an async function: no promise and no microtask per request for synchronous work
  app.addHook('onRequest', (request, _reply, done) => {
    request.internalRequestId = Number(app.services.deps.ids.numeric(15));
    bindToRequestLog(request, { internalRequestId: request.internalRequestId });
    done();
  });
  // What real SDKs send: tolerated types, unknown members ignored (docs/decisions/0121).
  registerWireTolerance(app);
  // unique clientRequestId, where the site asks for it, on every method (docs/decisions/0806)
  registerClientRequestIdClaims(app);

  registerGetSessionToken(app);
  registerOpenOrder(app);
  registerUpdateOrder(app);
  registerGetPaymentStatus(app);
  registerGetOrderDetails(app);
  registerPayment(app);
  registerInitPayment(app);
  registerPaymentFamily(app);
  registerSettleTransaction(app);
  registerRefundTransaction(app);
  registerVoidTransaction(app);
  registerPayout(app);
  registerGetCardDetails(app);
  registerGetDccDetails(app);
  registerCardTokenization(app);
  registerGetUserUpos(app);
  registerDeleteUpo(app);
  registerWithdrawalRequests(app);
  registerUsers(app);
  registerUposAdmin(app);
  registerPlans(app);
  registerSubscriptions(app);
  registerWithdrawalOrders(app);
  registerKyc(app);
  registerAccounts(app);
  registerLookups(app);
  registerUnknownMethod(app);
}
