import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { esc } from '../shared/html-page.js';

/**
 * The shell of Gatehouse's own sandbox pages (landing page, inbox, reference docs): brand bar, favicon,
 * one stylesheet under a per-response nonce, and a CSP that allows nothing else inline.
 */

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f4fb5"/><path d="M8 26V12l8-6 8 6v14h-5v-8h-6v8z" fill="#fff"/></svg>`;

export const FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

const CSS = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;line-height:1.5}
.bar{background:#1f4fb5;color:#fff;padding:.6rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.bar a{color:#fff;text-decoration:none}.bar .brand{font-weight:700;font-size:1.1rem;display:flex;gap:.4rem;align-items:center}
.bar img{width:22px;height:22px}main{max-width:56rem;margin:0 auto;padding:1rem}
code,pre{font-family:ui-monospace,monospace;font-size:.85rem}pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{padding:.3rem .5rem;border-bottom:1px solid #e3e8ee;text-align:left;vertical-align:top}
.hint{color:#52606d}.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.8rem}
.card{border:1px solid #d8dee4;border-radius:8px;padding:.8rem}.card h2{font-size:1rem;margin:.2rem 0}
article.n{border:1px solid #d8dee4;border-left:6px solid #2f855a;border-radius:6px;padding:.5rem .8rem;margin:.8rem 0}
article.n.bad{border-left-color:#c53030}article.n header{display:flex;gap:.6rem;flex-wrap:wrap;align-items:baseline}
.v{font-weight:600}article.ok .v{color:#2f855a}article.bad .v{color:#c53030}time{color:#52606d;font-size:.85rem}
h1{font-size:1.5rem}h2{font-size:1.2rem}h3{font-size:1rem}.op{border:1px solid #d8dee4;border-radius:8px;margin:1rem 0;padding:.2rem .9rem}
.m{display:inline-block;min-width:4rem;font-weight:700;font-family:ui-monospace,monospace}.get{color:#2f855a}.post{color:#1f4fb5}.patch{color:#b7791f}.delete{color:#c53030}
nav.toc{columns:2 16rem;font-size:.9rem}nav.toc a{display:block}
main{overflow-wrap:anywhere}td{word-break:break-word}`;

export interface SitePageOptions {
  title: string;
  /** extra rules after the shared ones */
  css?: string;
  /** reload the page every this many seconds */
  refresh?: number;
  status?: number;
}

export function sendSitePage(reply: FastifyReply, body: string, o: SitePageOptions): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${o.refresh ? `<meta http-equiv="refresh" content="${o.refresh}">` : ''}<title>${esc(o.title)}</title>${FAVICON_LINK}
<style nonce="${nonce}">${CSS}${o.css ?? ''}</style></head>
<body><div class="bar"><a class="brand" href="/"><img src="/favicon.svg" alt="">Gatehouse</a><a href="/demo">Demo shop</a><a href="/demo/inbox">Inbox</a><a href="/docs">API reference</a></div>
<main>${body}</main></body></html>`;
  return reply
    .code(o.status ?? 200)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
