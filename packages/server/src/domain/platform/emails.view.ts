import type { Delivery } from '../notifications/notification.types.js';
import type { DomainDeps } from '../ports.js';
import type { EmailMessage } from './platform.types.js';

/** One platform e-mail as kept in the outbox: the message and how its delivery stands. */
export interface KeptEmail extends EmailMessage {
  id: string;
  notificationType: string;
  status: Delivery['status'];
  attempts: number;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

export function keptEmailOf(row: Delivery): KeptEmail {
  const m = JSON.parse(row.payload) as EmailMessage;
  return {
    id: row.id,
    notificationType: row.eventType,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}

/** The platform's e-mails, newest first (`platformId` null: every platform's, for the operator's CLI). */
export async function listEmails(deps: DomainDeps, platformId: string | null, limit: number): Promise<KeptEmail[]> {
  return (await deps.storage.read.platform.listEmails(platformId, limit)).map(keptEmailOf);
}
