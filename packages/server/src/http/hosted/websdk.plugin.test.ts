import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { BUNDLE_FILES } from '../shared/bundles.js';

/** The Web SDK's assets as a browser fetches them: caching, integrity, CORS and the hosted pages' CSP. */

const MERCHANT = 'http://localhost:9999';

/** A GET as the bytes travel (fetch would decode them): status, headers and the raw body. */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    },
  );
}

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
    const res = await fetch(`${gw.url}/sdk/v1/websdk.js`, { headers: { 'accept-encoding': 'identity' } });
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
    const again = await fetch(`${gw.url}/sdk/v1/websdk.js`, {
      headers: { 'if-none-match': etag, 'accept-encoding': 'identity' },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
  ] as const)(
    'Accept-Encoding %s: the scripts are sent %s, the same bytes once decoded',
    async (accept, encoding, decode) => {
      const plain = readFileSync(BUNDLE_FILES.websdk);
      const res = await raw(`${gw.url}/sdk/v1/websdk.js`, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body).equals(plain)).toBe(true);
      expect(res.body.length).toBeLessThan(plain.length / 2);
      // its own validator: a cache never answers the compressed bytes to a client that cannot read them
      const etag = String(res.headers.etag);
      expect(etag).toMatch(new RegExp(`^"[0-9a-f]{32}-${encoding}"$`));
      expect(
        (await raw(`${gw.url}/sdk/v1/websdk.js`, { 'accept-encoding': accept, 'if-none-match': etag })).status,
      ).toBe(304);
    },
  );

  it('identity (or no Accept-Encoding) is sent as is', async () => {
    const cases: Array<Record<string, string>> = [
      { 'accept-encoding': 'identity' },
      {},
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of cases) {
      const res = await raw(`${gw.url}/sdk/v1/websdk.js`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(readFileSync(BUNDLE_FILES.websdk))).toBe(true);
    }
  });

  it('the first load of a checkout (websdk.js, then its hashed checkout bundle) is at most 50 KB on the wire, immutable', async () => {
    const sdk = await raw(`${gw.url}/sdk/v1/websdk.js`, { 'accept-encoding': 'br, gzip' });
    const file = /checkout\.[0-9a-f]{16}\.js/.exec(brotliDecompressSync(sdk.body).toString())![0];
    const co = await raw(`${gw.url}/sdk/v1/${file}`, { 'accept-encoding': 'br, gzip' });
    expect(co.headers['content-encoding']).toBe('br');
    expect(co.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sdk.body.length + co.body.length).toBeLessThanOrEqual(50 * 1024);
  });

  it('the first load of a withdrawal (websdk.js, then its hashed withdrawal bundle and a locale) is at most 45 KB on the wire, immutable', async () => {
    const sdk = await raw(`${gw.url}/sdk/v1/websdk.js`, { 'accept-encoding': 'br, gzip' });
    const text = brotliDecompressSync(sdk.body).toString();
    const file = /withdrawal\.[0-9a-f]{16}\.js/.exec(text)![0];
    const he = /withdrawal-he\.[0-9a-f]{16}\.js/.exec(text)![0];
    const wd = await raw(`${gw.url}/sdk/v1/${file}`, { 'accept-encoding': 'br, gzip' });
    const texts = await raw(`${gw.url}/sdk/v1/${he}`, { 'accept-encoding': 'br, gzip' });
    for (const res of [wd, texts]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(sdk.body.length + wd.body.length + texts.body.length).toBeLessThanOrEqual(45 * 1024);
    expect((await fetch(`${gw.url}/sdk/v1/withdrawal.0000000000000000.js`)).status).toBe(404);
  });

  it('the hosted pages are compressed too', async () => {
    const res = await raw(`${gw.url}/hosted/v1/fields?type=card&mo=${encodeURIComponent(MERCHANT)}`, {
      'accept-encoding': 'gzip',
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toContain('<form id="form"');
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
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bad = await fetch(`${gw.url}/hosted/v1/fields?type=card&mo=${encodeURIComponent('javascript:alert(1)')}`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${gw.url}/hosted/v1/fields?type=ccSteal&mo=${encodeURIComponent(MERCHANT)}`)).status).toBe(
      400,
    );
  });

  it('the card field page is one document: its script and style sheet inline, allowed by their hashes and nothing else', async () => {
    const res = await fetch(`${gw.url}/hosted/v1/fields?type=ccNumber&mo=${encodeURIComponent(MERCHANT)}&g=ab12`);
    const html = await res.text();
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(Buffer.from(script).equals(readFileSync(BUNDLE_FILES.fields))).toBe(true);
    expect(html).not.toContain('<script src=');
    expect(html).not.toMatch(/nonce="/);
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src ${sha(script)};`);
    expect(csp).toContain(`style-src ${sha(style)};`);
    expect(csp).not.toContain("'unsafe-inline'");
    // the same document for every frame (what varies is a header), compressed once
    const other = await raw(
      `${gw.url}/hosted/v1/fields?type=ccCvc&mo=${encodeURIComponent('https://shop.test')}&g=cd34`,
      {
        'accept-encoding': 'br',
      },
    );
    const again = await raw(`${gw.url}/hosted/v1/fields?type=ccNumber&mo=${encodeURIComponent(MERCHANT)}&g=ef56`, {
      'accept-encoding': 'br',
    });
    expect(other.headers['content-encoding']).toBe('br');
    expect(other.body.equals(again.body)).toBe(true);
    expect(brotliDecompressSync(other.body).toString()).toBe(html);
    expect(other.headers['content-security-policy']).toContain('frame-ancestors https://shop.test');
  });

  it('the warm-up page (framed hidden where a loaded frame cannot be moved) holds no form and no script', async () => {
    const res = await fetch(`${gw.url}/hosted/v1/fields?warm=1&mo=${encodeURIComponent(MERCHANT)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${MERCHANT}`);
    const html = await res.text();
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<script');
    const bad = await fetch(`${gw.url}/hosted/v1/fields?warm=1&mo=${encodeURIComponent('javascript:alert(1)')}`);
    expect(bad.status).toBe(400);
  });

  it('serves the field script on its own as well, immutable when versioned', async () => {
    const body = readFileSync(BUNDLE_FILES.fields);
    const hash = createHash('sha384').update(body).digest('hex').slice(0, 16);
    const res = await fetch(`${gw.url}/hosted/v1/fields.js?v=${hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('cc-number');
    expect((await fetch(`${gw.url}/hosted/v1/other.js`)).status).toBe(404);
  });
});
