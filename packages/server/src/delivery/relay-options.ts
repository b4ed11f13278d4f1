import type { Config } from '../config.js';

export interface RelayOptions {
  /** the whole-attempt HTTP timeout */
  timeoutMs: number;
  /** private-network targets allowed (sandbox) */
  allowPrivate: boolean;
  /** how long a claimed row stays reserved for this relay (clock time); default 2 × timeout + 5 s */
  leaseMs?: number;
  /** deliveries in flight at once, and rows claimed per round */
  concurrency?: number;
  /** deliveries in flight at once to one target (scheme, host and port of the URL); default 8 (docs/decisions/0825) */
  perTarget?: number;
  /** e-mails in flight at once (their own lane: a hung SMTP server holds no more slots); default 4 */
  emailConcurrency?: number;
  /** idle poll interval of `start()` (real time) */
  pollMs?: number;
  /** relay id written to `locked_by` and to each attempt; default host:pid:random */
  id?: string;
  /** SMTP for platform e-mails (SMTP_URL); without it (and without a `mailer`) e-mails stay queued, listed by the admin API */
  smtp?: { url: string; from: string };
  /** sites' delivery chaos settings are applied (sandbox only, docs/decisions/0922) */
  chaos?: boolean;
}

export interface RelayLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentRelayLog: RelayLog = { info() {}, warn() {}, error() {} };

/** Relay options from the configuration (GATEHOUSE_MODE, GATEHOUSE_DELIVERY_*). */
export function relayOptionsOf(config: Config): RelayOptions {
  return {
    timeoutMs: config.GATEHOUSE_DELIVERY_TIMEOUT_MS,
    allowPrivate: config.GATEHOUSE_DELIVERY_ALLOW_PRIVATE ?? config.GATEHOUSE_MODE === 'sandbox',
    concurrency: config.GATEHOUSE_DELIVERY_CONCURRENCY,
    perTarget: config.GATEHOUSE_DELIVERY_PER_TARGET,
    emailConcurrency: config.GATEHOUSE_EMAIL_CONCURRENCY,
    pollMs: config.GATEHOUSE_DELIVERY_POLL_MS,
    ...(config.SMTP_URL ? { smtp: { url: config.SMTP_URL, from: config.SMTP_FROM } } : {}),
    chaos: config.GATEHOUSE_MODE === 'sandbox',
  };
}
