import { metrics } from '../lib/metrics.js';
import { enqueueNotification } from '../domain/notifications/notification.service.js';
import type { Delivery } from '../domain/notifications/notification.types.js';
import { afterFailure } from '../domain/notifications/retry.schedule.js';
import type { DomainDeps } from '../domain/ports.js';
import { nowOf } from '../lib/clock.js';
import type { NextState } from '../store/outbox-relay.repo.js';
import { type EmailSender, emailOf } from './email-sender.js';
import type { SendResult } from './http-sender.js';
import type { RelayLog } from './relay-options.js';

/** One SMTP attempt: delivered, retried with backoff (no connection, 4xx), or failed at once (5xx). */
export async function sendEmailAttempt(
  mailer: EmailSender,
  deps: DomainDeps,
  log: RelayLog,
  row: Delivery,
): Promise<[SendResult, NextState]> {
  const out = await mailer.send(row, row.attempts).catch((err: unknown) => ({
    delivered: false,
    permanent: false,
    smtpCode: null,
    latencyMs: 0,
    error: (err as Error).message,
    response: null,
  }));
  const result: SendResult = {
    statusCode: out.smtpCode,
    latencyMs: out.latencyMs,
    error: out.error,
    responseExcerpt: out.response,
  };
  metrics.emails.inc({ outcome: out.delivered ? 'sent' : out.permanent ? 'failed' : 'retry' });
  if ('retryRecipients' in out && out.retryRecipients?.length)
    await retryRecipients(deps, log, row, out.retryRecipients);
  if ('configuration' in out && out.configuration)
    log.warn(
      { notification: row.id, smtpCode: out.smtpCode, error: out.error },
      'SMTP refused the configuration (authentication or TLS): the e-mail is retried; fix SMTP_URL',
    );
  const now = nowOf(deps.clock, row.merchantId);
  const next: NextState = out.delivered
    ? { status: 'delivered' }
    : out.permanent
      ? { status: 'failed' }
      : afterFailure('email', row.attempts - row.retryBase, now);
  return [result, next];
}

/**
 * Recipients the SMTP server refused for now (4xx: greylisting, a full mailbox) while it took the
 * others: the same message to them alone, as a new e-mail row with its own retries, so the others
 * never get it twice (docs/decisions/0825). Keyed by this row: a second attempt adds no second row.
 */
async function retryRecipients(deps: DomainDeps, log: RelayLog, row: Delivery, recipients: string[]): Promise<void> {
  const message = emailOf(row);
  try {
    await deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        {
          kind: 'email',
          dedupeKey: `${row.dedupeKey}:later:${row.id}`,
          merchantId: row.merchantId,
          siteId: row.siteId,
          orderId: row.orderId,
          sessionId: row.sessionId,
          transactionId: row.transactionId,
          targetUrl: `mailto:${recipients.join(',')}`,
          eventType: row.eventType,
          payload: JSON.stringify({ ...message, to: recipients }),
        },
        deps.clock.now(),
      ),
    );
    log.info(
      { notification: row.id, recipients: recipients.length },
      'recipients refused for now: the e-mail is sent to them again',
    );
  } catch (err) {
    log.error({ err, notification: row.id }, 'queueing the e-mail again for refused recipients failed');
  }
}
