import type { FastifyInstance } from 'fastify';
import { TEST_CARDS } from '../../acquirer/test-cards.js';
import { CO_BADGED_RANGES } from '../../acquirer/co-badged.js';
import { DEMO_FILE } from '../../bootstrap/demo.js';
import { demoPageEnabled } from '../../config.js';
import { esc } from '../shared/html-page.js';
import { OPENAPI_INFO } from '../ops/openapi.js';
import { FAVICON_SVG, sendSitePage } from './shell.js';

/**
 * Gatehouse's own pages outside the APIs (docs/decisions/0902): the favicon, on every mode, and in
 * sandbox mode a landing page at `/` saying what runs and where to go next.
 */
export async function sitePlugin(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const favicon = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG);
  app.get('/favicon.svg', { schema: { hide: true } }, favicon);
  app.get('/favicon.ico', { schema: { hide: true } }, favicon);

  if (config.GATEHOUSE_MODE !== 'sandbox') return;
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const demo = demoPageEnabled(config);
    const cards =
      TEST_CARDS.map(
        (c) =>
          `<tr><td class="card-number"><code>${esc(c.number)}</code></td><td>${esc(c.brand)}</td><td>${esc(c.description)}</td></tr>`,
      ).join('') +
      CO_BADGED_RANGES.map(
        (r) =>
          `<tr><td class="card-number"><code>${esc(r.example)}</code></td><td>${esc(`${r.brand} / ${r.secondaryBrand}`)}</td><td>approved; co-badged: pay with either brand (selectedBrand, useDualBrand)</td></tr>`,
      ).join('');
    const body = `<h1>Gatehouse is running</h1>
<p>A self-hostable payment gateway, version ${esc(OPENAPI_INFO.version)}, in <b>sandbox</b> mode: payments go to a
simulated acquirer, and no real money moves. Store: ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite in <code>${esc(config.dataDir)}</code>`}.</p>
<div class="cards">
${demo ? '<div class="card"><h2><a href="/demo">Demo shop</a></h2><p>Pay an order with the hosted card fields and watch the outcome and its notification.</p></div>' : ''}
${demo ? '<div class="card"><h2><a href="/demo/inbox">Sandbox inbox</a></h2><p>Every webhook and DMN sent to the demo merchant, its signature verified.</p></div>' : ''}
<div class="card"><h2><a href="/docs">API reference</a></h2><p>Every REST, session and admin route, with examples; the document itself at <a href="/openapi.json">/openapi.json</a>.</p></div>
<div class="card"><h2><a href="/health">Health</a></h2><p>Whether the store answers (for load balancers).</p></div>
</div>
<h2>Credentials</h2>
<p>The demo merchant's ids and secrets (API key, merchant secret key, webhook secret) are in
<code>${esc(config.dataDir)}/${DEMO_FILE}</code>, written when the demo merchant was created. More merchants:
<code>gatehouse merchants create --name "Acme"</code>.</p>
<h2>Test cards</h2>
<p class="hint">Any expiry date from the current month on, any 3- or 4-digit CVV. Cardholder name <code>CL-BRW1</code> forces a 3-D Secure challenge,
<code>FL-BRW1</code> a frictionless one; billing zip <code>00000</code> makes AVS answer N. The full list, with amount
triggers and the payment methods: <code>docs/testing.md</code>.</p>
<table><thead><tr><th>Number</th><th>Brand</th><th>Outcome</th></tr></thead><tbody>${cards}</tbody></table>`;
    // a card number never breaks across lines, at any width (the table scrolls instead)
    return sendSitePage(reply, body, {
      title: 'Gatehouse (sandbox)',
      css: '.card-number,.card-number+td{white-space:nowrap}table{display:block;overflow-x:auto}',
    });
  });
}
