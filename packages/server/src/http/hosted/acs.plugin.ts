import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { formatDecimal } from '../../lib/money.js';
import { answerChallenge, findChallenge, methodNotificationOf } from '../../domain/payments/three-d-secure.service.js';
import { esc, sendPage } from '../shared/html-page.js';

/**
 * The simulated ACS (docs/decisions/0310): the 3-D Secure method page and the challenge page, served
 * by Gatehouse under `/acs/...`. Pages are self-contained (no external assets) under a strict CSP
 * with a per-response nonce; the challenge result page auto-posts `cres` to the merchant's
 * notificationURL (a form with target _self, a nonce'd script, and a noscript button).
 */

const ACS_CSS = `
h1{font-size:1.2rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}
input{font-size:1.1rem;padding:.4rem;width:10rem}button{font-size:1rem;padding:.5rem 1rem;margin:.5rem .5rem 0 0}
.hint{background:#fff7d6;padding:.5rem;border-radius:4px;font-size:.9rem}`;

/**
 * The challenge page in the shopper's language (`?lang=`, which the Web SDK's 3-D Secure dialog adds from
 * the checkout's locale; docs/decisions/0423): the checkout's languages and Hebrew, English otherwise.
 */
const ACS_TEXTS = {
  en: ['Verify your payment', 'Amount', 'Card', 'One-time code', 'Sandbox: any code completes the authentication; “Fail authentication” fails it.', 'Submit', 'Fail authentication', 'Authentication completed', 'Authentication failed', 'Returning to the merchant…'],
  de: ['Bestätigen Sie Ihre Zahlung', 'Betrag', 'Karte', 'Einmalcode', 'Sandbox: Jeder Code schließt die Prüfung ab; „Prüfung fehlschlagen lassen“ lässt sie scheitern.', 'Bestätigen', 'Prüfung fehlschlagen lassen', 'Prüfung abgeschlossen', 'Prüfung fehlgeschlagen', 'Zurück zum Händler…'],
  es: ['Verifique su pago', 'Importe', 'Tarjeta', 'Código de un solo uso', 'Sandbox: cualquier código completa la autenticación; «Hacer fallar la autenticación» la hace fallar.', 'Enviar', 'Hacer fallar la autenticación', 'Autenticación completada', 'Autenticación fallida', 'Volviendo al comercio…'],
  fr: ['Vérifiez votre paiement', 'Montant', 'Carte', 'Code à usage unique', 'Sandbox : tout code valide l’authentification ; « Faire échouer l’authentification » la fait échouer.', 'Valider', 'Faire échouer l’authentification', 'Authentification réussie', 'Échec de l’authentification', 'Retour chez le marchand…'],
  it: ['Verifica il pagamento', 'Importo', 'Carta', 'Codice monouso', 'Sandbox: qualsiasi codice completa l’autenticazione; «Fai fallire l’autenticazione» la fa fallire.', 'Invia', 'Fai fallire l’autenticazione', 'Autenticazione completata', 'Autenticazione non riuscita', 'Ritorno al negozio…'],
  pl: ['Potwierdź płatność', 'Kwota', 'Karta', 'Kod jednorazowy', 'Sandbox: każdy kod kończy uwierzytelnianie; „Odrzuć uwierzytelnianie” je odrzuca.', 'Zatwierdź', 'Odrzuć uwierzytelnianie', 'Uwierzytelnianie zakończone', 'Uwierzytelnianie nieudane', 'Powrót do sklepu…'],
  pt: ['Verifique o seu pagamento', 'Valor', 'Cartão', 'Código de uso único', 'Sandbox: qualquer código conclui a autenticação; «Fazer falhar a autenticação» fá-la falhar.', 'Enviar', 'Fazer falhar a autenticação', 'Autenticação concluída', 'Autenticação falhada', 'A regressar ao comerciante…'],
  ru: ['Подтвердите платёж', 'Сумма', 'Карта', 'Одноразовый код', 'Песочница: любой код завершает проверку; «Провалить проверку» завершает её неудачей.', 'Подтвердить', 'Провалить проверку', 'Проверка пройдена', 'Проверка не пройдена', 'Возвращаемся в магазин…'],
  he: ['אמתו את התשלום', 'סכום', 'כרטיס', 'קוד חד-פעמי', 'ארגז חול: כל קוד משלים את האימות; „הכשלת האימות” מכשילה אותו.', 'שליחה', 'הכשלת האימות', 'האימות הושלם', 'האימות נכשל', 'חוזרים לחנות…'],
} as const;
type AcsLang = keyof typeof ACS_TEXTS;
const langOf = (q: unknown): AcsLang => {
  const l = typeof q === 'string' ? q.slice(0, 2).toLowerCase() : '';
  return l in ACS_TEXTS ? (l as AcsLang) : 'en';
};
/** The page's text in its language, wrapped so that a screen reader reads it in that language. */
const inLang = (lang: AcsLang, html: string) => `<div lang="${lang}" dir="${lang === 'he' ? 'rtl' : 'ltr'}">${html}</div>`;

const send = (reply: FastifyReply, title: string, body: string, formAction = "'self'", status = 200) =>
  sendPage(reply, body, { title, css: ACS_CSS, formAction, status });

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
  const method = async (req: { params: unknown }, reply: FastifyReply) => {
    const notify = await methodNotificationOf(app.services.deps, (req.params as { id: string }).id);
    if (!notify) return send(reply, '3-D Secure method', '<p>3-D Secure method data collected.</p>');
    const body = `<p>3-D Secure method data collected.</p>
<form id="method-form" method="post" action="${esc(notify.url)}" target="_self">
<input type="hidden" name="threeDSMethodData" value="${esc(notify.threeDSMethodData)}">
<noscript><button type="submit">Continue</button></noscript>
</form>
<script nonce="%NONCE%">document.getElementById('method-form').submit();</script>`;
    return send(reply, '3-D Secure method', body, `'self' ${new URL(notify.url).origin}`);
  };
  const methodSchema = {
    schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 20 }) }) },
  };
  app.get('/acs/method/:id', methodSchema, method);
  app.post('/acs/method/:id', methodSchema, method);

  // Where a challenge's cRes goes when the request named no notificationURL (docs/decisions/0155): the
  // result is already the payment's; the shopper is told so and returns to the merchant's page.
  const complete = async (_req: unknown, reply: FastifyReply) =>
    send(reply, '3-D Secure', '<p>Authentication finished. You can close this window and return to the shop.</p>');
  app.get('/acs/complete', { schema: { hide: true } }, complete);
  app.post('/acs/complete', { schema: { hide: true } }, complete);

  const renderChallenge = async (ref: string, reply: FastifyReply, lang: AcsLang) => {
    const [heading, amountLabel, cardLabel, codeLabel, hint, submit, fail] = ACS_TEXTS[lang];
    const found = await findChallenge(app.services.deps, ref);
    if (!found) return send(reply, 'Not found', '<h1>Unknown authentication</h1>', "'self'", 404);
    const { tx, challenge } = found;
    if (challenge.state !== 'open' || app.services.deps.clock.now() > challenge.expiresAt) {
      return send(reply, 'Authentication closed', '<h1>This authentication is closed</h1>', "'self'", 410);
    }
    const amount = `${formatDecimal(tx.amount, tx.currency)} ${tx.currency}`;
    const masked = tx.card?.maskedCardNumber ?? '';
    const body = inLang(
      lang,
      `<h1>${heading}</h1>
<dl><dt>${amountLabel}</dt><dd id="amount" dir="ltr">${esc(amount)}</dd><dt>${cardLabel}</dt><dd id="card" dir="ltr">${esc(masked)}</dd></dl>
<form method="post" action="/acs/challenge/${esc(ref)}?lang=${lang}">
<label for="code">${codeLabel}</label><br>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="20" dir="ltr">
<p class="hint">${hint}</p>
<button id="complete" type="submit" name="action" value="complete">${submit}</button>
<button id="fail" type="submit" name="action" value="fail">${fail}</button>
</form>`,
    );
    return send(reply, '3-D Secure challenge', body);
  };

  const params = Type.Object({ ref: Type.String({ maxLength: 80 }) });
  const querystring = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });
  app.get<{ Params: { ref: string }; Querystring: { lang?: string } }>(
    '/acs/challenge/:ref',
    { schema: { hide: true, params, querystring } },
    async (request, reply) => renderChallenge(request.params.ref, reply, langOf(request.query.lang)),
  );
  app.post<{
    Params: { ref: string };
    Querystring: { lang?: string };
    Body: { action?: string; code?: string; creq?: string };
  }>(
    '/acs/challenge/:ref',
    { schema: { hide: true, params, querystring, body: FormBody } },
    async (request, reply) => {
      const action = request.body?.action;
      const lang = langOf(request.query.lang);
      // The merchant's page posts the CReq (`creq`) here to open the challenge.
      if (action !== 'complete' && action !== 'fail') return renderChallenge(request.params.ref, reply, lang);
      const answer = await answerChallenge(app.services.deps, request.params.ref, action === 'complete');
      if (!answer) return send(reply, 'Authentication closed', '<h1>This authentication is closed</h1>', "'self'", 410);
      const target = new URL(answer.notificationURL);
      const [, , , , , , , completed, failed, returning] = ACS_TEXTS[lang];
      const body = `${inLang(lang, `<h1>${answer.transStatus === 'Y' ? completed : failed}</h1>\n<p>${returning}</p>`)}
<form id="cres-form" method="post" action="${esc(answer.notificationURL)}" target="_self">
<input type="hidden" name="cres" value="${esc(answer.cRes)}">
<noscript><button type="submit">Continue</button></noscript>
</form>
<script nonce="%NONCE%">document.getElementById('cres-form').submit();</script>`;
      return send(reply, '3-D Secure result', body, `'self' ${target.origin}`);
    },
  );
}
