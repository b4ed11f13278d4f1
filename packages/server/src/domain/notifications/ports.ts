import type { Delivery, DeliveryAttempt, DeliveryFilter, NotificationEvent } from './notification.types.js';

export interface WebhookSecretRecord {
  id: number;
  siteId: string;
  secretSealed: string;
  createdAt: number;
  /** null while current; after a rotation, the end of its overlap with the new one */
  expiresAt: number | null;
}

/** Storage of the outbox, its attempts and site webhook secrets; implemented in store/notifications.repo.ts. */
export interface NotificationRepo {
  /** Inserts unless a row with the same dedupe key exists; answers the row's id and whether it is new. */
  enqueue(event: NotificationEvent, id: string, now: number): Promise<{ id: string; created: boolean }>;
  find(id: string): Promise<Delivery | undefined>;
  list(filter: DeliveryFilter): Promise<Delivery[]>;
  attemptsOf(outboxIds: string[]): Promise<DeliveryAttempt[]>;
  /** Due now with a fresh retry schedule, to `targetUrl` when given; attempts and their history are kept. */
  requeue(id: string, now: number, targetUrl?: string): Promise<void>;
  /** The site's secrets usable for signing at `now`, newest first. */
  webhookSecrets(siteId: string, now: number): Promise<WebhookSecretRecord[]>;
  insertWebhookSecret(siteId: string, secretSealed: string, now: number): Promise<void>;
  /** Every current secret of the site stops being used for signing at `until`. */
  retireWebhookSecrets(siteId: string, until: number): Promise<void>;
  /** `notificationUrl` of the site's settings (the default DMN address), if any. */
  siteNotificationUrl(siteId: string): Promise<string | null>;
  setSiteNotificationUrl(siteId: string, url: string | null): Promise<void>;
}
