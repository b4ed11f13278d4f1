import type { FastifyInstance } from 'fastify';
import { registerCompleteApmPayment } from './apm-payments.complete.js';
import { registerListDeliveries } from './deliveries.list.js';
import { registerResendDelivery } from './deliveries.resend.js';
import { registerListEmails } from './emails.list.js';
import { adminErrorHandler } from './errors.js';
import { registerTestNotification } from './test-notifications.create.js';
import { registerRunDueCharges } from './rebilling.run-due.js';
import { registerSandboxRoutes } from './sandbox.routes.js';
import { registerWebhookEndpoints } from './webhook-endpoints.routes.js';
import { registerListenStream } from './listen.stream.js';
import { registerDeliveryChaos } from './delivery-chaos.routes.js';
import { registerSandboxReset } from './sandbox.reset.js';
import { registerSandboxTriggers } from './sandbox.triggers.js';
import { registerListTransactions } from './transactions.list.js';

/** The admin interface (operators now, the dashboard later): its routes, its auth, its error shape. */
export async function adminPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(adminErrorHandler);
  app.decorateRequest('adminCaller', null);
  app.decorateRequest('adminOperator', null);
  // JSON bodies only.
  app.removeContentTypeParser('text/plain');
  registerListDeliveries(app);
  registerResendDelivery(app);
  registerListEmails(app);
  registerListTransactions(app);
  registerCompleteApmPayment(app);
  registerSandboxRoutes(app);
  registerWebhookEndpoints(app);
  // sandbox only: registered in every mode, refused in production mode with a reason (docs/decisions/0930)
  registerSandboxTriggers(app);
  registerSandboxReset(app);
  if (app.services.config.GATEHOUSE_MODE === 'sandbox') {
    registerTestNotification(app);
    registerRunDueCharges(app);
    registerListenStream(app);
    registerDeliveryChaos(app);
  }
}
