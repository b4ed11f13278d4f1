import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { isPrivateAddress, PrivateTargetRefused, publicOnlyLookup } from './private-network.js';

/** One HTTP POST of a notification, and what came of it. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendResult {
  /** null when no response arrived */
  statusCode: number | null;
  /** time from the start of the request to the end of the (bounded) response read */
  latencyMs: number;
  /** why the attempt failed without a 2xx, when there is more to say than the status code */
  error: string | null;
  /** the start of the response body, at most `maxResponseBytes` */
  responseExcerpt: string | null;
}

export interface Sender {
  send(req: OutgoingRequest): Promise<SendResult>;
  close(): Promise<void>;
}

export interface HttpSenderOptions {
  /** whole attempt: connect, headers and the bounded body read (docs/notifications.md: 10 s) */
  timeoutMs: number;
  /** false: loopback, private and link-local targets are refused (production) */
  allowPrivate: boolean;
  maxResponseBytes?: number;
  userAgent?: string;
}

export const isSuccess = (r: SendResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/**
 * Sends notifications with undici: redirects are never followed (a 3xx is a failed attempt), the
 * response is read up to a small limit, and every failure becomes a recorded error instead of a
 * throw. Latency is measured with the monotonic clock: it is a measurement, not a point in time.
 */
export function createHttpSender(options: HttpSenderOptions): Sender {
  const limit = options.maxResponseBytes ?? 1024;
  const agent = new Agent({
    connect: { timeout: options.timeoutMs, ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }) },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 4_000,
  });
  return {
    async send(req) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const fail = (error: string, statusCode: number | null = null): SendResult => ({
        statusCode,
        latencyMs: elapsed(),
        error,
        responseExcerpt: null,
      });
      let url: URL;
      try {
        url = new URL(req.url);
      } catch {
        // expected: not a URL: the attempt fails with the address it was given
        return fail(`invalid URL: ${req.url.slice(0, 200)}`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`unsupported URL scheme ${url.protocol}`);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // A literal address is dialled without a lookup: check it here.
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
        return fail(new PrivateTargetRefused(host).message);
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const res = await request(url, {
          method: 'POST',
          headers: { 'user-agent': options.userAgent ?? 'Gatehouse-Notifications/0.1', ...req.headers },
          body: req.body,
          dispatcher: agent,
          signal,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          const buf = chunk as Buffer;
          chunks.push(buf);
          size += buf.length;
          if (size >= limit) break; // leaving the loop destroys the body stream
        }
        const excerpt = Buffer.concat(chunks).subarray(0, limit).toString('utf8');
        const status = res.statusCode;
        let error: string | null = null;
        if (status >= 300 && status < 400) {
          const location = res.headers.location;
          error = `redirect not followed (${status}${location ? ` to ${String(location).slice(0, 200)}` : ''})`;
        } else if (status < 200 || status >= 300) {
          error = `HTTP ${status}`;
        }
        return { statusCode: status, latencyMs: elapsed(), error, responseExcerpt: excerpt };
      } catch (err) {
        if (signal.aborted) return fail(`timeout after ${options.timeoutMs} ms`);
        return fail(describeError(err, options.timeoutMs));
      }
    },
    close: () => agent.close(),
  };
}

const TIMEOUTS = new Set(['HeadersTimeoutError', 'BodyTimeoutError', 'ConnectTimeoutError']);

function describeError(err: unknown, timeoutMs: number): string {
  const outer = err as { name?: string; code?: string };
  if (TIMEOUTS.has(outer?.name ?? '')) return `timeout after ${timeoutMs} ms (${outer.code ?? outer.name})`;
  // undici wraps connect failures; the innermost cause names what happened.
  let e = err as (Error & { code?: string; cause?: unknown }) | undefined;
  for (let i = 0; i < 4 && e?.cause instanceof Error; i++) e = e.cause as Error & { code?: string; cause?: unknown };
  if (e instanceof PrivateTargetRefused) return e.message;
  const text = e?.message || String(err);
  const code = e?.code && !text.includes(e.code) ? `${e.code}: ` : '';
  return (code + text).slice(0, 500);
}
