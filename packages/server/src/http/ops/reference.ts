import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { esc } from '../shared/html-page.js';
import { FAVICON_LINK } from '../site/shell.js';

/**
 * The API reference at /docs (docs/decisions/0950): Swagger UI, served from its npm package
 * (`swagger-ui-dist`) by this server, never from a CDN, over the OpenAPI document at /openapi.json.
 * Its scripts and stylesheets are files of our origin, so the page's CSP allows `'self'` and nothing
 * inline: Swagger UI sets styles through the DOM (which a CSP does not govern) and needs no `eval`.
 * Search filters the operations by path, summary, description or tag; "Try it out" sends the request
 * to this server. The assets are compressed once (brotli or gzip) and content-addressed, so a browser
 * keeps them for a year.
 */

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const YEAR = 31_536_000;

type Encoding = 'br' | 'gzip';

interface Asset {
  /** the content-addressed URL the page links to */
  url: string;
  type: string;
  body: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Our own additions: the search box wired to Swagger UI's filter, and the brand bar. */
const INIT_JS = `(function () {
  'use strict';
  function text(op) {
    var o = op.get('operation');
    return [op.get('path'), op.get('method'), o.get('operationId'), o.get('summary'), o.get('description')]
      .filter(Boolean).join(' ').toLowerCase();
  }
  // Swagger UI's own filter matches tag names only; this one matches an operation's path, method,
  // id, summary or description, and keeps a whole tag when its name matches.
  function SearchPlugin() {
    return { fn: { opsFilter: function (taggedOps, phrase) {
      var q = String(phrase).trim().toLowerCase();
      if (!q) return taggedOps;
      return taggedOps
        .map(function (tagObj, tag) {
          if (String(tag).toLowerCase().indexOf(q) !== -1) return tagObj;
          return tagObj.set('operations', tagObj.get('operations').filter(function (op) { return text(op).indexOf(q) !== -1; }));
        })
        .filter(function (tagObj) { return tagObj.get('operations').size > 0; });
    } } };
  }
  // Swagger UI resolves an OpenAPI 3.1 document through ApiDOM, which takes tens of seconds of CPU
  // on our 500 kB document. Ours is self-contained (no external reference), so resolving is replacing
  // each local "$ref" by what it points to: done here, in milliseconds.
  function pointer(doc, ref) {
    return ref.slice(2).split('/').reduce(function (o, k) {
      return o == null ? o : o[k.replace(/~1/g, '/').replace(/~0/g, '~')];
    }, doc);
  }
  function inline(doc, v, depth) {
    if (Array.isArray(v)) return v.map(function (x) { return inline(doc, x, depth); });
    if (!v || typeof v !== 'object') return v;
    if (typeof v.$ref === 'string' && v.$ref.indexOf('#/') === 0 && depth < 32) return inline(doc, pointer(doc, v.$ref), depth + 1);
    var out = {};
    Object.keys(v).forEach(function (k) { out[k] = inline(doc, v[k], depth); });
    return out;
  }
  function LocalResolvePlugin() {
    return { fn: {
      resolve: function (o) { return Promise.resolve({ spec: inline(o.spec, o.spec, 0), errors: [] }); },
      resolveSubtree: function (obj, path) {
        var doc = obj && obj.toJS ? obj.toJS() : obj;
        var at = path.reduce(function (o, k) { return o == null ? o : o[k]; }, doc);
        return Promise.resolve({ spec: inline(doc, at, 0), errors: [] });
      }
    } };
  }
  var root = document.getElementById('swagger-ui');
  var search = document.getElementById('search');
  var count = document.getElementById('search-count');
  var ui;
  function start(spec) {
  ui = window.ui = SwaggerUIBundle({
    spec: spec,
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [SearchPlugin, LocalResolvePlugin],
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: -1,
    displayRequestDuration: true,
    filter: true,
    showExtensions: false,
    validatorUrl: null,
    syntaxHighlight: { activated: true, theme: 'agate' },
    onComplete: function () { if (search.value) apply(); }
  });
  }
  // fetched and parsed here: handed a URL, Swagger UI would parse the JSON with its YAML parser
  fetch(root.getAttribute('data-spec'), { headers: { accept: 'application/json' } })
    .then(function (r) { return r.json(); })
    .then(start);
  function apply() {
    var q = search.value.trim();
    ui.layoutActions.updateFilter(q || true);
    if (!q) { count.textContent = ''; return; }
    var n = 0;
    ui.fn.opsFilter(ui.specSelectors.taggedOperations(), q).forEach(function (t) { n += t.get('operations').size; });
    count.textContent = n === 1 ? '1 operation' : n + ' operations';
  }
  search.addEventListener('input', function () { if (ui) apply(); });
  var initial = new URLSearchParams(location.search).get('q');
  if (initial) search.value = initial;
})();
`;

/**
 * The brand bar and search box; Swagger UI's own filter box is hidden in favour of ours, and its
 * light colours behind white or coloured text are darkened to a 4.5:1 contrast (axe-core).
 */
const PAGE_CSS = `body{margin:0;background:#fff;font-family:system-ui,sans-serif;color:#1f2933}
.bar{background:#1f4fb5;color:#fff;padding:.6rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.bar a{color:#fff;text-decoration:none}.bar .brand{font-weight:700;font-size:1.1rem;display:flex;gap:.4rem;align-items:center}
.bar img{width:22px;height:22px}
.intro{max-width:1460px;margin:0 auto;padding:1rem 20px 0}
.intro h1{font-size:1.5rem;margin:.2rem 0}.intro p{margin:.4rem 0;color:#3e4c59}
.search{display:flex;gap:.6rem;align-items:center;flex-wrap:wrap;margin:.8rem 0 0}
.search label{font-weight:600}
.search input{font:inherit;padding:.4rem .6rem;border:1px solid #7b8794;border-radius:4px;min-width:min(24rem,100%)}
.search output{color:#3e4c59}
.swagger-ui .filter-container{display:none}
.swagger-ui .info{margin:20px 0}
.swagger-ui .opblock-tag{font-size:20px}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#0b5cad}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#1e7b4f}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#9a5800}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f6e66}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
.swagger-ui .info .title small{background:#4b5563}.swagger-ui .info .title small.version-stamp{background:#3f6212}
.swagger-ui .info a,.swagger-ui .info .url{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#1e7b4f;border-color:#1e7b4f}.swagger-ui .btn.authorize svg{fill:#1e7b4f}
.swagger-ui .btn.cancel{color:#b91c1c;border-color:#b91c1c}
.swagger-ui .btn.execute{background:#1d4ed8;border-color:#1d4ed8}
.swagger-ui .parameter__in,.swagger-ui .parameter__deprecated{color:#4b5563}
.swagger-ui .download-contents{background:#374151}`;

function loadAsset(name: string, type: string, body: Buffer): Asset {
  const hex = createHash('sha256').update(body).digest('hex');
  const dot = name.lastIndexOf('.');
  return {
    url: `/docs/assets/${name.slice(0, dot)}.${hex.slice(0, 16)}${name.slice(dot)}`,
    type,
    body,
    etag: `"${hex.slice(0, 32)}"`,
    compressed: {},
  };
}

async function loadAssets(): Promise<Record<'bundle' | 'css' | 'init' | 'page', Asset>> {
  // the bundle's source map is not served: its comment would only make a browser's tools ask for it
  const bundle = (await readFile(join(SWAGGER_DIR, 'swagger-ui-bundle.js'), 'utf8')).replace(
    /\n\/\/# sourceMappingURL=\S+\s*$/,
    '\n',
  );
  const css = (await readFile(join(SWAGGER_DIR, 'swagger-ui.css'), 'utf8')).replace(
    /\/\*# sourceMappingURL=\S+ \*\/\s*$/,
    '',
  );
  return {
    bundle: loadAsset('swagger-ui-bundle.js', 'application/javascript; charset=utf-8', Buffer.from(bundle)),
    css: loadAsset('swagger-ui.css', 'text/css; charset=utf-8', Buffer.from(css)),
    init: loadAsset('reference.js', 'application/javascript; charset=utf-8', Buffer.from(INIT_JS)),
    page: loadAsset('reference.css', 'text/css; charset=utf-8', Buffer.from(PAGE_CSS)),
  };
}

/** brotli before gzip when both are acceptable; nothing for identity or no header */
function encodingOf(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (e: string) => accepted.get(e) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : undefined;
}

function compressed(asset: Asset, encoding: Encoding): Promise<Buffer> {
  return (asset.compressed[encoding] ??=
    encoding === 'br'
      ? brotliAsync(asset.body, {
          params: {
            // 9, not 11: 7% larger, an eighth of the time (the first visitor waits for it)
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: asset.body.length,
          },
        })
      : gzipAsync(asset.body, { level: 9 }));
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  const encoding = encodingOf(request.headers['accept-encoding']);
  const etag = encoding ? `${asset.etag.slice(0, -1)}-${encoding}"` : asset.etag;
  void reply
    .header('cache-control', `public, max-age=${YEAR}, immutable`)
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header('x-content-type-options', 'nosniff')
    .type(asset.type);
  const known = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim());
  if (known.includes(etag)) return reply.code(304).send();
  if (!encoding) return reply.send(asset.body);
  return reply.header('content-encoding', encoding).send(await compressed(asset, encoding));
}

/**
 * The page's policy: scripts, styles and fonts of this origin only, no inline script or style
 * element, requests ("Try it out") to this origin only, images of ours or Swagger UI's data: icons.
 */
export const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function pageHtml(assets: Awaited<ReturnType<typeof loadAssets>>, version: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gatehouse API reference</title>${FAVICON_LINK}
<link rel="stylesheet" href="${assets.css.url}"><link rel="stylesheet" href="${assets.page.url}"></head>
<body><header class="bar"><a class="brand" href="/"><img src="/favicon.svg" alt="">Gatehouse</a><a href="/demo">Demo shop</a><a href="/demo/inbox">Inbox</a><a href="/docs">API reference</a></header>
<main>
<div class="intro"><h1>Gatehouse API reference <small>${esc(version)}</small></h1>
<p>Every REST, session, platform and admin route of this server. "Try it out" sends the request to this server; the REST routes take the
API key from <code>demo-credentials.json</code> through "Authorize". The document itself: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<noscript><p>This page needs JavaScript; the document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<div class="search" role="search"><label for="search">Search operations</label><input id="search" type="search" placeholder="openOrder, /orders, refund…" autocomplete="off"><output id="search-count" for="search" aria-live="polite"></output></div></div>
<div id="swagger-ui" data-spec="/openapi.json"></div>
</main>
<script src="${assets.bundle.url}"></script><script src="${assets.init.url}"></script>
</body></html>`;
}

export async function registerReference(app: FastifyInstance, version: string): Promise<void> {
  const assets = await loadAssets();
  const byUrl = new Map(Object.values(assets).map((a) => [a.url.slice('/docs/assets/'.length), a]));
  const html = loadAsset('reference.html', 'text/html; charset=utf-8', Buffer.from(pageHtml(assets, version)));
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = encodingOf(request.headers['accept-encoding']);
    void reply
      .header('content-security-policy', REFERENCE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html.body);
    return reply.header('content-encoding', encoding).send(await compressed(html, encoding));
  };
  app.get('/docs', { schema: { hide: true } }, page);
  app.get('/docs/', { schema: { hide: true } }, page);
  app.get<{ Params: { file: string } }>('/docs/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const asset = byUrl.get(request.params.file);
    if (!asset) return reply.callNotFound();
    return sendAsset(request, reply, asset);
  });
}
