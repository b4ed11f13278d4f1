import { GatehouseApiError } from './api-error.js';

/** The `fetch` the clients call: the global one by default, or the caller's (a proxy agent, a test double). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The answer's body parsed as JSON; a body that is not JSON becomes a `GatehouseApiError`. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // expected: not JSON: the error says so and carries the text
    throw new GatehouseApiError(res.status, String(res.status), `answer is not JSON: ${text.slice(0, 200)}`, text);
  }
}

/** `baseUrl` without its trailing slashes, so `${base}/orders` has one. */
export const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
