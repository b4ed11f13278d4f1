import type { NotificationRender } from '../domain/notifications/render.port.js';
import { dmnNotification } from './dmn.payload.js';
import { webhookNotification } from './webhook.payload.js';
import { withdrawalOrderDmn } from './withdrawal-order.dmn.js';
import { withdrawalDmn } from './withdrawal.dmn.js';

/** The domain's `NotificationRender` port (docs/decisions/0617): the bytes the outbox stores and the relay sends. */
export const notificationRender: NotificationRender = {
  webhook: webhookNotification,
  dmn: dmnNotification,
  withdrawalDmn,
  withdrawalOrderDmn,
};
