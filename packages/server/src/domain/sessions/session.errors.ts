/**
 * Refusals particular to the session interface, beside the shared catalogue of `domain/errors.ts`
 * (whose Missing/Invalid/InvalidCurrency the session domain also throws). `http/session/errors.ts`
 * maps every code to its errCode; a missing mapping is a compile error there.
 */
export type SessionErrorCode =
  | 'general'
  | 'invalid_checksum'
  | 'invalid_merchant'
  | 'invalid_site'
  | 'invalid_timestamp'
  | 'unsupported_currency'
  | 'items_mismatch'
  | 'invalid_order'
  | 'order_exists'
  | 'invalid_request'
  | 'duplicate_request'
  | 'session_expired'
  | 'not_available';

export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const sessionExpired = () => new SessionError('session_expired', 'Session expired');
