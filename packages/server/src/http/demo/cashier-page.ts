import { DEMO_NAV_CSS, demoNav } from './demo-nav.js';

/** The cashier page of the demo shop (`/demo/cashier`) and its script; the routes are in cashier-demo.ts. */

export const CASHIER_THEMES = ['horizontal', 'tiles'];
export const CASHIER_LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pl', 'pt', 'ru', 'he'];

export function cashierHtml(nonce: string, init: string, sri: string): string {
  const links = (key: string, values: string[]) =>
    values.map((v) => `<a href="/demo/cashier?${key}=${v}">${v}</a>`).join(' · ');
  const step = (id: string, title: string, what: string, label: string) =>
    `<section class="box step" aria-labelledby="${id}-h"><h2 id="${id}-h">${title}</h2><p class="hint">${what}</p>
<button id="${id}" type="button" disabled>${label}</button><pre id="${id}-out" tabindex="0" aria-label="${title}: request and answer">–</pre></section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gatehouse demo shop: cashier</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:50rem;margin:1.5rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}h2{font-size:1.05rem;margin:0 0 .3rem}.hint{color:#52606d;font-size:.9rem}a{color:#1d4ed8}
pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow:auto;white-space:pre-wrap;word-break:break-word;font-size:.78rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85rem;min-width:100%}th,td{text-align:start;padding:.3rem .5rem;border-bottom:1px solid #d8dee4;white-space:nowrap}th{font-weight:600;background:#f6f8fa}
.box{border:1px solid #d8dee4;border-radius:8px;padding:1rem;margin:1rem 0}
button{font-size:1rem;padding:.5rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}button:disabled{background:#6b7785;cursor:default}
button:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
.outcome{border-radius:8px;padding:.8rem 1rem;margin:1rem 0;font-weight:600;background:#eef2f7;color:#334e68;border:1px solid #c5d0dc}
${DEMO_NAV_CSS}</style></head>
<body><main>
<h1>Gatehouse demo shop: cashier</h1>
${demoNav('/demo/cashier')}
<p class="hint">The shop's server created a user with a saved sandbox card (<code>createUser.do</code>, <code>addUPOCreditCard.do</code>) and opened an order for it with <code>openOrder.do</code> and its <code>userTokenId</code>. The cashier below is one call to <code>withdrawal()</code> (every option is in <code>docs/withdrawals.md</code>): ask for a withdrawal, then play the shop's back office, whose calls this page shows, and see the DMNs the shop receives.</p>
<p class="hint">Theme: ${links('theme', CASHIER_THEMES)}<br>Locale: ${links('locale', CASHIER_LOCALES)}</p>
<section class="box" aria-labelledby="wd-h"><h2 id="wd-h">1. The user asks for a withdrawal</h2><div id="withdrawal"></div>
<pre id="result" tabindex="0" aria-label="Result in the browser">–</pre></section>
<div id="outcome" class="outcome" role="status" aria-live="polite">No withdrawal request yet.</div>
${step('lookup', "2. The shop's server finds the request", '<code>withdrawal/getRequests.do</code> reads it: it is Pending.', 'Find the request')}
${step('approve', '3. The shop approves it', '<code>withdrawal/approveRequest.do</code> places a withdrawal order for the whole amount: the request is InProgress and the order Approved. Nothing is paid yet.', 'Approve')}
${step('settle', '4. The shop settles the order', '<code>withdrawal/settleWithdrawalOrder.do</code> pays the order out to the saved card: the order is Settled and the request Approved.', 'Settle')}
<section class="box" aria-labelledby="dmn-h"><h2 id="dmn-h">5. DMNs received by the shop</h2><p class="hint">Every status the request and its order reach is a DMN to the site's notification address (<a href="/demo/inbox">the sandbox inbox</a>).</p>
<div class="scroll" tabindex="0" role="region" aria-label="DMNs of the request"><table><thead><tr><th scope="col">Received</th><th scope="col">DMN of</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Checksum</th></tr></thead>
<tbody id="dmn"><tr><td colspan="5">waiting for a withdrawal request…</td></tr></tbody></table></div></section>
</main>
<script id="demo-init" type="application/json" nonce="${nonce}">${init.replace(/</g, '\\u003c')}</script>
<script src="/sdk/v1/websdk.js" nonce="${nonce}" ${sri}></script>
<script src="/demo/cashier.js"></script>
</body></html>`;
}

export const CASHIER_JS = `(function () {
  var init = JSON.parse(document.getElementById('demo-init').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var show = function (id, v) { $(id).textContent = typeof v === 'string' ? v : JSON.stringify(v, null, 2); };
  var say = function (text) { $('outcome').textContent = text; };
  var wd = null, order = null, polling = 0;
  var dmnRows = function (list) {
    var body = $('dmn');
    body.replaceChildren();
    list.forEach(function (n) {
      var f = n.fields, tr = document.createElement('tr');
      [n.receivedAt.slice(11, 19), f.wdOrderId ? 'order ' + f.wdOrderId : 'request ' + f.wdRequestId, f.Status,
        f.totalAmount + ' ' + f.currency, n.checksumValid ? '\u2713 valid' : '\u2717 invalid'].forEach(function (v) {
        var td = document.createElement('td');
        td.textContent = v;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  };
  var pollDmns = function (n, gen) {
    if (gen !== polling) return;
    fetch('/demo/cashier/dmns?wd=' + encodeURIComponent(wd)).then(function (r) { return r.json(); }).then(function (e) {
      if (e.notifications.length) dmnRows(e.notifications);
      if (n > 0) setTimeout(function () { pollDmns(n - 1, gen); }, 1000);
    });
  };
  var watch = function () { polling++; pollDmns(20, polling); };
  var call = function (path, body, out) {
    show(out, 'calling…');
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        show(out, 'POST ' + res.call + '\\n' + JSON.stringify(res.request, null, 2) + '\\n\\nanswer:\\n' + JSON.stringify(res.answer, null, 2));
        return res.answer;
      });
  };
  var withdrawn = function (res) {
    show('result', res);
    if (!res.wdRequestId || res.result === 'ERROR') { say('No withdrawal request: ' + (res.reason || res.errorDescription || res.result || 'see the result above') + '.'); return; }
    if (res.wdRequestStatus && res.wdRequestStatus !== 'Pending') { say('Withdrawal request ' + res.wdRequestId + ': ' + res.wdRequestStatus + '.'); return; }
    wd = String(res.wdRequestId);
    say('Withdrawal request ' + wd + ' sent: ' + (res.wdRequestStatus || 'Pending') + '. Next: the shop finds it.');
    $('lookup').disabled = false;
    watch();
  };
  $('lookup').addEventListener('click', function () {
    call('/demo/cashier/requests', { wdRequestId: Number(wd) }, 'lookup-out').then(function (a) {
      var entry = (a.withdrawalRequests || [])[0];
      if (!entry) { say('The shop did not find request ' + wd + '.'); return; }
      say('Request ' + wd + ' is ' + entry.wdRequestStatus + ': ' + entry.requestedAmount + ' ' + entry.requestedCurrency + ' to ' + entry.pmDisplayName + '. Next: approve it.');
      $('approve').disabled = entry.wdRequestStatus !== 'Pending';
    });
  });
  $('approve').addEventListener('click', function () {
    $('approve').disabled = true;
    call('/demo/cashier/approve', { wdRequestId: Number(wd) }, 'approve-out').then(function (a) {
      if (a.status !== 'SUCCESS') { say('Approval refused: ' + a.reason); return; }
      order = String(a.wdOrderId);
      say('Request ' + wd + ' is ' + a.wdRequestStatus + '; order ' + order + ' is ' + a.wdOrderStatus + '. Nothing is paid yet. Next: settle it.');
      $('settle').disabled = false;
      watch();
    });
  });
  $('settle').addEventListener('click', function () {
    $('settle').disabled = true;
    call('/demo/cashier/settle', { wdOrderId: Number(order) }, 'settle-out').then(function (a) {
      if (a.status !== 'SUCCESS') { say('Settlement refused: ' + a.reason); return; }
      say('Order ' + order + ' is ' + a.wdOrderStatus + ': paid out. See the DMNs below.');
      watch();
    });
  });
  var params = {
    sessionToken: init.sessionToken, merchantId: init.merchantId, merchantSiteId: init.merchantSiteId, env: 'int',
    amount: '15.00', currency: 'EUR', renderTo: '#withdrawal', country: 'DE', userId: init.userTokenId,
    userTokenId: init.userTokenId, theme: init.theme, locale: init.locale, clientUniqueId: init.clientUniqueId,
    onResult: withdrawn
  };
  withdrawal(params);
})();`;
