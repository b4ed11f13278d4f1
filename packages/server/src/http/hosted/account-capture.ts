import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { findApm } from '../../acquirer/apm-catalogue.js';
import { DomainError } from '../../domain/errors.js';
import { addPayoutAccountUpo } from '../../domain/payments/apm.service.js';
import { findLiveSession } from '../../domain/sessions/session.service.js';
import { openCaptureRef } from '../shared/capture-ref.js';
import { esc, sendPage } from '../shared/html-page.js';
import { dirOf, type PageLang, pageLanguage, pageText } from './page-texts.js';

/**
 * The account capture page of the Web SDK's accountCapture (docs/decisions/0406): the payout method's
 * fields as a form; a valid answer becomes an APM UPO of the user, then the user goes to successUrl.
 */

/** In the capture request's `languageCode` (docs/decisions/0450), English when it is not one of the pages'. */
const send = (reply: FastifyReply, lang: PageLang, body: string, status = 200) =>
  sendPage(reply, body, { title: pageText(lang, 'captureTitle'), status, images: true, lang, dir: dirOf(lang) });

const text = (list: Array<{ language: string; message: string }>, lang: string) =>
  (list.find((t) => t.language === lang) ?? list.find((t) => t.language === 'en') ?? list[0])?.message ?? '';

export function registerAccountCapture(app: FastifyInstance): void {
  const { deps } = app.services;
  const querystring = Type.Object({ ref: Type.String({ maxLength: 2000 }) });

  const form = (ref: string, error?: string, status = 200, reply?: FastifyReply) => {
    const r = openCaptureRef(deps, ref);
    const method = r && findApm(r.m);
    const lang = pageLanguage([r?.lang]);
    if (!r || !method) return send(reply!, lang, `<main><h1>${pageText(lang, 'captureExpired')}</h1></main>`, 410);
    // an error is announced and named by every field (aria-describedby); the first field has the focus
    const described = error ? ' aria-describedby="error" aria-invalid="true"' : '';
    const inputs = method.fields
      .map(
        (f, i) =>
          `<label for="f-${esc(f.name)}">${esc(text(f.caption, r.lang))}</label><input id="f-${esc(f.name)}" name="${esc(f.name)}" autocomplete="off"${described}${error && i === 0 ? ' autofocus' : ''}>`,
      )
      .join('\n');
    return send(
      reply!,
      lang,
      `<main><h1 id="heading">${esc(text(method.paymentMethodDisplayName, r.lang))}</h1>${error ? `<p class="err" id="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/hosted/v1/account-capture?ref=${encodeURIComponent(ref)}" aria-labelledby="heading">${inputs}<div class="actions"><button id="save" type="submit">${pageText(lang, 'captureSave')}</button></div></form></main>`,
      status,
    );
  };

  app.get<{ Querystring: { ref: string } }>(
    '/hosted/v1/account-capture',
    { schema: { hide: true, querystring } },
    async (request, reply) => form(request.query.ref, undefined, 200, reply),
  );

  app.post<{ Querystring: { ref: string }; Body: Record<string, string> }>(
    '/hosted/v1/account-capture',
    { schema: { hide: true, querystring } },
    async (request, reply) => {
      const r = openCaptureRef(deps, request.query.ref);
      const lang = pageLanguage([r?.lang]);
      if (!r) return send(reply, lang, `<main><h1>${pageText(lang, 'captureExpired')}</h1></main>`, 410);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const data: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && v !== '') data[k] = v.slice(0, 200);
      try {
        const session = await findLiveSession(deps, r.t);
        const upo = await addPayoutAccountUpo(
          deps,
          { merchantId: session.merchantId, siteId: session.siteId, userTokenId: r.u },
          r.m,
          data,
        );
        if (r.urls.successUrl) {
          const target = new URL(r.urls.successUrl);
          target.searchParams.set('userPaymentOptionId', upo.id);
          // eslint-disable-next-line @typescript-eslint/return-await -- a sent FastifyReply is thenable, not a pending result
          return reply.code(303).header('location', target.toString()).header('cache-control', 'no-store').send();
        }
        // eslint-disable-next-line @typescript-eslint/return-await -- a sent FastifyReply is thenable, not a pending result
        return send(
          reply,
          lang,
          `<main><div role="status"><h1>${pageText(lang, 'captureSaved')}</h1></div><p id="upo" dir="ltr">${esc(upo.id)}</p><p>${pageText(lang, 'closeWindow')}</p></main>`,
        );
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        return form(request.query.ref, err.message, 400, reply);
      }
    },
  );
}
