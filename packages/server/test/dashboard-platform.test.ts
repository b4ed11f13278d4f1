import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createEntity, createMerchant } from '../src/domain/merchants/merchant.service.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';
import { dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway } from './harness.js';

/**
 * The marketplace platform in the control panel (docs/dashboard.md): a merchant without it is told so;
 * a platform sees its sellers with their KYC status, payouts, e-mail configurations and the e-mails sent,
 * and in the sandbox moves its own resources through the platform's state machines (another
 * platform's: 404; a forbidden move: 409; a bad status: 400); every move is audited.
 */
describe.each(dialects())('the platform page’s API on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  let otherKey: Record<string, string>;
  let n = 0;
  const post = (path: string, body: unknown, headers: Record<string, string> = apiKey(gw)) =>
    gw.request('POST', path, { headers, body });
  const owner = async (headers: Record<string, string> = apiKey(gw)) => {
    const extRef = `seller-${++n}`;
    const r = await post(
      '/api/v2/account-owners',
      { extRef, name: `Seller ${n}`, email: `${extRef}@example.com`, country: 'DE' },
      headers,
    );
    expect(r.status, r.text).toBe(201);
    return r.json.accountOwnerCode as string;
  };

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    admin = await signInDemo(gw);
    const other = await createMerchant(gw.rt.deps, { name: 'Other Platform' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'Other Entity' });
    const k = await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' });
    otherKey = { 'x-api-key': k.plaintext.expose() };
  });
  afterAll(async () => {
    await gw.close();
  });

  it('says the merchant does not use the platform while it has no seller and no e-mail configuration', async () => {
    const r = await admin.call('GET', '/platform');
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({
      enabled: false,
      sandbox: true,
      accountOwners: [],
      payouts: [],
      splits: [],
      emailConfigurations: [],
      emails: [],
    });
  });

  it('shows its sellers with their KYC status, payouts, e-mail configurations and e-mails; never another platform’s', async () => {
    const conf = await post('/api/v2/notification/email/configuration', {
      notificationType: 'KYC_STATUS_UPDATE',
      emails: 'ops@example.com',
      enabled: true,
    });
    expect(conf.status, conf.text).toBe(201);
    const code = await owner();
    const theirs = await owner(otherKey);
    const moved = await admin.call('POST', `/platform/account-owners/${code}/status`, { status: 'IN_PROGRESS' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.accountOwner).toMatchObject({ accountOwnerCode: code, kycStatus: 'IN_PROGRESS' });
    const active = await admin.call('POST', `/platform/account-owners/${code}/status`, {
      status: 'ACTIVE',
      reason: 'documents checked',
    });
    expect(active.json.accountOwner).toMatchObject({ kycStatus: 'ACTIVE', reason: 'documents checked' });
    const payout = await post('/api/v2/payouts', { accountOwnerCode: code, amount: 12.5, currency: 'EUR' });
    expect(payout.status, payout.text).toBe(201);

    const r = await admin.call('GET', '/platform');
    expect(r.status, r.text).toBe(200);
    expect(r.json.enabled).toBe(true);
    expect(r.json.accountOwners).toEqual([
      expect.objectContaining({ accountOwnerCode: code, kycStatus: 'ACTIVE', email: expect.stringMatching(/@/) }),
    ]);
    expect(r.text).not.toContain(theirs);
    expect(r.json.payouts).toEqual([
      expect.objectContaining({ payoutCode: payout.json.payoutCode, amount: 12.5, currency: 'EUR', status: 'WAITING' }),
    ]);
    expect(r.json.emailConfigurations).toEqual([
      expect.objectContaining({ configurationId: conf.json.configurationId, emails: 'ops@example.com', enabled: true }),
    ]);
    // one e-mail per KYC move to the enabled configuration
    expect(r.json.emails).toHaveLength(2);
    expect(r.json.emails[0]).toMatchObject({ notificationType: 'KYC_STATUS_UPDATE', to: ['ops@example.com'] });
    expect(r.json.emails.map((e: { text: string }) => e.text).join('\n')).toContain(code);

    // the payout moves in the sandbox too
    const p = await admin.call('POST', `/platform/payouts/${payout.json.payoutCode}/status`, { status: 'ACCEPTED' });
    expect(p.status, p.text).toBe(200);
    expect(p.json.payout.status).toBe('ACCEPTED');
  });

  it('another platform’s seller, payout or split is 404 and is not moved', async () => {
    const theirs = await owner(otherKey);
    for (const path of [
      `/platform/account-owners/${theirs}/status`,
      '/platform/payouts/PO000000/status',
      '/platform/splits/SP000000/status',
    ]) {
      const status = path.includes('account-owners') ? 'IN_PROGRESS' : 'CANCELLED';
      const r = await admin.call('POST', path, { status });
      expect(r.status, `${path} ${r.text}`).toBe(404);
      expect(r.json.error.code).toBe('not_found');
    }
    const still = await gw.request('GET', `/api/v2/account-owners/${theirs}`, { headers: otherKey });
    expect(still.json.kycStatus).toBe('MISSING_DATA');
  });

  it('a move the state machine forbids is 409 conflict naming the status; a bad status 400', async () => {
    const code = await owner();
    const r = await admin.call('POST', `/platform/account-owners/${code}/status`, { status: 'ACTIVE' });
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.code).toBe('conflict');
    expect(r.json.error.message).toContain('MISSING_DATA');
    const bad = await admin.call('POST', `/platform/account-owners/${code}/status`, { status: 'SOMEWHERE' });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid', field: 'status' });
    const extra = await admin.call('POST', `/platform/account-owners/${code}/status`, {
      status: 'IN_PROGRESS',
      reason: 'x'.repeat(501),
    });
    expect(extra.status, extra.text).toBe(400);
  });

  it('writes each move to the audit log', async () => {
    const audit = await admin.call('GET', '/audit');
    const actions = audit.json.items.map((i: { action: string }) => i.action);
    expect(actions).toContain('platform.kyc.move');
    expect(actions).toContain('platform.payout.move');
    const kyc = audit.json.items.find((i: { action: string }) => i.action === 'platform.kyc.move');
    expect(kyc).toMatchObject({ userEmail: gw.demo.dashboard!.email, detail: { status: expect.any(String) } });
  });

  it('every role reads the page; only an admin moves (403 otherwise)', async () => {
    const code = await owner();
    for (const role of ['developer', 'finance', 'viewer'] as const) {
      const b = (await userWithRole(gw, admin, role)).browser;
      expect((await b.call('GET', '/platform')).status).toBe(200);
      const r = await b.call('POST', `/platform/account-owners/${code}/status`, { status: 'IN_PROGRESS' });
      expect(r.status, r.text).toBe(403);
    }
  });
});

describe('the platform page’s API in production mode', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production', GATEHOUSE_DEMO: 'true' } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('offers no sandbox move: the page is told so and the move routes are 404', async () => {
    const admin = await signInDemo(gw);
    const r = await admin.call('GET', '/platform');
    expect(r.status, r.text).toBe(200);
    expect(r.json.sandbox).toBe(false);
    const move = await admin.call('POST', '/platform/account-owners/AO1/status', { status: 'IN_PROGRESS' });
    expect(move.status, move.text).toBe(404);
    expect(move.json.error.code).toBe('not_found');
  });
});
