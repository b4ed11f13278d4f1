import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { answerChallenge, findChallenge, methodNotificationOf } from '../../domain/payments/three-d-secure.acs.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { esc, sendPage } from '../shared/html-page.js';
import { orderLanguageOf } from './order-language.js';
import { dirOf, type PageLang, pageAmount, pageLanguage, pageText } from './page-texts.js';

/**
 * The simulated ACS (docs/decisions/0310): the 3-D Secure method page and the challenge page, served
 * by Gatehouse under `/acs/...`. Pages are self-contained (no external assets) under a strict CSP
 * with a per-response nonce; the challenge result page auto-posts `cres` to the merchant's
 * notificationURL (a form with target _self, a nonce'd script, and a noscript button).
 */

/** The challenge page's own rules, after the shell's (html-page.ts). */
const ACS_CSS = '#code{max-inline-size:14rem;letter-spacing:.1em}';

/**
 * Sends an ACS page in `lang` (docs/decisions/0450): the `lang` query (the Web SDK's 3-D Secure dialog
 * sets it from the checkout's locale), else the order's `userDetails.language`, else the browser's
 * `Accept-Language` (what a real ACS does with the EMV 3-D Secure `browserLanguage`), else English.
 */
const send = (reply: FastifyReply, lang: PageLang, title: string, body: string, formAction = "'self'", status = 200) =>
  sendPage(reply, body, { title, css: ACS_CSS, formAction, status, lang, dir: dirOf(lang) });

/** Gatehouse's own 3-D Secure completion page (the hosted card fields' notificationURL) learns the language too. */
function withLangIfOurs(notificationURL: string, request: FastifyRequest, lang: PageLang): string {
  const url = new URL(notificationURL);
  if (url.host !== request.host || url.pathname !== '/hosted/v1/three-d/complete') return notificationURL;
  url.searchParams.set('lang', lang);
  return url.toString();
}

const FormBody = Type.Object(
  {
    action: Type.Optional(Type.String({ maxLength: 20 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
    creq: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: true },
);

export async function acsPlugin(app: FastifyInstance): Promise<void> {
  // HTML forms post application/x-www-form-urlencoded: parsed here, for these pages only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // The method page (run in a hidden iframe) takes the "fingerprint", then posts threeDSMethodData to
  // the methodNotificationURL of the InitAuth3D, when one was given (docs/decisions/0361).
  const method = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = pageLanguage([], req.headers['accept-language']);
    const collected = `<main><h1>3-D Secure</h1><p>${pageText(lang, 'methodCollected')}</p></main>`;
    const notify = await methodNotificationOf(app.services.deps, (req.params as { id: string }).id);
    if (!notify) return send(reply, lang, '3-D Secure', collected);
    const body = `${collected}
<form id="method-form" method="post" action="${esc(notify.url)}" target="_self">
<input type="hidden" name="threeDSMethodData" value="${esc(notify.threeDSMethodData)}">
<noscript><button type="submit">${pageText(lang, 'continue')}</button></noscript>
</form>
<script nonce="%NONCE%">document.getElementById('method-form').submit();</script>`;
    return send(reply, lang, '3-D Secure', body, `'self' ${new URL(notify.url).origin}`);
  };
  const methodSchema = {
    schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 20 }) }) },
  };
  app.get('/acs/method/:id', methodSchema, method);
  app.post('/acs/method/:id', methodSchema, method);

  // Where a challenge's cRes goes when the request named no notificationURL (docs/decisions/0155): the
  // result is already the payment's; the shopper is told so and returns to the merchant's page.
  const complete = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = pageLanguage([], req.headers['accept-language']);
    return send(reply, lang, '3-D Secure', `<main><h1>3-D Secure</h1><p>${pageText(lang, 'acsFinished')}</p></main>`);
  };
  app.get('/acs/complete', { schema: { hide: true } }, complete);
  app.post('/acs/complete', { schema: { hide: true } }, complete);

  /** The page's language: the query's, the order's, the browser's (see `send`). */
  const langFor = async (request: FastifyRequest<{ Querystring: { lang?: string } }>, tx?: Transaction) =>
    pageLanguage(
      [request.query.lang, tx ? await orderLanguageOf(app.services.deps, tx) : undefined],
      request.headers['accept-language'],
    );

  const closed = (reply: FastifyReply, lang: PageLang) =>
    send(
      reply,
      lang,
      pageText(lang, 'acsClosed'),
      `<main><h1>${pageText(lang, 'acsClosed')}</h1></main>`,
      "'self'",
      410,
    );

  const renderChallenge = async (
    request: FastifyRequest<{ Params: { ref: string }; Querystring: { lang?: string } }>,
    reply: FastifyReply,
  ) => {
    const ref = request.params.ref;
    const found = await findChallenge(app.services.deps, ref);
    if (!found) {
      const lang = await langFor(request);
      return send(
        reply,
        lang,
        pageText(lang, 'acsUnknown'),
        `<main><h1>${pageText(lang, 'acsUnknown')}</h1></main>`,
        "'self'",
        404,
      );
    }
    const { tx, challenge } = found;
    const lang = await langFor(request, tx);
    if (challenge.state !== 'open' || app.services.deps.clock.now() > challenge.expiresAt) return closed(reply, lang);
    const t = (key: Parameters<typeof pageText>[1]) => pageText(lang, key);
    const amount = pageAmount(tx.amount, tx.currency, lang);
    const masked = tx.card?.maskedCardNumber ?? '';
    // the code field has the focus on a page of its own (a redirect); in the Web SDK's dialog the
    // dialog moves it there (a frame of another origin may not take it by itself)
    const body = `<main>
<h1 id="heading">${t('acsHeading')}</h1>
<dl><dt>${t('amount')}</dt><dd id="amount"><bdi dir="ltr">${esc(amount)}</bdi></dd><dt>${t('card')}</dt><dd id="card"><bdi dir="ltr">${esc(masked)}</bdi></dd></dl>
<form method="post" action="/acs/challenge/${esc(ref)}?lang=${lang}" aria-labelledby="heading">
<label for="code">${t('code')}</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="20" dir="ltr" aria-describedby="hint" autofocus>
<p class="hint" id="hint">${t('acsHint')}</p>
<div class="actions">
<button id="complete" type="submit" name="action" value="complete">${t('submit')}</button>
<button id="fail" class="secondary" type="submit" name="action" value="fail">${t('failAuth')}</button>
</div>
</form>
</main>`;
    return send(reply, lang, t('acsHeading'), body);
  };

  const params = Type.Object({ ref: Type.String({ maxLength: 80 }) });
  const querystring = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });
  app.get<{ Params: { ref: string }; Querystring: { lang?: string } }>(
    '/acs/challenge/:ref',
    { schema: { hide: true, params, querystring } },
    async (request, reply) => renderChallenge(request, reply),
  );
  app.post<{
    Params: { ref: string };
    Querystring: { lang?: string };
    Body: { action?: string; code?: string; creq?: string };
  }>('/acs/challenge/:ref', { schema: { hide: true, params, querystring, body: FormBody } }, async (request, reply) => {
    const action = request.body?.action;
    // The merchant's page posts the CReq (`creq`) here to open the challenge.
    if (action !== 'complete' && action !== 'fail') return renderChallenge(request, reply);
    const answer = await answerChallenge(app.services.deps, request.params.ref, action === 'complete');
    if (!answer) return closed(reply, await langFor(request));
    const lang = await langFor(request);
    const target = withLangIfOurs(answer.notificationURL, request, lang);
    const heading = pageText(lang, answer.transStatus === 'Y' ? 'authCompleted' : 'authFailed');
    const body = `<main><div role="status"><h1>${heading}</h1>
<p>${pageText(lang, 'returning')}</p></div>
<form id="cres-form" method="post" action="${esc(target)}" target="_self">
<input type="hidden" name="cres" value="${esc(answer.cRes)}">
<noscript><button type="submit">${pageText(lang, 'continue')}</button></noscript>
</form>
</main>
<script nonce="%NONCE%">document.getElementById('cres-form').submit();</script>`;
    return send(reply, lang, heading, body, `'self' ${new URL(target).origin}`);
  });
}
