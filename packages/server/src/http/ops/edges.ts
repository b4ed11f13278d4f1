import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * The edges of HTTP that Fastify and Node answer before any plugin sees a request: a path parameter
 * over the length limit (414), headers too large (431), a request that does not arrive in time
 * (408), a request line that does not parse (400). Each answers our REST error shape, never
 * Fastify's `{error, message, statusCode}` (docs/decisions/0800).
 */

/** Our code and reason for each framework status (docs/errors.md). */
export const EDGE_ERRORS = {
  400: { code: '5000.1002', reason: 'Malformed request' },
  408: { code: '5000.1008', reason: 'Request not received in time' },
  414: { code: '5000.1014', reason: 'Request URI too long' },
  431: { code: '5000.1031', reason: 'Request header fields too large' },
  500: { code: '7000.1000', reason: 'Internal system error' },
} as const;
type EdgeStatus = keyof typeof EDGE_ERRORS;

export function edgeBody(status: EdgeStatus): string {
  const { code, reason } = EDGE_ERRORS[status];
  return JSON.stringify({ result: { status: 'error', errors: { code, reason } } });
}

/** Fastify's `frameworkErrors`: routing errors (bad URL, parameter too long) before any route runs. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status: EdgeStatus = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  void reply.code(status).type('application/json; charset=utf-8').send(edgeBody(status));
}

/**
 * The server's `clientError` handler: a request Node's parser refused (headers too large, a request
 * that did not arrive within the server's timeouts, bytes that are not HTTP). There is no request
 * object yet: the answer is written to the socket, which is then closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status: EdgeStatus =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    const body = edgeBody(status);
    const text = {
      400: 'Bad Request',
      408: 'Request Timeout',
      414: 'URI Too Long',
      431: 'Request Header Fields Too Large',
      500: 'Internal Server Error',
    }[status];
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The error a body timeout raises into the route's content parser: each interface answers it in its shape. */
export class BodyTimeout extends Error {
  readonly statusCode = 408;
  readonly code = 'GH_BODY_TIMEOUT';
  constructor(ms: number) {
    super(`Request body not received within ${ms} ms`);
  }
}

interface PendingBody {
  deadline: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A body that does not arrive within `ms` of the request's headers is answered 408 and its
 * connection closed (a slow-body client holds a socket and a parser for nothing). One sweep timer
 * for the whole server, not one timer per request: a request with a body costs a Set entry and one
 * listener. `now` is a monotonic reading (performance.now), not the business clock.
 */
export function registerBodyTimeout(app: FastifyInstance, ms: number, now: () => number): void {
  if (ms <= 0) return;
  const pending = new Set<PendingBody>();
  const sweep = setInterval(
    () => {
      const t = now();
      for (const p of pending) {
        if (p.deadline > t) continue;
        pending.delete(p);
        const raw = p.request.raw;
        // HTTP/1.1: close the connection after the answer (a header HTTP/2 forbids).
        if (raw.httpVersionMajor === 1) void p.reply.header('connection', 'close');
        if (raw.listenerCount('error') > 0) raw.emit('error', new BodyTimeout(ms));
        else raw.socket?.destroy();
      }
    },
    Math.max(20, Math.min(1000, Math.floor(ms / 4))),
  );
  sweep.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
  const hook: onRequestHookHandler = (request, reply, done) => {
    const headers = request.headers;
    const length = headers['content-length'];
    if ((length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined) {
      const entry: PendingBody = { deadline: now() + ms, request, reply };
      pending.add(entry);
      const settle = () => pending.delete(entry);
      request.raw.once('end', settle);
      request.raw.once('close', settle);
    }
    done();
  };
  app.addHook('onRequest', hook);
}
