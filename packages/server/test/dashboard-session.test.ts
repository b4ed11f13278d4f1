import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock.js';
import { dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { DASH, signIn, signInDemo, signInRequest, userWithRole } from './dashboard-client.js';

const MINUTE = 60_000;

/** Signing in and out of the control panel, sessions, expiry and CSRF (docs/dashboard.md). */
describe.each(dialects())('dashboard sessions on %s', (dialect) => {
  let gw: Gateway;
  let clock: ManualClock;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 5, 9) });
    clock = gw.clock as ManualClock;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('signs the demo admin in with an HttpOnly SameSite=Strict cookie, tells who it is, and signs out', async () => {
    const r = await signInRequest(gw, gw.demo.dashboard!.email, gw.demo.dashboard!.password);
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/^gh_dash=\w+; Path=\/dashboard; HttpOnly; SameSite=Strict$/);
    expect(r.json.user).toMatchObject({
      email: 'demo@gatehouse.local',
      role: 'admin',
      merchantId: gw.demo.merchantId,
      merchantName: 'Demo Merchant',
      expiresAt: null,
    });
    expect(r.json.permissions).toContain('users.manage');
    const browser = await signInDemo(gw);
    const me = await browser.call('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.json.csrfToken).toBe(browser.csrf);
    const out = await browser.call('DELETE', '/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^gh_dash=; .*Max-Age=0/);
    const after = await browser.call('GET', '/me');
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe('unauthenticated');
  });

  it('writes the demo admin to demo-credentials.json, a private file', async () => {
    const file = join(gw.dataDir, 'demo-credentials.json');
    const creds = JSON.parse(readFileSync(file, 'utf8'));
    expect(creds.dashboard).toEqual({ email: 'demo@gatehouse.local', password: expect.stringMatching(/^\w{20}$/) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('answers a malformed body and an unknown path in its own error shape, never with a stack', async () => {
    const bad = await gw.request('POST', `${DASH}/session`, {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid');
    const missing = await gw.request('POST', `${DASH}/session`, { body: { email: 'a@b.c' } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('invalid');
    const proto = await gw.request('POST', `${DASH}/session`, {
      raw: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(401);
    const unknown = await gw.request('GET', `${DASH}/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      error: { code: 'not_found', message: 'Not found: GET /dashboard/api/v1/nothing-here' },
    });
  });

  it('answers no cookie, and a made-up cookie, with 401 unauthenticated', async () => {
    expect((await gw.request('GET', `${DASH}/me`)).json).toMatchObject({ error: { code: 'unauthenticated' } });
    const r = await gw.request('GET', `${DASH}/me`, { headers: { cookie: `gh_dash=${'x'.repeat(44)}` } });
    expect(r.status).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike with 401, and the 6th attempt with 429', async () => {
    const admin = await signInDemo(gw);
    const { email } = await userWithRole(gw, admin, 'viewer');
    const unknown = await signInRequest(gw, 'nobody@example.com', 'whatever');
    expect(unknown.status).toBe(401);
    expect(unknown.json.error.code).toBe('invalid_credentials');
    for (let i = 0; i < 5; i++) {
      const r = await signInRequest(gw, email, 'wrong password');
      expect(r.status).toBe(401);
      expect(r.json.error).toEqual({ code: 'invalid_credentials', message: unknown.json.error.message });
    }
    const sixth = await signInRequest(gw, email, 'wrong password');
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe('too_many_attempts');
    expect(Number(sixth.headers.get('retry-after'))).toBe(15 * 60);
    clock.advance(15 * MINUTE + 1);
    expect((await signInRequest(gw, email, 'wrong password')).status).toBe(401);
  });

  it('takes a change sent with a JSON content type and no body, or with no body at all', async () => {
    const admin = await signInDemo(gw);
    const out = await gw.request('DELETE', `${DASH}/session`, {
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
    });
    expect(out.status, out.text).toBe(204);
    const again = await signInDemo(gw);
    const bare = await gw.request('POST', `${DASH}/transactions/1/void`, {
      headers: { cookie: again.cookie, 'x-csrf-token': again.csrf },
    });
    expect(bare.status, bare.text).toBe(404);
  });

  it('refuses a session signed out elsewhere (revoked server-side)', async () => {
    const a = await signInDemo(gw);
    expect((await a.call('DELETE', '/session')).status).toBe(204);
    expect((await a.call('GET', '/transactions')).status).toBe(401);
  });

  it('ends a session idle for 30 minutes, and keeps one in use for up to 12 hours', async () => {
    const idle = await signInDemo(gw);
    clock.advance(29 * MINUTE);
    expect((await idle.call('GET', '/me')).status).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await idle.call('GET', '/me')).status).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await idle.call('GET', '/me')).status).toBe(401);

    const busy = await signInDemo(gw);
    for (let t = 0; t < 12 * 60 - 20; t += 20) {
      clock.advance(20 * MINUTE);
      expect((await busy.call('GET', '/me')).status, `after ${t + 20} min`).toBe(200);
    }
    clock.advance(20 * MINUTE);
    const late = await busy.call('GET', '/me');
    expect(late.status).toBe(401);
    expect(late.json.error.code).toBe('unauthenticated');
  });

  it('refuses a Temp user after its expiresAt: its live session stops, and it cannot sign in again', async () => {
    const admin = await signInDemo(gw);
    const expiresAt = new Date(clock.now() + 60 * MINUTE).toISOString();
    const temp = await userWithRole(gw, admin, 'temp', { expiresAt });
    expect((await temp.browser.call('GET', '/keys')).status).toBe(200);
    clock.advance(20 * MINUTE);
    expect((await temp.browser.call('GET', '/me')).json.user.expiresAt).toBe(expiresAt);
    clock.advance(41 * MINUTE);
    expect((await temp.browser.call('GET', '/keys')).status).toBe(401);
    expect((await signInRequest(gw, temp.email, temp.password)).status).toBe(401);
  });

  it('refuses a Temp user without expiresAt, and expiresAt for another role', async () => {
    const admin = await signInDemo(gw);
    const noEnd = await admin.call('POST', '/users', { email: 't1@example.com', name: 'T', role: 'temp' });
    expect(noEnd.status).toBe(400);
    expect(noEnd.json.error).toMatchObject({ code: 'invalid', field: 'expiresAt' });
    const viewer = await admin.call('POST', '/users', {
      email: 't2@example.com',
      name: 'T',
      role: 'viewer',
      expiresAt: new Date(clock.now() + MINUTE).toISOString(),
    });
    expect(viewer.status).toBe(400);
  });

  it('stops a deleted user at once', async () => {
    const admin = await signInDemo(gw);
    const dev = await userWithRole(gw, admin, 'developer');
    expect((await admin.call('DELETE', `/users/${dev.id}`)).status).toBe(204);
    expect((await dev.browser.call('GET', '/keys')).status).toBe(401);
    expect((await signInRequest(gw, dev.email, dev.password)).status).toBe(401);
  });

  describe('CSRF', () => {
    const change = { entityId: '', type: 'operations', label: 'csrf probe' };
    async function keyCount(b: Awaited<ReturnType<typeof signIn>>): Promise<number> {
      const r = await b.call('GET', '/keys');
      return r.json.entities.reduce((n: number, e: { keys: unknown[] }) => n + e.keys.length, 0);
    }
    const CASES: Array<[string, (csrf: string) => Record<string, string>]> = [
      ['a missing token', () => ({})],
      ['a wrong token', (csrf) => ({ 'x-csrf-token': csrf.slice(1) + 'x' })],
      ['a foreign Origin', (csrf) => ({ 'x-csrf-token': csrf, origin: 'https://evil.example' })],
    ];
    it.each(CASES)('refuses a change with %s with 403 csrf, and changes nothing', async (_name, headers) => {
      const admin = await signInDemo(gw);
      const before = await keyCount(admin);
      const r = await gw.request('POST', `${DASH}/keys`, {
        headers: { cookie: admin.cookie, ...headers(admin.csrf) },
        body: { ...change, entityId: gw.demo.processingEntityId },
      });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('csrf');
      expect(await keyCount(admin)).toBe(before);
    });
    it('accepts a change from its own Origin with the token', async () => {
      const admin = await signInDemo(gw);
      const r = await admin.call(
        'POST',
        '/keys',
        { ...change, entityId: gw.demo.processingEntityId },
        { origin: gw.url },
      );
      expect(r.status, r.text).toBe(201);
    });
    it('refuses a sign-in posted from a foreign Origin', async () => {
      const r = await signInRequest(gw, gw.demo.dashboard!.email, gw.demo.dashboard!.password, {
        origin: 'https://evil.example',
      });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('csrf');
    });
  });
});
