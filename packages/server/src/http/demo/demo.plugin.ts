import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DEMO_FILE, type DemoCredentials } from '../../bootstrap/demo.js';
import { demoPageEnabled } from '../../config.js';
import { esc } from '../shared/html-page.js';
import { bundle } from '../shared/bundles.js';
import { FAVICON_LINK, sendSitePage } from '../site/shell.js';
import type { CashierContext } from './cashier-back-office.js';
import { cashierApproveRoute } from './cashier.approve.js';
import { cashierDmnsRoute } from './cashier.dmns.js';
import { cashierFindRoute } from './cashier.find.js';
import { cashierScriptRoute } from './cashier.script.js';
import { cashierSettleRoute } from './cashier.settle.js';
import { cashierShowRoute } from './cashier.show.js';
import { DEMO_NAV_CSS, demoNav } from './demo-nav.js';
import { openDemoOrder } from './demo-order.js';
import { Inbox, registerInbox } from './inbox.js';

/**
 * The demo shop at `/demo` (docs/decisions/0407): the page a new user opens first. Its "server side"
 * opens an order for the demo merchant through the real session API (openOrder.do, checksum and all),
 * the page pays with hosted card fields through the Web SDK, and the DMN the gateway then sends to
 * `/demo/dmn` is received here, its checksum verified, and shown with the server-side status.
 * Received DMNs are kept in this process's memory only (the last 200): it is a demo, not a store.
 */

const SHOWN = [
  'ppp_status',
  'Status',
  'Reason',
  'PPP_TransactionID',
  'TransactionID',
  'transactionType',
  'totalAmount',
  'currency',
  'merchant_unique_id',
  'payment_method',
  'nameOnCard',
  'last4Digits',
  'responseTimeStamp',
];

export async function demoPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  if (!demoPageEnabled(config)) return;
  const inbox = new Inbox();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const credentials = async (): Promise<DemoCredentials | undefined> => {
    try {
      return JSON.parse(await readFile(join(config.dataDir, DEMO_FILE), 'utf8')) as DemoCredentials;
    } catch {
      // expected: no readable demo-credentials.json: this server has no demo merchant
      return undefined;
    }
  };

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

  app.get('/demo', { schema: { hide: true } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const c = await credentials();
    if (!c)
      return send(
        reply,
        nonce,
        '<!doctype html><title>Gatehouse demo</title><p>No demo merchant: start Gatehouse on an empty store with the demo on.</p>',
        404,
      );
    // The merchant's server: open an order with the session API, as a shop's backend would.
    const answer = await openDemoOrder(app, request, c, 'demo');
    if (answer.status !== 'SUCCESS' || !answer.sessionToken) {
      return send(
        reply,
        nonce,
        `<!doctype html><title>Gatehouse demo</title><p>openOrder failed: ${esc(String(answer.reason))}</p>`,
        500,
      );
    }
    const sdk = bundle('websdk');
    const init = JSON.stringify({
      sessionToken: answer.sessionToken,
      merchantId: c.merchantId,
      merchantSiteId: c.merchantSiteId,
      clientUniqueId: answer.clientUniqueId,
    });
    return send(reply, nonce, demoHtml(nonce, init, sdk ? `integrity="${sdk.integrity}" crossorigin="anonymous"` : ''));
  });

  // The sandbox inbox (/demo/inbox) receives the demo merchant's webhooks and DMNs; /demo/dmn is the
  // address the demo page's orders give, and lands there too.
  const inboxEntries = registerInbox(app, inbox, credentials, (reply, html) =>
    sendSitePage(reply, html, { title: 'Gatehouse sandbox inbox', refresh: 5 }),
  );

  // The cashier tab (docs/decisions/0540): the page, its script, the back office's steps, the DMNs.
  const cashier: CashierContext = { credentials, inboxEntries, send };
  cashierShowRoute(app, cashier);
  cashierScriptRoute(app);
  cashierFindRoute(app, cashier);
  cashierApproveRoute(app, cashier);
  cashierSettleRoute(app, cashier);
  cashierDmnsRoute(app, cashier);

  app.get<{ Querystring: { cu: string } }>(
    '/demo/events',
    { schema: { hide: true, querystring: Type.Object({ cu: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const dmns = (await inboxEntries()).filter(
        (e) => e.kind === 'dmn' && (e.body as Record<string, string>).merchant_unique_id === request.query.cu,
      );
      return {
        notifications: dmns.map((e) => {
          const f = e.body as Record<string, string>;
          return {
            receivedAt: e.receivedAt,
            checksumValid: e.verified,
            fields: Object.fromEntries(SHOWN.filter((k) => k in f).map((k) => [k, f[k]])),
          };
        }),
      };
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/demo/status',
    { schema: { hide: true, querystring: Type.Object({ token: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // The merchant's server asks for the outcome: the browser's result is never the proof.
      const r = await app.inject({
        method: 'POST',
        url: '/ppp/api/v1/getPaymentStatus.do',
        payload: { sessionToken: request.query.token },
      });
      const j = r.json() as Record<string, unknown>;
      return {
        transactionStatus: j.transactionStatus,
        transactionId: j.transactionId,
        amount: j.amount,
        currency: j.currency,
        status: j.status,
        reason: j.reason,
      };
    },
  );

  app.get('/demo/demo.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(DEMO_JS),
  );
}

function demoHtml(nonce: string, init: string, sri: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gatehouse demo shop</title>${FAVICON_LINK}
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}.box{border:1px solid #d8dee4;border-radius:8px;padding:1rem;margin:1rem 0}
#card{border:1px solid #c5ccd3;border-radius:6px;padding:4px;margin:.5rem 0}#card.sfc-focus{border-color:#3b6fd8}#card.sfc-invalid{border-color:#c53030}
button{font-size:1rem;padding:.5rem 1.2rem;border-radius:6px;border:0;background:#3b6fd8;color:#fff;cursor:pointer}button:disabled{opacity:.5}
pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;font-size:.8rem}
.outcome{display:none;border-radius:8px;padding:.8rem 1rem;margin:1rem 0;font-size:1.15rem;font-weight:600}.outcome.ok{display:block;background:#e6f4ea;color:#1e6b3a;border:1px solid #9fd3b0}.outcome.bad{display:block;background:#fdecec;color:#9b1c1c;border:1px solid #f2a9a9}.outcome.wait{display:block;background:#eef2f7;color:#334e68;border:1px solid #c5d0dc}
table{border-collapse:collapse;font-size:.85rem}td{padding:.15rem .6rem;border-bottom:1px solid #eee}.hint{color:#5a6470;font-size:.9rem}
label{display:block;margin:.4rem 0 .1rem}input[type=text]{font-size:1rem;padding:.35rem;width:16rem;max-width:100%;box-sizing:border-box}
${DEMO_NAV_CSS}</style></head>
<body><main>
<h1>Gatehouse demo shop</h1>
${demoNav('/demo')}
<p class="hint">This page's server side opened an order of <b>15.00 EUR</b> for the demo merchant with <code>openOrder.do</code>. Pay it with the hosted card fields below (served by Gatehouse in an iframe: this page never sees the card number). Then see the result in the browser, the status the merchant's server reads, and the DMN Gatehouse sent to this shop.</p>
<div class="box">
<label for="holder">Name on card</label><input id="holder" type="text" value="John Smith" autocomplete="cc-name">
<label>Card</label><div id="card"></div>
<button id="pay" type="button">Pay 15.00 EUR</button> &nbsp; <a href="/demo">New order</a>
<table class="hint"><tr><td>4761 3441 3614 1390</td><td>approved</td></tr><tr><td>4000 1284 4949 8204</td><td>declined</td></tr>
<tr><td>2221 0081 2367 7736</td><td>3-D Secure challenge, then approved</td></tr><tr><td>4000 0084 0000 1629</td><td>3-D Secure challenge, then declined</td></tr>
<tr><td colspan="2">any expiry from the current month on (e.g. 12/30), any 3- or 4-digit CVV (e.g. 217)</td></tr></table>
</div>
<div id="outcome" class="outcome" role="status" aria-live="polite"></div>
<div class="box"><b>Result in the browser</b> (the createPayment callback)<pre id="result">–</pre></div>
<div class="box"><b>Server-side status</b> (getPaymentStatus.do)<pre id="status">–</pre></div>
<div class="box"><b>DMN received by this shop</b> (POST /demo/dmn; every notification: <a href="/demo/inbox">the sandbox inbox</a>)<pre id="dmn">waiting for a payment…</pre></div>
</main>
<script id="demo-init" type="application/json" nonce="${nonce}">${init.replace(/</g, '\\u003c')}</script>
<script src="/sdk/v1/websdk.js" ${sri}></script>
<script src="/demo/demo.js"></script>
</body></html>`;
}

const DEMO_JS = `(function () {
  var init = JSON.parse(document.getElementById('demo-init').textContent);
  var sdk = ServiceSdk({ sessionToken: init.sessionToken, merchantId: init.merchantId, merchantSiteId: init.merchantSiteId, env: 'int', logLevel: 3 });
  var card = sdk.fields({ style: { base: { fontSize: '16px' } } }).create('card', {});
  card.attach('#card');
  var outcome = function (kind, text) { var o = document.getElementById('outcome'); o.className = 'outcome ' + kind; o.textContent = text; };
  var show = function (id, v) { document.getElementById(id).textContent = typeof v === 'string' ? v : JSON.stringify(v, null, 2); };
  var poll = function (n) {
    fetch('/demo/status?token=' + encodeURIComponent(init.sessionToken)).then(function (r) { return r.json(); }).then(function (s) { show('status', s); });
    fetch('/demo/events?cu=' + encodeURIComponent(init.clientUniqueId)).then(function (r) { return r.json(); }).then(function (e) {
      if (e.notifications.length) show('dmn', e.notifications);
      else if (n > 0) setTimeout(function () { poll(n - 1); }, 1000);
    });
  };
  document.getElementById('pay').addEventListener('click', function () {
    var button = document.getElementById('pay');
    button.disabled = true;
    show('result', 'paying…');
    outcome('wait', 'Paying…');
    sdk.createPayment({
      sessionToken: init.sessionToken, paymentOption: card, cardHolderName: document.getElementById('holder').value,
      billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'US', zip: '10001' }
    }, function (res) {
      show('result', res);
      if (res.result === 'APPROVED') outcome('ok', '\u2713 Payment approved: 15.00 EUR, transaction ' + res.transactionId);
      else if (res.result === 'DECLINED') outcome('bad', '\u2717 Payment declined' + (res.errorDescription ? ': ' + res.errorDescription : '') + '. The order is still open: pay it again with another card.');
      else outcome('bad', '\u2717 Payment failed' + (res.errorDescription || res.reason ? ': ' + (res.errorDescription || res.reason) : '') + '.');
      button.disabled = res.result === 'APPROVED';
      poll(30);
    });
  });
})();`;
