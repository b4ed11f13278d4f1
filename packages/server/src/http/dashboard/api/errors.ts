import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../../../domain/errors.js';
import { InvalidCredentials, TooManyAttempts } from '../../../domain/dashboard/errors.js';
import type { DashboardError } from '../../../schemas/dashboard/common.schema.js';
import { type SchemaError, schemaErrorToDomain } from '../../validation.js';

type Code = DashboardError['error']['code'];

/** A refusal of the CSRF check (docs/dashboard.md): a missing or wrong token, or a foreign Origin. */
export class CsrfRefused extends Error {
  readonly code = 'csrf';
}

/** A refusal whose words the page shows as they are (a move production mode keeps for the operator). */
export class ForbiddenHere extends Error {
  readonly code = 'forbidden';
}

/** Every domain error as the control panel answers it (docs/dashboard.md). */
const WIRE = {
  missing: [400, 'invalid'],
  invalid: [400, 'invalid'],
  invalid_currency: [400, 'invalid'],
  unsupported_currency: [400, 'invalid'],
  method_not_enabled: [400, 'invalid'],
  amount_mismatch: [400, 'invalid'],
  unauthenticated: [401, 'unauthenticated'],
  invalid_checksum: [401, 'unauthenticated'],
  invalid_timestamp: [400, 'invalid'],
  forbidden: [403, 'forbidden'],
  not_found: [404, 'not_found'],
  unknown_related_transaction: [404, 'not_found'],
  idempotency_mismatch: [409, 'conflict'],
  duplicate_request: [409, 'conflict'],
  in_flight: [409, 'conflict'],
  bad_request: [400, 'invalid'],
  session_expired: [401, 'unauthenticated'],
  order_exists: [409, 'conflict'],
  invalid_state: [409, 'conflict'],
  transaction_refused: [409, 'conflict'],
  withdrawal_refused: [409, 'conflict'],
  withdrawal_limit_reached: [409, 'conflict'],
} satisfies Record<DomainErrorCode, [number, Code]>;

const MESSAGES: Partial<Record<Code, string>> = {
  unauthenticated: 'Sign in first: no live session',
  forbidden: 'Your role may not do this',
  csrf: 'Missing or wrong CSRF token, or a request from another site',
};

function body(code: Code, message: string, field?: string): DashboardError {
  return { error: { code, message, ...(field !== undefined ? { field } : {}) } };
}

function fieldOf(err: DomainError): string | undefined {
  const f = (err as { field?: unknown }).field;
  return typeof f === 'string' ? f : undefined;
}

/** The control panel's error handler: the contract's shape, never a stack. */
export function dashboardErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof TooManyAttempts) {
    void reply.code(429).header('retry-after', String(err.retryAfterSeconds)).send(body(err.code, err.message));
    return;
  }
  if (err instanceof InvalidCredentials) {
    void reply.code(401).send(body(err.code, err.message));
    return;
  }
  if (err instanceof ForbiddenHere) {
    void reply.code(403).send(body('forbidden', err.message));
    return;
  }
  if (err instanceof CsrfRefused) {
    void reply.code(403).send(body('csrf', MESSAGES.csrf!));
    return;
  }
  const domain =
    err instanceof DomainError
      ? err
      : err.validation?.length
        ? schemaErrorToDomain(err.validation[0] as unknown as SchemaError)
        : undefined;
  if (domain) {
    const [status, code] = WIRE[domain.code];
    void reply.code(status).send(body(code, MESSAGES[code] ?? domain.message, fieldOf(domain)));
    return;
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: Code =
      status === 404 ? 'not_found' : status === 409 ? 'conflict' : status === 429 ? 'too_many_attempts' : 'invalid';
    void reply
      .code(status === 415 || status === 413 ? 400 : status)
      .send(body(code, status === 413 ? 'Request body too large' : 'Malformed request'));
    return;
  }
  request.log.error({ err }, 'unexpected error');
  void reply.code(500).send(body('internal', 'Internal error'));
}

/** An unknown path under /dashboard/api/: the control panel's error shape, not the REST one. */
export function dashboardNotFound(method: string, path: string): DashboardError {
  return body('not_found', `Not found: ${method} ${path}`);
}
