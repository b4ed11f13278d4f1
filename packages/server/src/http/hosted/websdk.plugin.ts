import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { registerAccountCapture } from './account-capture.js';
import { bundle, BUNDLE_FILES, type BundleName, loadBundles } from '../shared/bundles.js';
import { compressedBundle, compressedPage, preferredEncoding } from './compression.js';
import { dirOf, pageLanguage, pageText } from './page-texts.js';
import { fieldsPage } from './fields-page.js';

/**
 * The Web SDK's assets (docs/decisions/0400, 0405, 0410): `/sdk/v1/websdk.js` (and its content-addressed
 * twin `/sdk/v1/websdk.<hash>.js`, immutable), the checkout form `/sdk/v1/checkout.<hash>.js` and the
 * withdrawal component `/sdk/v1/withdrawal.<hash>.js` that websdk.js loads when `checkout()` or
 * `withdrawal()` is called, the hosted card field page `/hosted/v1/fields` and the
 * 3-D Secure completion page `/hosted/v1/three-d/complete`, with their scripts. Scripts and pages are
 * sent brotli- or gzip-compressed as the browser accepts (docs/decisions/0422).
 */

const ORIGIN = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;
const FIELD_TYPES = new Set(['card', 'ccNumber', 'ccExpiration', 'ccCvc']);
const YEAR = 31_536_000;

/** A bundle with its validators, compressed as the request accepts (also the control panel's, docs/decisions/1010). */
export async function sendBundle(
  request: FastifyRequest,
  reply: FastifyReply,
  name: BundleName,
  cacheControl: string,
  type = 'application/javascript; charset=utf-8',
) {
  const b = bundle(name);
  if (!b) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(`The ${name} bundle is not built: run npm run build`);
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  // each representation its own (strong) validator: the compressed bytes differ from the plain ones
  const etag = encoding ? `${b.etag.slice(0, -1)}-${encoding}"` : b.etag;
  void reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff');
  const known = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim());
  if (known.includes(etag)) return reply.code(304).send();
  void reply.type(type);
  if (!encoding) return reply.send(b.body);
  return reply.header('content-encoding', encoding).send(await compressedBundle(b.body, encoding));
}

/**
 * An HTML page with its CSP, never cached, compressed as the request accepts (also the control panel's
 * shell); a page that is the same on every request comes as a Buffer and is compressed once.
 */
export async function page(
  request: FastifyRequest,
  reply: FastifyReply,
  csp: string,
  html: string | Buffer,
  status = 200,
) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  void reply
    .code(status)
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const body = typeof html === 'string' ? compressedPage(html, encoding) : await compressedBundle(html, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

// Below 360 px (a combined card field on a phone) the number takes a row of its own: the frame's
// first height, measured at ready, is then that of both rows.
const FIELDS_CSS = `html,body{margin:0;padding:0;background:transparent;font:16px system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933}
#row{display:flex;gap:6px;align-items:center;padding:2px}
.gh-input{flex:1 1 auto;min-width:0;box-sizing:border-box;height:38px;padding:6px 8px;font:inherit;color:inherit;border:1px solid #c5ccd3;border-radius:4px;background:#fff;outline:none}
.gh-input:focus{border-color:#3b6fd8;box-shadow:0 0 0 2px rgba(59,111,216,.2)}
.gh-number{flex:3 1 12em}.gh-exp{flex:1 1 4.5em}.gh-cvc{flex:1 1 4em}.gh-name{flex:2 1 8em}
@media (max-width:359px){#row{flex-wrap:wrap}.gh-number{flex:1 0 100%}}
.gh-invalid{border-color:#c53030}
[dir=rtl] .gh-number,[dir=rtl] .gh-exp,[dir=rtl] .gh-cvc{text-align:right}
.gh-cvv-icon{flex:0 0 28px;height:20px;background:no-repeat center/contain url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 28 20'><rect x='1' y='1' width='26' height='18' rx='3' fill='none' stroke='%23667' stroke-width='1.5'/><rect x='1' y='5' width='26' height='3' fill='%23667'/><text x='16' y='16' font-size='6' fill='%23333'>123</text></svg>")}`;

export async function websdkPlugin(app: FastifyInstance): Promise<void> {
  await loadBundles();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get<{ Params: { file: string } }>(
    '/sdk/v1/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (file === 'websdk.js') return sendBundle(request, reply, 'websdk', 'public, max-age=3600, must-revalidate');
      if (file === 'checkout.js') return sendBundle(request, reply, 'checkout', 'public, max-age=300, must-revalidate');
      const m = /^(websdk|(?:checkout|withdrawal)(?:-[a-z]{2})?)\.([0-9a-f]{16})\.js$/.exec(file);
      const name = m?.[1] as BundleName | undefined;
      const b = name && name in BUNDLE_FILES ? bundle(name) : undefined;
      if (m && name && b && m[2] === b.hash)
        return sendBundle(request, reply, name, `public, max-age=${YEAR}, immutable`);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    },
  );

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/hosted/v1/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const name = ({ 'fields.js': 'fields', 'three-d-complete.js': 'three-d-complete' } as const)[
        request.params.file as 'fields.js'
      ];
      if (!name) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const versioned = request.query.v !== undefined && request.query.v === bundle(name)?.hash;
      return sendBundle(
        request,
        reply,
        name,
        versioned ? `public, max-age=${YEAR}, immutable` : 'public, max-age=300, must-revalidate',
      );
    },
  );

  app.get<{ Querystring: { type?: string; mo?: string; g?: string; warm?: string } }>(
    '/hosted/v1/fields',
    { schema: { hide: true } },
    async (request, reply) => {
      const { type = 'card', mo = '' } = request.query;
      const valid = ORIGIN.test(mo) && FIELD_TYPES.has(type);
      const fields = fieldsPage(bundle('fields'), FIELDS_CSS);
      const csp = [
        "default-src 'none'",
        `script-src ${fields.scriptSrc}`,
        `style-src ${fields.styleSrc}`,
        "connect-src 'self'",
        "img-src 'self' data: https:",
        "base-uri 'none'",
        "form-action 'none'",
        // Only the merchant origin named by the SDK may frame the page.
        `frame-ancestors ${valid ? mo : "'none'"}`,
      ].join('; ');
      if (!valid) return page(request, reply, csp, '<!doctype html><p>Invalid card field request</p>', 400);
      // `warm`: the page websdk.js frames, hidden, when checkout() is called in a browser that cannot move
      // a loaded frame, so that the browser starts the gateway's frame process (docs/decisions/0452)
      if (request.query.warm !== undefined)
        return page(
          request,
          reply,
          csp,
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card fields</title></head></html>',
        );
      return page(request, reply, csp, fields.body);
    },
  );

  // in the shopper's language: the ACS passes it on (`lang`), else the browser's (docs/decisions/0450)
  const complete = async (
    request: FastifyRequest<{ Querystring: { mo?: string; lang?: string } }>,
    reply: FastifyReply,
  ) => {
    const mo = request.query.mo ?? '';
    const lang = pageLanguage([request.query.lang], request.headers['accept-language']);
    const text = pageText(lang, 'verificationComplete');
    const b = bundle('three-d-complete');
    const csp =
      "default-src 'none'; script-src 'self'; style-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *";
    const html = `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title></head>
<body><main><div role="status"><h1>${text}</h1></div></main>
${ORIGIN.test(mo) ? `<script src="/hosted/v1/three-d-complete.js${b ? `?v=${b.hash}` : ''}"></script>` : ''}</body></html>`;
    return page(request, reply, csp, html);
  };
  const completeSchema = {
    schema: {
      hide: true,
      querystring: Type.Object({
        mo: Type.Optional(Type.String({ maxLength: 300 })),
        lang: Type.Optional(Type.String({ maxLength: 16 })),
      }),
    },
  };
  app.get('/hosted/v1/three-d/complete', completeSchema, complete);
  app.post('/hosted/v1/three-d/complete', completeSchema, complete);
  registerAccountCapture(app);
}
