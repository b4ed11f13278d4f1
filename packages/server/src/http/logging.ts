import type { FastifyInstance } from 'fastify';
import { type LoggerOptions, stdTimeFunctions } from 'pino';

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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'gatehouse' },
    timestamp: stdTimeFunctions.isoTime,
  };
}

/** Only the path is logged: query values (a sessionId is a bearer credential) stay out of the logs. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?${url.slice(q + 1).split('&').map((kv) => `${kv.split('=')[0]}=…`).join('&')}`;
}

/** One structured line per request, written when the response is sent. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
  });
}
