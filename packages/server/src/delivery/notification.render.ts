import type { NotificationRender } from '../domain/notifications/render.port.js';
import { dmnNotification } from './dmn.payload.js';
import { webhookNotification } from './webhook.payload.js';

/** The domain's `NotificationRender` port (docs/decisions/0617): the bytes the outbox stores and the relay sends. */
export const notificationRender: NotificationRender = {
  webhook: webhookNotification,
  dmn: dmnNotification,
};
