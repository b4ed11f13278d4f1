import type { FastifyReply } from 'fastify';
import { esc } from '../shared/html-page.js';
import { sendSitePage } from './shell.js';

/** The page a browser gets for an unknown path: what was asked, and where to go instead. */
export function notFoundPage(reply: FastifyReply, path: string): FastifyReply {
  const body = `<h1>Page not found</h1>
<p>Gatehouse has no page at <code>${esc(path)}</code>.</p>
<p><a href="/">Start page</a> · <a href="/demo">Demo shop</a> · <a href="/docs">API reference</a></p>`;
  return sendSitePage(reply, body, { title: 'Page not found', status: 404 });
}
