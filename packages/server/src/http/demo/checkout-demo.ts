import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DEMO_FILE, type DemoCredentials } from '../../bootstrap/demo.js';
import { esc } from '../shared/html-page.js';
import { bundle } from '../shared/bundles.js';
import { DEMO_NAV_CSS, demoNav } from './demo-nav.js';
import { openDemoOrder } from './demo-order.js';
import { demoPageEnabled } from '../../config.js';

/**
 * The hosted checkout in the demo shop: `/demo/checkout` (docs/checkout.md). Like `/demo`, its
 * "server side" opens a real order for the demo merchant with openOrder.do (checksum and all, for the
 * demo shopper, whose saved cards then show), and the page calls `checkout()`; the theme, locale and
 * text direction are chosen with the query (`?theme=accordion&locale=de&dir=rtl`). Every callback is
 * printed on the page, beside the status the merchant's server reads (`/demo/status`).
 */

const THEMES = ['tiles', 'accordion', 'horizontal', 'cashier'];
const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru'];

export async function checkoutDemoPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  if (!demoPageEnabled(config)) return;

  const send = (reply: FastifyReply, nonce: string, html: string, status = 200) =>
    reply
      .code(status)
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get<{ Querystring: { theme?: string; locale?: string; dir?: string } }>(
    '/demo/checkout',
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          theme: Type.Optional(Type.String({ maxLength: 20 })),
          locale: Type.Optional(Type.String({ maxLength: 5 })),
          dir: Type.Optional(Type.String({ maxLength: 3 })),
        }),
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      let c: DemoCredentials;
      try {
        c = JSON.parse(await readFile(join(config.dataDir, DEMO_FILE), 'utf8')) as DemoCredentials;
      } catch {
        // expected: no readable demo-credentials.json: this server has no demo merchant
        return send(reply, nonce, '<!doctype html><title>Gatehouse demo</title><p>No demo merchant.</p>', 404);
      }
      const answer = await openDemoOrder(app, request, c, 'demo-co');
      if (answer.status !== 'SUCCESS' || !answer.sessionToken)
        return send(reply, nonce, `<!doctype html><p>openOrder failed: ${esc(String(answer.reason))}</p>`, 500);
      const q = request.query;
      const init = JSON.stringify({
        sessionToken: answer.sessionToken,
        merchantId: c.merchantId,
        merchantSiteId: c.merchantSiteId,
        clientUniqueId: answer.clientUniqueId,
        theme: THEMES.includes(q.theme ?? '') ? q.theme : 'tiles',
        locale: LOCALES.includes(q.locale ?? '') ? q.locale : 'en',
        textDirection: q.dir === 'rtl' ? 'rtl' : 'ltr',
      });
      const sdk = bundle('websdk');
      const sri = sdk ? `integrity="${sdk.integrity}" crossorigin="anonymous"` : '';
      return send(reply, nonce, checkoutHtml(nonce, init, sri));
    },
  );

  app.get('/demo/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(CHECKOUT_JS),
  );
}

function checkoutHtml(nonce: string, init: string, sri: string): string {
  const links = (key: string, values: string[]) =>
    values.map((v) => `<a href="/demo/checkout?${key}=${v}">${v}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gatehouse demo shop: hosted checkout</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:50rem;margin:1.5rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}.hint{color:#52606d;font-size:.9rem}pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow:auto;font-size:.78rem;max-height:16rem}
.box{border:1px solid #d8dee4;border-radius:8px;padding:1rem;margin:1rem 0}table{font-size:.85rem;border-collapse:collapse}td{padding:.1rem .6rem}
${DEMO_NAV_CSS}</style></head>
<body><main>
<h1>Gatehouse demo shop: hosted checkout</h1>
${demoNav('/demo/checkout')}
<p class="hint">The shop's server opened an order of <b>15.00 EUR</b> with <code>openOrder.do</code>; the form below is one call to
<code>checkout()</code> (every option is in <code>docs/checkout.md</code>). Card fields are Gatehouse iframes.</p>
<p class="hint">Theme: ${links('theme', THEMES)}<br>Locale: ${links('locale', LOCALES)} · <a href="/demo/checkout?dir=rtl&amp;locale=fr">right to left</a></p>
<div id="checkout"></div>
<table class="hint"><tr><td>4761 3441 3614 1390</td><td>approved</td></tr><tr><td>4000 0000 0000 0002</td><td>declined (then try decline recovery)</td></tr>
<tr><td>2221 0081 2367 7736</td><td>3-D Secure challenge</td></tr><tr><td>4000 0082 6000 0000</td><td>a GBP card (currency conversion offered)</td></tr></table>
<div class="box"><b>Callbacks</b><pre id="events">–</pre></div>
<div class="box"><b>Server-side status</b> (getPaymentStatus.do)<pre id="status">–</pre></div>
</main>
<script id="demo-init" type="application/json" nonce="${nonce}">${init.replace(/</g, '\\u003c')}</script>
<script src="/sdk/v1/websdk.js" nonce="${nonce}" ${sri}></script>
<script src="/demo/checkout.js"></script>
</body></html>`;
}

const CHECKOUT_JS = `(function () {
  var init = JSON.parse(document.getElementById('demo-init').textContent);
  var log = [];
  var show = function (id, v) { document.getElementById(id).textContent = typeof v === 'string' ? v : JSON.stringify(v, null, 2); };
  var rec = function (name) { return function () { log.unshift(name + ' ' + JSON.stringify(arguments.length === 1 ? arguments[0] : Array.prototype.slice.call(arguments))); show('events', log.slice(0, 40).join('\\n')); }; };
  var status = function () { fetch('/demo/status?token=' + encodeURIComponent(init.sessionToken)).then(function (r) { return r.json(); }).then(function (s) { show('status', s); }); };
  checkout({
    sessionToken: init.sessionToken, merchantId: init.merchantId, merchantSiteId: init.merchantSiteId, env: 'int',
    amount: '15.00', currency: 'EUR', renderTo: '#checkout', country: 'DE', userId: 'demo-shopper',
    billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'DE' },
    fullName: 'John Smith', email: 'john@example.com', theme: init.theme, locale: init.locale, textDirection: init.textDirection,
    useDCC: 'enable', savePM: 'true',
    onResult: function (r) { rec('onResult')(r); status(); },
    onReady: rec('onReady'), onFormValidated: rec('onFormValidated'), onSelectPaymentMethod: rec('onSelectPaymentMethod'),
    onPaymentEvent: rec('onPaymentEvent'), upoDeleted: rec('upoDeleted'), userData: rec('userData'),
    onPaymentFormChange: rec('onPaymentFormChange'), onSuggestedAmount: rec('onSuggestedAmount'),
    prePayment: function (p) { rec('prePayment')(p); return Promise.resolve(); },
    onDeclineRecovery: function (h) { rec('onDeclineRecovery')(h); return Promise.resolve({}); }
  });
})();`;
