import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { destination, type LoggerOptions, symbols } from 'pino';
import { type Clock, systemClock } from '../lib/clock.js';

/** Paths pino blanks in every log line: credentials, card data and secrets, wherever they appear. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.apiKey',
  '*.merchantSecretKey',
  '*.secret',
  '*.password',
  '*.cardNumber',
  '*.CVV',
  '*.cvv',
  '*.sessionId',
  '*.sessionToken',
  '*.access_token',
  '*.checksum',
];

/**
 * Standard output (or `dest`) as pino writes it by default: asynchronously, off the event loop, in
 * writes of at most 4 KiB. Each line is handed to sonic-boom as its UTF-8 bytes (`contentMode:
 * 'buffer'`). Given strings, sonic-boom joins each line to the last unwritten chunk and measures that
 * chunk again at every line. Measuring a chunk costs little while every character of it is ASCII.
 * One line with another character (the `…` of a path whose query values are hidden) made the chunk a
 * two-byte string, measured character by character: a line then cost 5.4 µs instead of 2.6 (half the
 * lines with a query, measured alone). The bytes written are the same (ADR 0672).
 */
export function stdoutLog(dest: number | string = process.stdout.fd ?? 1): ReturnType<typeof destination> {
  const out = destination({ dest, sync: false, maxWrite: 4096, contentMode: 'buffer' });
  const write = out.write.bind(out) as unknown as (bytes: Buffer) => boolean;
  out.write = (line: string) => write(Buffer.from(line));
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'gatehouse' },
    timestamp: isoTime(systemClock),
  };
}

/**
 * pino's `stdTimeFunctions.isoTime` (`,"time":"2026-11-22T04:06:43.591Z"`) without a `Date` and an
 * ISO formatting per line: the text up to the second is kept until the second changes.
 */
export function isoTime(clock: Clock): () => string {
  let second = Number.NaN;
  let head = '';
  return () => {
    const ms = clock.now();
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      second = s;
      head = `,"time":"${new Date(s * 1000).toISOString().slice(0, -4)}`; // up to the '.' before the milliseconds
    }
    const milli = ms - s * 1000;
    return `${head}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z"`;
  };
}

type Stringifier = (value: unknown) => string | undefined;

/**
 * Pino applies `redact` by passing every top-level value of a line, its message and its bindings
 * through a redactor built from REDACT_PATHS (the `*.x` paths match under any top-level key). Given a
 * string, number or boolean, that redactor cannot censor anything: it tries each path, finds none,
 * and returns `JSON.stringify(value)`. The request line holds only such values, and trying the 14
 * paths on each of them was most of its cost. This gives scalars their `JSON.stringify` directly and
 * passes everything else (objects, arrays, errors, null, bigint) to pino's redactor unchanged, so
 * every line is byte for byte what pino's redaction alone writes.
 *
 * It reaches the redactors through `pino.symbols` (pino's published handles on its internals).
 * Returns false, changing nothing, when they are not where pino 10 keeps them: the lines are then
 * redacted by pino alone, as before, only slower.
 */
export function skipRedactionOfScalars(logger: FastifyBaseLogger): boolean {
  const stringifiers = (logger as unknown as Record<symbol, unknown>)[symbols.stringifiersSym];
  if (typeof stringifiers !== 'object' || stringifiers === null) return false;
  const table = stringifiers as Record<string | symbol, unknown>;
  const keys = Reflect.ownKeys(table);
  if (!keys.includes(symbols.wildcardFirstSym) || !keys.every((k) => typeof table[k] === 'function')) return false;
  for (const key of keys) {
    const redact = table[key] as Stringifier;
    const scalarsFirst: Stringifier = (value) =>
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? JSON.stringify(value)
        : redact(value);
    table[key] = scalarsFirst;
  }
  return true;
}

/**
 * Adds `bindings` to every later line of this request's logger. Fastify gives each request a child
 * logger of its own, so pino's `setBindings` on it changes no other request's lines, and costs a
 * fraction of a child of that child (which derives its level methods anew): a session call binds
 * two (internalRequestId, clientRequestId). Never the server's own logger: a child is made then.
 */
export function bindToRequestLog(request: FastifyRequest, bindings: Record<string, unknown>): void {
  const log = request.log as FastifyBaseLogger & { setBindings?(b: Record<string, unknown>): void };
  if (typeof log.setBindings === 'function' && log !== request.server.log) log.setBindings(bindings);
  else request.log = log.child(bindings);
}

/** Only the path is logged: query values (a sessionId is a bearer credential) stay out of the logs. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1
    ? url
    : `${url.slice(0, q)}?${url
        .slice(q + 1)
        .split('&')
        .map((kv) => `${kv.split('=')[0]}=…`)
        .join('&')}`;
}

/** One structured line per request, written when the response is sent (a callback hook: no promise per request). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        // the client: the TCP peer, or X-Forwarded-For's via a trusted balancer (GATEHOUSE_TRUST_PROXY)
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}
