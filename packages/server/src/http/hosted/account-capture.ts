import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { findApm } from '../../acquirer/apm-catalogue.js';
import { DomainError } from '../../domain/errors.js';
import { addPayoutAccountUpo } from '../../domain/payments/apm.service.js';
import { findLiveSession } from '../../domain/sessions/session.service.js';
import { openCaptureRef } from '../shared/capture-ref.js';
import { esc, sendPage } from '../shared/html-page.js';

/**
 * The account capture page of the Web SDK's accountCapture (docs/decisions/0406): the payout method's
 * fields as a form; a valid answer becomes an APM UPO of the user, then the user goes to successUrl.
 */

const CAPTURE_CSS =
  'label{display:block;margin-top:.6rem}input{font-size:1rem;padding:.35rem;width:100%;box-sizing:border-box}button{margin-top:1rem;font-size:1rem;padding:.5rem 1rem}.err{color:#c53030}';

const send = (reply: FastifyReply, body: string, status = 200) =>
  sendPage(reply, body, { title: 'Bank account', css: CAPTURE_CSS, status, images: true });

const text = (list: Array<{ language: string; message: string }>, lang: string) =>
  (list.find((t) => t.language === lang) ?? list.find((t) => t.language === 'en') ?? list[0])?.message ?? '';

export function registerAccountCapture(app: FastifyInstance): void {
  const { deps } = app.services;
  const querystring = Type.Object({ ref: Type.String({ maxLength: 2000 }) });

  const form = (ref: string, error?: string, status = 200, reply?: FastifyReply) => {
    const r = openCaptureRef(deps, ref);
    const method = r && findApm(r.m);
    if (!r || !method) return send(reply!, '<h1>This link has expired</h1>', 410);
    const inputs = method.fields
      .map(
        (f) =>
          `<label for="f-${esc(f.name)}">${esc(text(f.caption, r.lang))}</label><input id="f-${esc(f.name)}" name="${esc(f.name)}" autocomplete="off">`,
      )
      .join('\n');
    return send(
      reply!,
      `<h1>${esc(text(method.paymentMethodDisplayName, r.lang))}</h1>${error ? `<p class="err" id="error">${esc(error)}</p>` : ''}
<form method="post" action="/hosted/v1/account-capture?ref=${encodeURIComponent(ref)}">${inputs}<button id="save" type="submit">Save account</button></form>`,
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
      if (!r) return send(reply, '<h1>This link has expired</h1>', 410);
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
        return send(reply, `<h1>Account saved</h1><p id="upo">${esc(upo.id)}</p><p>You may close this window.</p>`);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        return form(request.query.ref, err.message, 400, reply);
      }
    },
  );
}
