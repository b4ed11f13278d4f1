import { expect } from 'vitest';
import type { Gateway, HttpResult } from './harness.js';

/** A browser of the control panel: the `gh_dash` cookie it was given and the CSRF token it was told. */
export interface DashboardBrowser {
  cookie: string;
  csrf: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult>;
}

export const DASH = '/dashboard/api/v1';

export function signInRequest(gw: Gateway, email: string, password: string, headers: Record<string, string> = {}) {
  return gw.request('POST', `${DASH}/session`, { body: { email, password }, headers });
}

/** Signs in and keeps the cookie and the CSRF token, as the page does. */
export async function signIn(gw: Gateway, email: string, password: string): Promise<DashboardBrowser> {
  const r = await signInRequest(gw, email, password);
  expect(r.status, r.text).toBe(200);
  const setCookie = r.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0]!;
  const csrf = r.json.csrfToken as string;
  return {
    cookie,
    csrf,
    call(method, path, body, headers = {}) {
      const changes = method !== 'GET' && method !== 'HEAD';
      return gw.request(method, `${DASH}${path}`, {
        headers: { cookie, ...(changes ? { 'x-csrf-token': csrf } : {}), ...headers },
        ...(body !== undefined ? { body } : {}),
      });
    },
  };
}

/** Signs the demo admin in. */
export function signInDemo(gw: Gateway): Promise<DashboardBrowser> {
  return signIn(gw, gw.demo.dashboard!.email, gw.demo.dashboard!.password);
}

/** An admin creates a user with `role`; signs that user in. */
export async function userWithRole(
  gw: Gateway,
  admin: DashboardBrowser,
  role: string,
  extra: Record<string, unknown> = {},
): Promise<{ browser: DashboardBrowser; id: string; email: string; password: string }> {
  const email = `${role}.${Math.floor(gw.clock.now())}.${Object.keys(extra).length}.${(counter += 1)}@example.com`;
  const made = await admin.call('POST', '/users', { email, name: `A ${role}`, role, ...extra });
  expect(made.status, made.text).toBe(201);
  const password = made.json.password as string;
  return { browser: await signIn(gw, email, password), id: made.json.user.id as string, email, password };
}
let counter = 0;
