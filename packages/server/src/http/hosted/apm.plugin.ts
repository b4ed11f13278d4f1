import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '../../domain/errors.js';
import { completeApmPayment, findApmPage } from '../../domain/payments/apm.service.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { apmLogoSvg } from '../../acquirer/apm-catalogue.js';
import { formatDecimal } from '../../lib/money.js';
import { esc, sendPage } from '../shared/html-page.js';

/**
 * The simulated APM pages (docs/apm-payments.md, docs/decisions/0360), served by Gatehouse under
 * `/apm/...`: the redirect method's page `/apm/redirect/<transactionId>-<pageKey>` where the shopper
 * approves, declines or leaves the payment pending, and the methods' logos. After an answer the
 * shopper is sent (303) to the order's successUrl / failureUrl / pendingUrl with `transactionId` and
 * `status` added to the query, or shown a plain result page when there is none. Pages are
 * self-contained under a strict CSP with a per-response nonce.
 */

const APM_CSS = `
h1{font-size:1.2rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}
button{font-size:1rem;padding:.5rem 1rem;margin:.5rem .5rem 0 0}.hint{background:#fff7d6;padding:.5rem;border-radius:4px;font-size:.9rem}`;

/** A page in the shell (html-page.ts) with the APM pages' rules. */
interface Page {
  title: string;
  body: string;
}
const page = (title: string, body: string): Page => ({ title, body });
const send = (reply: FastifyReply, p: Page, status = 200, formAction = "'self'") =>
  sendPage(reply, p.body, { title: p.title, css: APM_CSS, status, formAction, images: true });

const STATUS_TEXT = { approved: 'APPROVED', declined: 'DECLINED', error: 'ERROR', pending: 'PENDING' } as const;

function resultPage(tx: Transaction): Page {
  const status = STATUS_TEXT[tx.status];
  const heading =
    tx.status === 'approved'
      ? 'Payment approved'
      : tx.status === 'pending'
        ? 'Payment pending'
        : 'Payment not completed';
  return page(
    heading,
    `<h1 id="result" data-status="${status}">${esc(heading)}</h1>
<dl><dt>Transaction</dt><dd id="transaction-id">${esc(tx.id)}</dd><dt>Status</dt><dd id="status">${status}</dd></dl>
<p>You may close this window.</p>`,
  );
}

/** The page's form posts to Gatehouse, which redirects to the return URLs: browsers check form-action on that redirect too. */
function formActionOf(tx: Transaction): string {
  const origins = new Set<string>();
  for (const u of [tx.apm?.successUrl, tx.apm?.failureUrl, tx.apm?.pendingUrl]) {
    if (u) origins.add(new URL(u).origin);
  }
  return ["'self'", ...origins].join(' ');
}

function returnUrl(tx: Transaction): string | undefined {
  const a = tx.apm;
  if (!a) return undefined;
  const base = tx.status === 'approved' ? a.successUrl : tx.status === 'pending' ? a.pendingUrl : a.failureUrl;
  if (!base) return undefined;
  const url = new URL(base);
  url.searchParams.set('transactionId', tx.id);
  url.searchParams.set('status', STATUS_TEXT[tx.status]);
  return url.toString();
}

const FormBody = Type.Object({ action: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: true });
const params = Type.Object({ ref: Type.String({ maxLength: 80 }) });

export async function apmPlugin(app: FastifyInstance): Promise<void> {
  // HTML forms post application/x-www-form-urlencoded: parsed here, for these pages only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get<{ Params: { name: string } }>(
    '/apm/logos/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 60 }) }) } },
    async (request, reply) => {
      const svg = apmLogoSvg(request.params.name.replace(/\.svg$/, ''));
      if (!svg) return reply.code(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
    },
  );

  const production = () => app.services.config.GATEHOUSE_MODE === 'production';
  app.get<{ Params: { ref: string } }>(
    '/apm/redirect/:ref',
    { schema: { hide: true, params } },
    async (request, reply) => {
      const tx = await findApmPage(app.services.deps, request.params.ref);
      if (!tx) return send(reply, page('Not found', '<h1>Unknown payment</h1>'), 404);
      if (tx.status !== 'pending' || tx.awaiting !== 'shopper') return send(reply, resultPage(tx), 410);
      const apm = tx.apm!;
      const amount = `${formatDecimal(tx.amount, tx.currency)} ${tx.currency}`;
      const rows = Object.entries(apm.data)
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
        .join('');
      const body = `<h1>Pay with ${esc(apm.method.replace(/^apmgw_/, ''))}</h1>
<p><img src="/apm/logos/${esc(apm.method)}.svg" alt="" width="96" height="64"></p>
<dl><dt>Amount</dt><dd id="amount">${esc(amount)}</dd><dt>Transaction</dt><dd id="transaction-id">${esc(tx.id)}</dd>${rows}</dl>
<form method="post" action="/apm/redirect/${esc(request.params.ref)}">
${
  production()
    ? `<p class="hint">The payment provider confirms this payment; you will be told of the outcome.</p>
<button id="pending" type="submit" name="action" value="pending">Continue</button>`
    : `<p class="hint">Sandbox: choose how the payment provider answers.</p>
<button id="approve" type="submit" name="action" value="approve">Approve</button>
<button id="decline" type="submit" name="action" value="decline">Decline</button>
<button id="pending" type="submit" name="action" value="pending">Pending</button>`
}
</form>`;
      return send(reply, page('Alternative payment', body), 200, formActionOf(tx));
    },
  );

  app.post<{ Params: { ref: string }; Body: { action?: string } }>(
    '/apm/redirect/:ref',
    { schema: { hide: true, params, body: FormBody } },
    async (request, reply) => {
      const deps = app.services.deps;
      const found = await findApmPage(deps, request.params.ref);
      if (!found) return send(reply, page('Not found', '<h1>Unknown payment</h1>'), 404);
      const action = request.body?.action;
      const outcome =
        action === 'approve'
          ? 'approved'
          : action === 'decline'
            ? 'declined'
            : action === 'pending'
              ? 'pending'
              : undefined;
      if (!outcome) return send(reply, page('Invalid answer', '<h1>Choose Approve, Decline or Pending</h1>'), 400);
      // production: only the provider (an operator, docs/decisions/0824) completes a payment; the shopper continues
      if (production() && outcome !== 'pending') {
        return send(reply, page('Not allowed', '<h1>The payment provider confirms this payment</h1>'), 403);
      }
      let tx: Transaction;
      try {
        tx = await completeApmPayment(deps, found.id, outcome, 'shopper', { pageKey: found.apm!.pageKey! });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // answered already (another tab, an operator): show where it stands
        const now = (await deps.storage.read.payments.find(found.id)) ?? found;
        return send(reply, resultPage(now), 409);
      }
      const target = returnUrl(tx);
      if (target) return reply.code(303).header('location', target).header('cache-control', 'no-store').send();
      return send(reply, resultPage(tx));
    },
  );
}
