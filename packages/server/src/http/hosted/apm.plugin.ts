import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '../../domain/errors.js';
import { completeApmPayment, findApmPage } from '../../domain/payments/apm.service.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { apmLogoSvg, findApm } from '../../acquirer/apm-catalogue.js';
import { esc, sendPage } from '../shared/html-page.js';
import { orderLanguageOf } from './order-language.js';
import { dirOf, type PageLang, type PageTextKey, pageAmount, pageLanguage, pageText } from './page-texts.js';

/**
 * The simulated APM pages (docs/apm-payments.md, docs/decisions/0360), served by Gatehouse under
 * `/apm/...`: the redirect method's page `/apm/redirect/<transactionId>-<pageKey>` where the shopper
 * approves, declines or leaves the payment pending, and the methods' logos. After an answer the
 * shopper is sent (303) to the order's successUrl / failureUrl / pendingUrl with `transactionId` and
 * `status` added to the query, or shown a plain result page when there is none. Pages are
 * self-contained under a strict CSP with a per-response nonce.
 */

/** The APM pages' own rules, after the shell's (html-page.ts). */
const APM_CSS = '.logo{margin:0 0 1rem}.logo img{display:block}';

/** A page in the shell (html-page.ts) in its language, with the APM pages' rules. */
interface Page {
  title: string;
  body: string;
}
const page = (title: string, body: string): Page => ({ title, body });
const send = (reply: FastifyReply, lang: PageLang, p: Page, status = 200, formAction = "'self'") =>
  sendPage(reply, p.body, { title: p.title, css: APM_CSS, status, formAction, images: true, lang, dir: dirOf(lang) });

/** A page that only says `key` (an unknown payment, an answer refused). */
const notice = (lang: PageLang, key: PageTextKey) =>
  page(pageText(lang, key), `<main><h1>${pageText(lang, key)}</h1></main>`);

const STATUS_TEXT = { approved: 'APPROVED', declined: 'DECLINED', error: 'ERROR', pending: 'PENDING' } as const;

function resultPage(tx: Transaction, lang: PageLang): Page {
  const status = STATUS_TEXT[tx.status];
  const heading = pageText(
    lang,
    tx.status === 'approved' ? 'resultApproved' : tx.status === 'pending' ? 'resultPending' : 'resultFailed',
  );
  return page(
    heading,
    `<main>
<div role="status"><h1 id="result" data-status="${status}">${esc(heading)}</h1></div>
<dl><dt>${pageText(lang, 'transaction')}</dt><dd id="transaction-id"><bdi dir="ltr">${esc(tx.id)}</bdi></dd><dt>${pageText(lang, 'status')}</dt><dd id="status" dir="ltr" translate="no">${status}</dd></dl>
<p>${pageText(lang, 'closeWindow')}</p>
</main>`,
  );
}

/** A catalogue text (a method's name, a field's caption) in `lang`, else in English, else `fallback`. */
function catalogueText(
  list: ReadonlyArray<{ language: string; message: string }> | undefined,
  lang: PageLang,
  fallback: string,
) {
  return (list?.find((t) => t.language === lang) ?? list?.find((t) => t.language === 'en'))?.message ?? fallback;
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
const querystring = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });

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
  /**
   * The page's language (docs/decisions/0450): the `lang` query, else the order's
   * `userDetails.language`, else the browser's `Accept-Language` (a provider's page follows the
   * shopper's browser when the merchant said nothing), else English.
   */
  const langFor = async (request: FastifyRequest<{ Querystring: { lang?: string } }>, tx?: Transaction) =>
    pageLanguage(
      [request.query.lang, tx ? await orderLanguageOf(app.services.deps, tx) : undefined],
      request.headers['accept-language'],
    );

  app.get<{ Params: { ref: string }; Querystring: { lang?: string } }>(
    '/apm/redirect/:ref',
    { schema: { hide: true, params, querystring } },
    async (request, reply) => {
      const tx = await findApmPage(app.services.deps, request.params.ref);
      const lang = await langFor(request, tx);
      if (!tx) return send(reply, lang, notice(lang, 'apmUnknown'), 404);
      if (tx.status !== 'pending' || tx.awaiting !== 'shopper') return send(reply, lang, resultPage(tx, lang), 410);
      const apm = tx.apm!;
      const t = (key: PageTextKey) => pageText(lang, key);
      const method = findApm(apm.method);
      const name = catalogueText(method?.paymentMethodDisplayName, lang, apm.method.replace(/^apmgw_/, ''));
      const amount = pageAmount(tx.amount, tx.currency, lang);
      const rows = Object.entries(apm.data)
        .map(([k, v]) => {
          const caption = catalogueText(method?.fields.find((f) => f.name === k)?.caption, lang, k);
          return `<dt>${esc(caption)}</dt><dd><bdi>${esc(v)}</bdi></dd>`;
        })
        .join('');
      const body = `<main>
<h1 id="heading">${esc(pageText(lang, 'apmHeading', { method: name }))}</h1>
<p class="logo"><img src="/apm/logos/${esc(apm.method)}.svg" alt="" width="96" height="64"></p>
<dl><dt>${t('amount')}</dt><dd id="amount"><bdi dir="ltr">${esc(amount)}</bdi></dd><dt>${t('transaction')}</dt><dd id="transaction-id"><bdi dir="ltr">${esc(tx.id)}</bdi></dd>${rows}</dl>
<form method="post" action="/apm/redirect/${esc(request.params.ref)}?lang=${lang}" aria-labelledby="heading">
${
  production()
    ? `<p class="hint" id="hint">${t('apmProductionHint')}</p>
<div class="actions"><button id="pending" type="submit" name="action" value="pending">${t('continue')}</button></div>`
    : `<p class="hint" id="hint">${t('apmSandboxHint')}</p>
<div class="actions" role="group" aria-describedby="hint">
<button id="approve" type="submit" name="action" value="approve">${t('approve')}</button>
<button id="decline" class="secondary" type="submit" name="action" value="decline">${t('decline')}</button>
<button id="pending" class="secondary" type="submit" name="action" value="pending">${t('pending')}</button>
</div>`
}
</form>
</main>`;
      return send(reply, lang, page(t('apmTitle'), body), 200, formActionOf(tx));
    },
  );

  app.post<{ Params: { ref: string }; Querystring: { lang?: string }; Body: { action?: string } }>(
    '/apm/redirect/:ref',
    { schema: { hide: true, params, querystring, body: FormBody } },
    async (request, reply) => {
      const deps = app.services.deps;
      const found = await findApmPage(deps, request.params.ref);
      const lang = await langFor(request, found);
      if (!found) return send(reply, lang, notice(lang, 'apmUnknown'), 404);
      const action = request.body?.action;
      const outcome =
        action === 'approve'
          ? 'approved'
          : action === 'decline'
            ? 'declined'
            : action === 'pending'
              ? 'pending'
              : undefined;
      if (!outcome) return send(reply, lang, notice(lang, 'apmInvalid'), 400);
      // production: only the provider (an operator, docs/decisions/0824) completes a payment; the shopper continues
      if (production() && outcome !== 'pending') return send(reply, lang, notice(lang, 'apmNotAllowed'), 403);
      let tx: Transaction;
      try {
        tx = await completeApmPayment(deps, found.id, outcome, 'shopper', { pageKey: found.apm!.pageKey! });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // answered already (another tab, an operator): show where it stands
        const now = (await deps.storage.read.payments.find(found.id)) ?? found;
        return send(reply, lang, resultPage(now, lang), 409);
      }
      const target = returnUrl(tx);
      if (target) return reply.code(303).header('location', target).header('cache-control', 'no-store').send();
      return send(reply, lang, resultPage(tx, lang));
    },
  );
}
