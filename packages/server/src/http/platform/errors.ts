import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidState } from '../../domain/errors.js';
import { errorBody, restErrorHandler } from '../rest/errors.js';

/**
 * The platform interface answers in the REST error shape (DECISIONS.md 10), with one difference: a
 * status move its state machine forbids is 409 naming the current state (nothing changed).
 */
export function platformErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof InvalidState) {
    void reply.code(409).send(errorBody('5000.1009', err.message));
    return;
  }
  restErrorHandler(err, request, reply);
}
