import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { bundle } from '../shared/bundles.js';
import { page } from '../hosted/websdk.plugin.js';

/**
 * The control panel's HTML shell (docs/dashboard.md, docs/decisions/1010): the same small page for
 * /dashboard and each of its pages, which loads the panel's script and style sheet by their content
 * addresses; the app picks the page from the URL. Nothing of the merchant or the session is in it
 * (the app asks GET /dashboard/api/v1/me), so it can be the same for everyone.
 */

/** The strict policy of the dashboard contract: only the gateway's own scripts, styles, images and API. */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The panel's pages the shell answers for (a transaction's own page is /dashboard/transactions/<id>). */
export const DASHBOARD_PAGES = [
  'login',
  'overview',
  'transactions',
  'keys',
  'users',
  'notifications',
  'withdrawals',
  'apm-payments',
  'payment-options',
  'sites',
  'platform',
  'audit',
] as const;

export function shellHtml(): string {
  const js = bundle('dashboard');
  const css = bundle('dashboard-css');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="color-scheme" content="light dark">
<title>Control panel · Gatehouse</title>
${css ? `<link rel="stylesheet" href="/dashboard/assets/dashboard.${css.hash}.css">` : ''}
${js ? `<script src="/dashboard/assets/dashboard.${js.hash}.js" defer></script>` : ''}
</head><body><div id="app"></div>
<noscript><p>The Gatehouse control panel needs JavaScript: turn it on for this site, then reload the page.</p></noscript>
</body></html>`;
}

/** GET /dashboard, /dashboard/<page> and /dashboard/transactions/<id>: the shell. */
export function registerShowShell(app: FastifyInstance): void {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = (request.params ?? {}) as { name?: string };
    if (name !== undefined && !(DASHBOARD_PAGES as readonly string[]).includes(name)) return reply.callNotFound();
    void reply.header('x-frame-options', 'DENY');
    return page(request, reply, DASHBOARD_CSP, shellHtml());
  };
  const paths = [
    ['/dashboard', {}],
    ['/dashboard/', {}],
    ['/dashboard/:name', { params: Type.Object({ name: Type.String({ maxLength: 40 }) }) }],
    ['/dashboard/transactions/:id', { params: Type.Object({ id: Type.String({ maxLength: 64 }) }) }],
  ] as const;
  for (const [path, params] of paths) app.get(path, { schema: { hide: true, ...params } }, answer);
}
