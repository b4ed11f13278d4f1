/**
 * What an API call answered when it failed: the HTTP status and, from the documented error body
 * (`{"result":{"status":"error","errors":{"code","reason"}}}` on the REST API, `status: ERROR` with
 * `errCode`/`reason` on the session API), its code and reason. `body` is the answer as parsed.
 */
export class GatehouseApiError extends Error {
  override readonly name = 'GatehouseApiError';
  constructor(
    /** the HTTP status (the session API answers its errors with 200) */
    readonly status: number,
    /** the error code: REST `5000.1001`, `7300.3000`...; session API errCode as a string, e.g. `1001` */
    readonly code: string,
    readonly reason: string,
    readonly body: unknown,
  ) {
    super(`${status} ${code}: ${reason}`);
  }
}

/** The error a REST answer carries: `result.errors` (`code`, `reason`), else a generic one. */
export function restError(status: number, body: unknown): GatehouseApiError {
  const errors = (body as { result?: { errors?: { code?: unknown; reason?: unknown } } } | undefined)?.result?.errors;
  const code = typeof errors?.code === 'string' ? errors.code : String(status);
  const reason = typeof errors?.reason === 'string' ? errors.reason : `HTTP ${status}`;
  return new GatehouseApiError(status, code, reason, body);
}
