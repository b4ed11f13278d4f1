import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The self-contained HTML pages Gatehouse serves (ACS, APM, account capture): one shell, one strict CSP
 * with a per-response nonce, and one escape for the values put in them.
 */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BASE_CSS = 'body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}';

export interface PageOptions {
  title: string;
  /** the page's own rules, after the shared body rule */
  css?: string;
  status?: number;
  /** the CSP form-action sources: where the page's forms (and the redirects after them) may go */
  formAction?: string;
  /** the page shows images of Gatehouse's own (APM logos); otherwise none load, not even a favicon */
  images?: boolean;
}

/**
 * Sends `body` in the page shell. A script in `body` runs only when it carries `nonce="%NONCE%"`,
 * replaced by the response's nonce; nothing else may run, load or frame-break.
 */
export function sendPage(reply: FastifyReply, body: string, o: PageOptions): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
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
