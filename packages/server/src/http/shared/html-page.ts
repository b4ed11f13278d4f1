import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The self-contained HTML pages Gatehouse serves (ACS, APM, account capture): one shell, one strict CSP
 * with a per-response nonce, and one escape for the values put in them.
 */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The shell's rules (docs/decisions/0450): one column that fits a 320 px phone and a challenge frame,
 * logical properties (right to left needs nothing more), 44 px targets, a focus ring on every control,
 * and borders that Windows High Contrast (forced colours) keeps: a transparent border or outline is
 * drawn in the system colour there, so no control loses its edge.
 */
const BASE_CSS = `*{box-sizing:border-box}
body{font:1rem/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:28rem;margin:0 auto;padding:1.5rem 1rem;color:#1f2933;background:#fff}
h1{font-size:1.25rem;line-height:1.3;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:0 0 1rem}dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-block:.75rem .25rem}
input{font:inherit;color:inherit;background:#fff;padding:.5rem .6rem;inline-size:100%;min-block-size:44px;border:1px solid #7b8794;border-radius:4px}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-block-start:1rem}
button{font:inherit;min-block-size:44px;padding:.5rem 1rem;border:2px solid transparent;border-radius:6px;background:#1f5fbf;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f5fbf;border-color:#1f5fbf}
:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
.hint{background:#fff7d6;border:1px solid #c9a227;padding:.5rem .75rem;border-radius:4px;font-size:.9rem}
.err{color:#b42318;font-weight:600}
@media (max-width:380px){.actions button{flex:1 1 100%}}
@media (forced-colors:active){button,button.secondary{border-color:ButtonText}input{border-color:FieldText}:focus-visible{outline-color:Highlight}.hint{border-color:CanvasText}}`;

export interface PageOptions {
  title: string;
  /** the page's own rules, after the shared body rule */
  css?: string;
  status?: number;
  /** the CSP form-action sources: where the page's forms (and the redirects after them) may go */
  formAction?: string;
  /** the page shows images of Gatehouse's own (APM logos); otherwise none load, not even a favicon */
  images?: boolean;
  /** the page's language (a BCP 47 tag; `en` when absent) and its direction */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * Sends `body` in the page shell. A script in `body` runs only when it carries `nonce="%NONCE%"`,
 * replaced by the response's nonce; nothing else may run, load or frame-break.
 */
export function sendPage(reply: FastifyReply, body: string, o: PageOptions): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="${esc(o.lang ?? 'en')}" dir="${o.dir ?? 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(o.title)}</title>
<style nonce="${nonce}">${BASE_CSS}${o.css ?? ''}</style></head>
<body>${body.replaceAll('%NONCE%', nonce)}</body></html>`;
  return reply
    .code(o.status ?? 200)
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ${o.images ? "img-src 'self'; " : ''}form-action ${o.formAction ?? "'self'"}; base-uri 'none'; frame-ancestors *`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
