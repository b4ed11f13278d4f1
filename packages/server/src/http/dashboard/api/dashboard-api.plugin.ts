import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../../../domain/errors.js';
import { registerCompleteApmPayment } from './apm-payments.complete.js';
import { registerListApmPayments } from './apm-payments.list.js';
import { registerListAudit } from './audit.list.js';
import { dashboardAuth } from './auth.js';
import { dashboardErrorHandler } from './errors.js';
import { registerCreateKey } from './keys.create.js';
import { registerListKeys } from './keys.list.js';
import { registerRevokeKey } from './keys.revoke.js';
import { registerUpdateKey } from './keys.update.js';
import { registerShowMe } from './me.show.js';
import { registerShowOverview } from './overview.show.js';
import { registerListNotifications } from './notifications.list.js';
import { registerDeletePaymentOption } from './payment-options.delete.js';
import { registerListPaymentOptions } from './payment-options.list.js';
import { registerSuspendPaymentOption } from './payment-options.suspend.js';
import { registerMoveAccountOwner } from './platform-account-owner.move.js';
import { registerMovePayout } from './platform-payout.move.js';
import { registerMoveSplit } from './platform-split.move.js';
import { registerShowPlatform } from './platform.show.js';
import { registerResendNotification } from './notifications.resend.js';
import { registerSendTestNotification } from './notifications.send-test.js';
import { registerCreateSession } from './session.create.js';
import { registerDeleteSession } from './session.delete.js';
import { registerListSites } from './sites.list.js';
import { registerRotateSiteSecret } from './sites.rotate-secret.js';
import { registerUpdateSite } from './sites.update.js';
import { registerListTransactions } from './transactions.list.js';
import { registerRefundTransaction } from './transactions.refund.js';
import { registerSettleTransaction } from './transactions.settle.js';
import { registerShowTransaction } from './transactions.show.js';
import { registerVoidTransaction } from './transactions.void.js';
import { registerCreateUser } from './users.create.js';
import { registerDeleteUser } from './users.delete.js';
import { registerListUsers } from './users.list.js';
import { registerSettleWithdrawalOrder } from './withdrawal-orders.settle.js';
import { registerApproveWithdrawal } from './withdrawals.approve.js';
import { registerDeclineWithdrawal } from './withdrawals.decline.js';
import { registerListWithdrawals } from './withdrawals.list.js';

/**
 * The control panel's JSON API under /dashboard/api/v1 (docs/dashboard.md): its own cookie-session
 * authentication and CSRF check, the role matrix on every route, its own error shape.
 */
export async function dashboardApiPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(dashboardErrorHandler);
  app.decorateRequest('dashboard', null);
  app.removeContentTypeParser('text/plain');
  // A page's fetch may send `content-type: application/json` with no body (a DELETE, a void): read as `{}`.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, {});
    try {
      done(
        null,
        JSON.parse(body, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
      );
    } catch (err) {
      done(new BadRequest(`Malformed JSON: ${(err as Error).message}`), undefined);
    }
  });
  // A change without a body at all (no content type) is read as `{}` too, before the schema looks at it.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
  });
  app.addHook('onRequest', dashboardAuth(app));
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });
  registerCreateSession(app);
  registerDeleteSession(app);
  registerShowMe(app);
  registerShowOverview(app);
  registerListTransactions(app);
  registerShowTransaction(app);
  registerSettleTransaction(app);
  registerRefundTransaction(app);
  registerVoidTransaction(app);
  registerListKeys(app);
  registerCreateKey(app);
  registerUpdateKey(app);
  registerRevokeKey(app);
  registerListUsers(app);
  registerCreateUser(app);
  registerDeleteUser(app);
  registerListAudit(app);
  registerListNotifications(app);
  registerResendNotification(app);
  registerSendTestNotification(app);
  registerListWithdrawals(app);
  registerApproveWithdrawal(app);
  registerDeclineWithdrawal(app);
  registerSettleWithdrawalOrder(app);
  registerListApmPayments(app);
  registerCompleteApmPayment(app);
  registerListPaymentOptions(app);
  registerSuspendPaymentOption(app);
  registerDeletePaymentOption(app);
  registerListSites(app);
  registerUpdateSite(app);
  registerRotateSiteSecret(app);
  registerShowPlatform(app);
  registerMoveAccountOwner(app);
  registerMovePayout(app);
  registerMoveSplit(app);
}
