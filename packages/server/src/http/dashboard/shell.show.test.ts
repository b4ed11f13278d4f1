import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';
import { DASHBOARD_CSP } from './shell.show.js';

describe.each(dialects())('the control panel shell and assets (%s)', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it.each([
    '/dashboard',
    '/dashboard/login',
    '/dashboard/transactions',
    '/dashboard/transactions/1234',
    '/dashboard/keys',
    '/dashboard/users',
    '/dashboard/notifications',
    '/dashboard/withdrawals',
    '/dashboard/apm-payments',
  ])('%s answers the same HTML shell under the strict CSP, loading the hashed bundle', async (path) => {
    const r = await gw.request('GET', path, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.text).toMatch(/<html lang="en">/);
    expect(r.text).toMatch(/<script src="\/dashboard\/assets\/dashboard\.[0-9a-f]{16}\.js" defer><\/script>/);
    expect(r.text).toMatch(/<link rel="stylesheet" href="\/dashboard\/assets\/dashboard\.[0-9a-f]{16}\.css">/);
    expect(r.text).toContain('<noscript>');
    expect(r.text).not.toMatch(/<style|style=|<script>/);
    // nothing of a merchant in it
    expect(r.text).not.toContain(gw.demo.apiKey);
    expect(r.text).not.toContain(gw.demo.processingEntityId);
  });

  it('an unknown page is not the shell', async () => {
    const r = await gw.request('GET', '/dashboard/nowhere', { headers: { accept: 'application/json' } });
    expect(r.status).toBe(404);
  });

  it('serves the script and the style sheet immutable and compressed, and 404s another hash', async () => {
    const shell = (await gw.request('GET', '/dashboard')).text;
    const js = /\/dashboard\/assets\/dashboard\.[0-9a-f]{16}\.js/.exec(shell)![0];
    const css = /\/dashboard\/assets\/dashboard\.[0-9a-f]{16}\.css/.exec(shell)![0];
    const a = await fetch(gw.url + js, { headers: { 'accept-encoding': 'br' } });
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(a.headers.get('content-encoding')).toBe('br');
    const c = await gw.request('GET', css);
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(c.text).toContain('.gh-theme{');
    expect((await gw.request('GET', '/dashboard/assets/dashboard.0000000000000000.js')).status).toBe(404);
  });
});
