import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { BUNDLE_FILES } from '../shared/bundles.js';

/** The Web SDK's assets as a browser fetches them: caching, integrity, CORS and the hosted pages' CSP. */

const MERCHANT = 'http://localhost:9999';

describe('Web SDK assets', () => {
  let gw: Gateway;

  beforeAll(async () => {
    // The bundles are built by the suite's global setup (test/build-bundles.ts).
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('serves /sdk/v1/websdk.js as JavaScript with an ETag, revalidated caching and CORS', async () => {
    const res = await fetch(`${gw.url}/sdk/v1/websdk.js`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.length).toBeLessThan(60_000);
    expect(body.toString()).toContain('ServiceSdk');
    expect(body.equals(readFileSync(BUNDLE_FILES.websdk))).toBe(true);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${gw.url}/sdk/v1/websdk.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves the same bytes immutable under the content-addressed name', async () => {
    const body = readFileSync(BUNDLE_FILES.websdk);
    const hash = createHash('sha384').update(body).digest('hex').slice(0, 16);
    const res = await fetch(`${gw.url}/sdk/v1/websdk.${hash}.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    expect((await fetch(`${gw.url}/sdk/v1/websdk.0000000000000000.js`)).status).toBe(404);
  });

  it('the card field page may be framed only by the merchant origin it names', async () => {
    const res = await fetch(`${gw.url}/hosted/v1/fields?type=card&mo=${encodeURIComponent(MERCHANT)}&g=ab12`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${MERCHANT}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/<script src="\/hosted\/v1\/fields\.js\?v=[0-9a-f]{16}"><\/script>/);
    const bad = await fetch(`${gw.url}/hosted/v1/fields?type=card&mo=${encodeURIComponent('javascript:alert(1)')}`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${gw.url}/hosted/v1/fields?type=ccSteal&mo=${encodeURIComponent(MERCHANT)}`)).status).toBe(
      400,
    );
  });

  it('serves the field script, immutable when versioned', async () => {
    const html = await (
      await fetch(`${gw.url}/hosted/v1/fields?type=ccNumber&mo=${encodeURIComponent(MERCHANT)}`)
    ).text();
    const src = /src="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(`${gw.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('cc-number');
    expect((await fetch(`${gw.url}/hosted/v1/other.js`)).status).toBe(404);
  });
});
