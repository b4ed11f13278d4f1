import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { CURATED_EXAMPLES, EXAMPLE_ENTITY } from './reference-examples.js';

/**
 * The API reference at /docs: Swagger UI served from our origin under a CSP with nothing inline, its
 * assets compressed and cached, and the examples it shows true of the real server. (The page in a
 * browser: e2e/docs-reference.e2e.test.ts.)
 */

/** A GET with exactly these headers (fetch would add and decode an Accept-Encoding of its own). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('API reference at /docs', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw?.close();
  });

  const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);

  it('is a Gatehouse page loading Swagger UI from this origin, under a CSP with nothing inline', async () => {
    for (const path of ['/docs', '/docs/']) {
      const res = await fetch(gw.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-');
      const html = await res.text();
      expect(html).toContain('<title>Gatehouse API reference</title>');
      // every script and stylesheet is a file of ours: no inline code, no other host
      expect(html).not.toMatch(/<script(?![^>]*\ssrc="\/docs\/assets\/)/);
      expect(html).not.toMatch(/<style|\sstyle="|https?:\/\//);
      expect(assetsOf(html)).toEqual([
        expect.stringMatching(/^\/docs\/assets\/swagger-ui\.[0-9a-f]{16}\.css$/),
        expect.stringMatching(/^\/docs\/assets\/reference\.[0-9a-f]{16}\.css$/),
        expect.stringMatching(/^\/docs\/assets\/swagger-ui-bundle\.[0-9a-f]{16}\.js$/),
        expect.stringMatching(/^\/docs\/assets\/reference\.[0-9a-f]{16}\.js$/),
      ]);
      expect(html).toContain('data-spec="/openapi.json"');
    }
  });

  it('sends the renderer compressed as the browser accepts, cached for a year, and 304 when it has it', async () => {
    const html = await (await fetch(`${gw.url}/docs`)).text();
    const bundleUrl = assetsOf(html).find((u) => u.includes('swagger-ui-bundle'))!;
    const plain = await rawGet(gw.url + bundleUrl);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toContain('application/javascript');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toContain('SwaggerUIBundle');

    const br = await rawGet(gw.url + bundleUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await rawGet(gw.url + bundleUrl, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const again = await rawGet(gw.url + bundleUrl, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const page = await rawGet(`${gw.url}/docs`, { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(html);
  });

  it('answers an asset name it does not have with 404', async () => {
    for (const path of ['/docs/assets/swagger-ui-bundle.0000000000000000.js', '/docs/assets/..%2fpackage.json']) {
      const res = await fetch(gw.url + path);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
  });

  const example = CURATED_EXAMPLES['post /orders']!;
  type Op = {
    requestBody: { content: { 'application/json': { example: unknown } } };
    responses: Record<
      string,
      { content: { 'application/json': { example?: unknown; examples?: Record<string, { value: unknown }> } } }
    >;
  };
  const createOrder = async () => {
    const doc = (await (await fetch(`${gw.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Op>> };
    return doc.paths['/orders']!.post!;
  };

  it('shows the order example, and the server accepts it', async () => {
    const op = await createOrder();
    expect(op.requestBody.content['application/json'].example).toEqual(example.request);
    const body = JSON.parse(JSON.stringify(example.request).replace(EXAMPLE_ENTITY, gw.demo.processingEntityId));
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body });
    expect(r.status).toBe(201);
    const shown = op.responses['201']!.content['application/json'].example as Record<string, unknown>;
    expect(shown).toEqual(example.responses!['201']);
    expect(Object.keys(r.json as object).sort()).toEqual(Object.keys(shown).sort());
    expect((r.json as { result: unknown }).result).toEqual(shown.result);
  });

  it('shows the error example, and it is what the server answers', async () => {
    const op = await createOrder();
    expect(op.responses['4XX']!.content['application/json'].examples!.invalid!.value).toEqual(example.error!.response);
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: example.error!.request });
    expect(String(r.status)).toBe(example.error!.status);
    expect(r.json).toEqual(example.error!.response);
  });
});
