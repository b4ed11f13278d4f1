import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';

const ROLES = ['admin', 'developer', 'temp', 'finance', 'viewer'] as const;
type Role = (typeof ROLES)[number];

/**
 * The role matrix of docs/dashboard.md, written out independently of domain/dashboard/roles.ts: each
 * permission, one request that needs it, and the roles allowed. A refused request is 403 `forbidden`;
 * an allowed one gets past authorisation (a mutation aims at an unknown id, so it changes nothing: 404).
 */
const MATRIX: Array<[permission: string, method: string, path: string, body: unknown, allowed: Role[]]> = [
  ['transactions.read', 'GET', '/transactions', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['transactions.read', 'GET', '/overview?period=week', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['transactions.settle', 'POST', '/transactions/1/settle', {}, ['admin', 'finance']],
  ['transactions.refund', 'POST', '/transactions/1/refund', { amount: '1.00' }, ['admin', 'finance']],
  ['transactions.void', 'POST', '/transactions/1/void', {}, ['admin', 'finance']],
  ['keys.read', 'GET', '/keys', undefined, ['admin', 'developer', 'temp']],
  ['keys.manage', 'PATCH', '/keys/key_unknown', { label: 'x' }, ['admin', 'developer', 'temp']],
  ['keys.manage', 'DELETE', '/keys/key_unknown', undefined, ['admin', 'developer', 'temp']],
  ['users.manage', 'GET', '/users', undefined, ['admin']],
  ['users.manage', 'DELETE', '/users/dus_unknown', undefined, ['admin']],
  ['audit.read', 'GET', '/audit', undefined, ['admin']],
  ['audit.read', 'GET', '/audit?action=key.create', undefined, ['admin']],
  ['notifications.read', 'GET', '/notifications', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['notifications.resend', 'POST', '/notifications/ntf_unknown/resend', undefined, ['admin', 'developer', 'temp']],
];

describe.each(dialects())('the dashboard role matrix on %s', (dialect) => {
  let gw: Gateway;
  const as = {} as Record<Role, DashboardBrowser>;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 5, 9) });
    as.admin = await signInDemo(gw);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const extra = role === 'temp' ? { expiresAt: new Date(gw.clock.now() + 86_400_000).toISOString() } : {};
      as[role] = (await userWithRole(gw, as.admin, role, extra)).browser;
    }
  });
  afterAll(async () => {
    await gw.close();
  });

  it.each(ROLES)('tells %s its permissions, as the matrix has them', async (role) => {
    const me = await as[role].call('GET', '/me');
    const expected = [...new Set(MATRIX.filter((row) => row[4].includes(role)).map((row) => row[0]))];
    expect(me.json.permissions.sort()).toEqual(expected.sort());
  });

  const cases = MATRIX.flatMap(([permission, method, path, body, allowed]) =>
    ROLES.map((role) => ({ permission, method, path, body, role, allowed: allowed.includes(role) })),
  );
  it.each(cases)(
    '$role: $method $path ($permission) allowed=$allowed',
    async ({ method, path, body, role, allowed }) => {
      const r = await as[role].call(method, path, body);
      if (allowed) {
        expect([200, 404], r.text).toContain(r.status);
      } else {
        expect(r.status, r.text).toBe(403);
        expect(r.json.error.code).toBe('forbidden');
      }
    },
  );

  it.each(MATRIX)('refuses %s (%s %s) without a session with 401 unauthenticated', async (_p, method, path, body) => {
    const r = await gw.request(method, `/dashboard/api/v1${path}`, body === undefined ? {} : { body });
    expect(r.status, r.text).toBe(401);
    expect(r.json.error.code).toBe('unauthenticated');
  });

  it('refuses creating a key and a user to the roles without the permission, and changes nothing', async () => {
    const key = { entityId: gw.demo.processingEntityId, type: 'operations' };
    for (const role of ['finance', 'viewer'] as const) {
      expect((await as[role].call('POST', '/keys', key)).status).toBe(403);
    }
    for (const role of ['developer', 'temp', 'finance', 'viewer'] as const) {
      const r = await as[role].call('POST', '/users', { email: `x.${role}@example.com`, name: 'X', role: 'admin' });
      expect(r.status).toBe(403);
    }
    const users = await as.admin.call('GET', '/users');
    expect(users.json.items.map((u: { email: string }) => u.email)).not.toContain('x.viewer@example.com');
    expect((await as.developer.call('POST', '/keys', key)).status).toBe(201);
  });
});
