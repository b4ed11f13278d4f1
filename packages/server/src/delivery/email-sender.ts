import nodemailer from 'nodemailer';
import type { Delivery } from '../domain/notifications/notification.types.js';
import type { EmailMessage } from '../domain/platform/platform.types.js';

/**
 * Platform e-mails over SMTP (nodemailer; `SMTP_URL` carries TLS and auth: `smtps://user:pass@host:465`,
 * `smtp://host:1025`, `?requireTLS=true`). One outbox row is one message to every address of its
 * configuration. Its `Message-ID` is derived from the row id, so a resend after a crash or a retry
 * carries the same id and a receiver (or a person) recognises it (docs/decisions/0704).
 */
export interface EmailOutcome {
  /** accepted by the server for at least one recipient */
  delivered: boolean;
  /** a 5xx answer: retrying cannot help, the row fails now */
  permanent: boolean;
  /** the SMTP reply code, when the server answered */
  smtpCode: number | null;
  latencyMs: number;
  error: string | null;
  /** the server's reply (and any rejected recipients) */
  response: string | null;
  /** refused for the SMTP configuration (authentication, TLS required): retried, and logged */
  configuration?: true;
  /** delivered, but these recipients were refused for now (4xx, greylisting): sent again to them alone */
  retryRecipients?: string[];
}

export interface EmailSender {
  send(row: Delivery, attemptNo: number): Promise<EmailOutcome>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs: number;
}

/** `<ntf_…@domain>`: the same for every attempt of one row. */
export function messageIdOf(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'gatehouse.invalid';
  return `<${rowId}@${domain}>`;
}

/** The message a row holds (its payload is exactly what is sent). */
export function emailOf(row: Delivery): EmailMessage {
  return JSON.parse(row.payload) as EmailMessage;
}

interface SmtpError extends Error {
  responseCode?: number;
  response?: string;
  code?: string;
}

export function createSmtpSender(options: SmtpOptions, now: () => number = () => performance.now()): EmailSender {
  // The timeouts are transport options beside the URL: a second argument would be message defaults,
  // and an attempt would wait nodemailer's 30 s for a greeting, beyond its lease (docs/decisions/0825).
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as never);
  // and the whole attempt ends within twice the timeout, inside the relay's lease (2 × timeout + 5 s)
  const deadline = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`SMTP attempt not finished within ${2 * options.timeoutMs} ms`)),
        2 * options.timeoutMs,
      );
      p.then(
        (v) => (clearTimeout(timer), resolve(v)),
        (e: unknown) => (clearTimeout(timer), reject(e as Error)),
      );
    });
  return {
    async send(row, attemptNo) {
      const started = now();
      const m = emailOf(row);
      try {
        const info = (await deadline(
          transport.sendMail({
            from: options.from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            messageId: messageIdOf(row.id, options.from),
            headers: { 'X-Gatehouse-Notification': row.id, 'X-Gatehouse-Attempt': String(attemptNo) },
          }),
        )) as {
          response?: string;
          rejected?: unknown[];
          rejectedErrors?: Array<{ recipient?: string; responseCode?: number }>;
        };
        const rejected = (info.rejected ?? []).map(String);
        const later = (info.rejectedErrors ?? [])
          .filter((e) => typeof e.recipient === 'string' && typeof e.responseCode === 'number' && e.responseCode < 500)
          .map((e) => e.recipient!);
        return {
          ...(later.length > 0 ? { retryRecipients: later } : {}),
          delivered: true,
          permanent: false,
          smtpCode: Number(/^\d{3}/.exec(info.response ?? '')?.[0] ?? 250),
          latencyMs: Math.round(now() - started),
          error: null,
          response: `${info.response ?? ''}${rejected.length > 0 ? ` (rejected: ${rejected.join(', ')})` : ''}`.slice(
            0,
            1024,
          ),
        };
      } catch (err) {
        const e = err as SmtpError;
        const code = typeof e.responseCode === 'number' ? e.responseCode : null;
        // A refusal of the configuration (authentication, TLS required) is the operator's to fix, not
        // the message's fault: retried with backoff, so a corrected SMTP_URL sends it (docs/decisions/0825).
        const configuration =
          e.code === 'EAUTH' || e.code === 'ETLS' || (code !== null && [530, 534, 535, 538].includes(code));
        return {
          delivered: false,
          permanent: code !== null && code >= 500 && !configuration,
          ...(configuration ? { configuration: true } : {}),
          smtpCode: code,
          latencyMs: Math.round(now() - started),
          error: `${code !== null ? `SMTP ${code}: ` : ''}${(e.response ?? e.message).slice(0, 500)}`,
          response: e.response?.slice(0, 1024) ?? null,
        };
      }
    },
    async close() {
      transport.close();
    },
  };
}
