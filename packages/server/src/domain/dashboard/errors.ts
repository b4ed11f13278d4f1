/**
 * Refusals only the control panel's sign-in makes (docs/dashboard.md). They stay out of the shared
 * catalogue (domain/errors.ts): no other interface signs people in, so no other interface maps them.
 */
export class InvalidCredentials extends Error {
  readonly code = 'invalid_credentials';
  constructor() {
    super('Wrong e-mail or password');
  }
}

/** Too many failed sign-ins for one e-mail or from one address: try again after `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  readonly code = 'too_many_attempts';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins: try again in ${retryAfterSeconds} s`);
  }
}
