import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DomainError, NotFound } from '../../domain/errors.js';
import type { RateLimitWindowsRepo } from '../../store/rate-limit-windows.repo.js';
import { type SharedCounter, SharedCounts } from './shared-counts.js';
import { WindowCounter } from './window-counter.js';

/**
 * Rate limits (docs/ops/deploy.md, docs/decisions/0802), counted in memory on each node and, on PostgreSQL,
 * shared by the nodes of the database (shared-counts.ts, docs/decisions/0808):
 * - per credential, `GATEHOUSE_RATE_LIMIT` requests per second: the API key or access token of a REST
 *   call, the site of a checksum-signed session call, the session token of a client API call; each
 *   credential has a bucket of three seconds' requests refilled by the limit each second, so a quiet
 *   client may burst to three times the limit (docs/decisions/0815);
 * - per client address, `GATEHOUSE_AUTH_FAILURE_LIMIT` failed authentications per minute, after which
 *   every request of that address is refused until the minute ends.
 * A refusal is a `TooManyRequests` error with `Retry-After` set: REST answers 429 `7300.4290`, the
 * session and client APIs their envelope with errCode 1090.
 *
 * It hooks in beside the interfaces' authentication rather than inside it: a root `preHandler` counts
 * the credential each interface's own hook resolved (it runs after every `onRequest`/`preValidation`
 * authentication hook), a root `onError` counts failed authentications, and a root `onRequest` refuses
 * an address over its failure limit before any authentication work.
 */

export const RATE_LIMIT_ERR_CODE = 1090;

export class TooManyRequests extends Error {
  readonly statusCode = 429;
  readonly code = 'GH_RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests');
  }
}

/** Failures that mean "who are you?" (a wrong key, checksum, merchant, site or token), not "not allowed". */
export function isAuthenticationFailure(err: unknown): boolean {
  if (err instanceof NotFound) return err.resource === 'merchant' || err.resource === 'site';
  if (!(err instanceof DomainError)) return false;
  return err.code === 'unauthenticated' || err.code === 'invalid_checksum' || err.code === 'session_expired';
}

/** The credential a request was authenticated with, as a limiter key; undefined before authentication. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const r = request as FastifyRequest & {
    merchant?: { keyId: string } | null;
    sessionContext?: { siteId: string } | null;
    clientSession?: { token: string } | null;
  };
  if (r.merchant) return `k:${r.merchant.keyId}`;
  if (r.clientSession) return `t:${r.clientSession.token}`;
  if (r.sessionContext) return `s:${r.sessionContext.siteId}`;
  return undefined;
}

const refuse = (reply: FastifyReply, waitMs: number): TooManyRequests => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  void reply.header('retry-after', String(seconds));
  return new TooManyRequests(seconds);
};

export interface RateLimitOptions {
  perSecond: number;
  failuresPerMinute: number;
  /** monotonic milliseconds from the epoch (performance.timeOrigin + performance.now()) */
  now: () => number;
  /** the shared counts of several nodes (PostgreSQL); absent: this node's counts only */
  shared?: Pick<RateLimitWindowsRepo, 'add' | 'overLimit' | 'prune'> | undefined;
}

export function rateLimitOptions(
  config: Config,
  now: () => number,
  shared?: RateLimitOptions['shared'],
): RateLimitOptions {
  return {
    perSecond: config.GATEHOUSE_RATE_LIMIT,
    failuresPerMinute: config.GATEHOUSE_AUTH_FAILURE_LIMIT,
    now,
    shared,
  };
}

/** Registers the limits on the root instance, before the interface plugins. A limit of 0 registers nothing. */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const counters: SharedCounter[] = [];
  if (options.failuresPerMinute > 0) {
    const failures = new WindowCounter(options.failuresPerMinute, 60_000, options.now);
    counters.push({ scope: 'a', counter: failures });
    app.addHook('onRequest', (request, reply, done) => {
      const wait = failures.waitFor(request.ip);
      done(wait > 0 ? refuse(reply, wait) : undefined);
    });
    app.addHook('onError', (request, _reply, err: FastifyError, done) => {
      if (isAuthenticationFailure(err)) failures.hit(request.ip);
      done();
    });
  }
  if (options.perSecond > 0) {
    const requests = new WindowCounter(options.perSecond, 1000, options.now, true);
    counters.push({ scope: 'r', counter: requests });
    app.addHook('preHandler', (request, reply, done) => {
      const key = credentialOf(request);
      const wait = key === undefined ? 0 : requests.hit(key);
      done(wait > 0 ? refuse(reply, wait) : undefined);
    });
  }
  if (options.shared && counters.length > 0) {
    const shared = new SharedCounts(counters, options.shared, app.log, options.now);
    app.addHook('onReady', (done) => {
      shared.start();
      done();
    });
    app.addHook('onClose', async () => shared.stop());
  }
}
