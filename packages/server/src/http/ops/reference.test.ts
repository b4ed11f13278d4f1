import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { CURATED_EXAMPLES, EXAMPLE_ENTITY } from './reference-examples.js';

/** The API reference at /docs: branded, under the strict CSP, and its examples true of the real server. */

describe('API reference at /docs', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('is server-rendered HTML under a CSP without inline scripts or styles, branded Gatehouse, listing every route', async () => {
    for (const path of ['/docs', '/docs/']) {
      const res = await fetch(gw.url + path);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[^']+';/);
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).toContain('<title>Gatehouse API reference</title>');
      expect(html).not.toMatch(/<script/);
      expect(html).not.toMatch(/ style="/);
      const doc = (await (await fetch(`${gw.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
      for (const p of Object.keys(doc.paths)) expect(html).toContain(`<code>${p.replaceAll('&', '&amp;')}</code>`);
    }
  });

  const example = CURATED_EXAMPLES['post /orders']!;
  const asHtml = (v: unknown) =>
    JSON.stringify(v, null, 2).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

  it('shows the order example, and the server accepts it', async () => {
    const html = await (await fetch(`${gw.url}/docs`)).text();
    expect(html).toContain(asHtml(example.request));
    const body = JSON.parse(JSON.stringify(example.request).replace(EXAMPLE_ENTITY, gw.demo.processingEntityId));
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body });
    expect(r.status).toBe(201);
    const shown = example.responses!['201'] as Record<string, unknown>;
    expect(Object.keys(r.json as object).sort()).toEqual(Object.keys(shown).sort());
    expect((r.json as { result: unknown }).result).toEqual(shown.result);
  });

  it('shows the error example, and it is what the server answers', async () => {
    const html = await (await fetch(`${gw.url}/docs`)).text();
    expect(html).toContain(asHtml(example.error!.response));
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: example.error!.request });
    expect(String(r.status)).toBe(example.error!.status);
    expect(r.json).toEqual(example.error!.response);
  });
});
