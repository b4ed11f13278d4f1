/**
 * The one way the SDK talks to Gatehouse: POST a JSON body to `<origin>/client/v1/<method>` and read
 * the JSON answer. No cookies or credentials are sent; the `sessionToken` in the body authenticates.
 * Other modules (withdrawals.ts) receive a transport so they stay testable without a network.
 */
export type ClientTransport = (method: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function createTransport(origin: string): ClientTransport {
  const base = origin.replace(/\/+$/, '');
  return async (method, body) => {
    let response: Response;
    try {
      response = await fetch(`${base}/client/v1/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
      });
    } catch {
      return { status: 'ERROR', errCode: 1000, reason: 'Network error', errorDescription: 'Network error' };
    }
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      return {
        status: 'ERROR',
        errCode: 1000,
        reason: 'General error',
        errorDescription: `Unexpected answer (HTTP ${response.status})`,
      };
    }
  };
}
