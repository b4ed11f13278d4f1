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
  [
    'notifications.resend',
    'POST',
    '/notifications/test',
    { kind: 'webhook', url: 'https://shop.example/x', siteId: 'site_unknown' },
    ['admin', 'developer', 'temp'],
  ],
  ['withdrawals.read', 'GET', '/withdrawals', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['withdrawals.manage', 'POST', '/withdrawals/999999/approve', {}, ['admin', 'finance']],
  ['withdrawals.manage', 'POST', '/withdrawals/999999/decline', {}, ['admin', 'finance']],
  ['withdrawals.manage', 'POST', '/withdrawals/orders/999999/settle', undefined, ['admin', 'finance']],
  ['transactions.read', 'GET', '/apm-payments', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['apm.complete', 'POST', '/apm-payments/999999/complete', { outcome: 'approved' }, ['admin', 'finance']],
  [
    'upos.read',
    'GET',
    '/payment-options?userTokenId=u1',
    undefined,
    ['admin', 'developer', 'temp', 'finance', 'viewer'],
  ],
  ['upos.manage', 'POST', '/payment-options/999999999/suspend', {}, ['admin', 'developer']],
  ['upos.manage', 'POST', '/payment-options/999999999/enable', {}, ['admin', 'developer']],
  ['upos.manage', 'DELETE', '/payment-options/999999999', undefined, ['admin', 'developer']],
  ['sites.read', 'GET', '/sites', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['sites.manage', 'PATCH', '/sites/site_unknown', { uniqueClientRequestId: true }, ['admin', 'developer']],
  ['sites.manage', 'POST', '/sites/site_unknown/webhook-secret', {}, ['admin', 'developer']],
  ['platform.read', 'GET', '/platform', undefined, ['admin', 'developer', 'temp', 'finance', 'viewer']],
  ['platform.manage', 'POST', '/platform/account-owners/AO_unknown/status', { status: 'IN_PROGRESS' }, ['admin']],
  ['platform.manage', 'POST', '/platform/payouts/PO_unknown/status', { status: 'ACCEPTED' }, ['admin']],
  ['platform.manage', 'POST', '/platform/splits/SP_unknown/status', { status: 'CANCELLED' }, ['admin']],
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
