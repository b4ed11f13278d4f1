import type { FastifyInstance } from 'fastify';
import { esc } from '../shared/html-page.js';
import { sendSitePage } from '../site/shell.js';
import { CURATED_EXAMPLES } from './reference-examples.js';

/**
 * The API reference at /docs (docs/decisions/0903): rendered on the server from the same OpenAPI
 * document as /openapi.json, as plain HTML under the site's strict CSP (no script, no inline style
 * attribute), branded Gatehouse, with examples built from the schemas (curated where a built value
 * would not be accepted: reference-examples.ts).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  examples?: unknown[];
  description?: string;
  title?: string;
};

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, unknown>>;
}

const FORMATS: Record<string, string> = {
  uuid: '7c0e1f8a-3b2d-4c5e-9f6a-1b2c3d4e5f60',
  uri: 'https://shop.example/return',
  email: 'jane@example.com',
  'date-time': '2026-01-15T10:30:00Z',
  date: '2026-01-15',
};

/** A value of the schema: its own example or default, an enum's first value, else one of its type. */
export function exampleOf(s: Schema | undefined, depth = 0, success = true): unknown {
  if (!s || depth > 6) return null;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return (success && s.enum.find((v) => v !== 'error')) ?? s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return exampleOf(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1, success);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(s.properties ?? {})) {
      if (s.required?.includes(name) && !(success && name === 'errors')) out[name] = exampleOf(p, depth + 1, success);
    }
    return out;
  }
  if (type === 'array') return [exampleOf(s.items, depth + 1, success)];
  if (type === 'integer') return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
  if (type === 'number') return 10;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (s.format && FORMATS[s.format]) return FORMATS[s.format];
    if (s.minLength === 3 && s.maxLength === 3) return 'EUR';
    if (s.pattern && /^\^?\\d|\[0-9\]/.test(s.pattern)) return '1234';
    return s.title ? s.title.toLowerCase() : 'text';
  }
  return null;
}

const typeName = (s: Schema): string => {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return alt.map(typeName).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? (s.properties ? 'object' : 'any'));
  if (t === 'array' && s.items) return `${typeName(s.items)}[]`;
  return s.format ? `${t} (${s.format})` : t;
};

function fieldRows(s: Schema | undefined): string {
  const props = Object.entries(s?.properties ?? {});
  if (props.length === 0) return '';
  const rows = props.map(
    ([name, p]) =>
      `<tr><td><code>${esc(name)}</code>${s!.required?.includes(name) ? ' <b>required</b>' : ''}</td><td><code>${esc(typeName(p))}</code></td><td>${esc(p.description ?? p.title ?? '')}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const json = (v: unknown) => `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
const anchor = (method: string, path: string) => `${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;

function operationHtml(method: string, path: string, op: Operation): string {
  const curated = CURATED_EXAMPLES[`${method} ${path}`];
  const body = op.requestBody?.content?.['application/json']?.schema;
  const params = (op.parameters ?? []).map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code> (${esc(p.in)})${p.required ? ' <b>required</b>' : ''}</td><td><code>${esc(p.schema ? typeName(p.schema) : '')}</code></td><td>${esc(p.description ?? p.schema?.description ?? '')}</td></tr>`,
  );
  const auth = (op.security ?? []).flatMap((s) => Object.keys(s));
  const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const schema = r.content?.['application/json']?.schema;
    const ok = status.startsWith('2');
    const example = curated?.responses?.[status] ?? (schema ? exampleOf(schema, 0, ok) : undefined);
    return `<h4>${esc(status)}${r.description && r.description !== 'Default Response' ? ` ${esc(r.description)}` : ''}</h4>${example === undefined ? '' : json(example)}`;
  });
  return `<section class="op" id="${anchor(method, path)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
${op.summary ? `<p><b>${esc(op.summary)}</b></p>` : ''}${op.description ? `<p>${esc(op.description)}</p>` : ''}
${auth.length ? `<p class="hint">Authentication: ${auth.map((a) => (a === 'apiKey' ? '<code>x-api-key</code> header' : 'bearer access token')).join(' or ')}</p>` : ''}
${params.length ? `<h4>Parameters</h4><table><tbody>${params.join('')}</tbody></table>` : ''}
${body ? `<h4>Request body</h4>${fieldRows(body)}<h4>Example request</h4>${json(curated?.request ?? exampleOf(body))}` : ''}
${curated?.error ? `<h4>Example error (${esc(curated.error.status)})</h4><p class="hint">Request:</p>${json(curated.error.request)}<p class="hint">Answer:</p>${json(curated.error.response)}` : ''}
<h4>Responses</h4>${responses.join('')}
</section>`;
}

export function referenceHtml(doc: { info?: { title?: string; version?: string; description?: string }; paths?: Record<string, Record<string, Operation>> }): string {
  const ops: Array<{ method: string; path: string; op: Operation; tag: string }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.push({ method, path, op, tag: op.tags?.[0] ?? 'other' });
    }
  }
  const tags = [...new Set(ops.map((o) => o.tag))];
  const toc = tags
    .map(
      (t) =>
        `<h3>${esc(t)}</h3>${ops
          .filter((o) => o.tag === t)
          .map((o) => `<a href="#${anchor(o.method, o.path)}"><span class="m ${o.method}">${o.method.toUpperCase()}</span> ${esc(o.path)}</a>`)
          .join('')}`,
    )
    .join('');
  return `<h1>Gatehouse API reference <small class="hint">${esc(doc.info?.version ?? '')}</small></h1>
<p>${esc(doc.info?.description ?? '')}</p>
<p class="hint">The machine-readable document: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Amounts are in major units on the wire.
Error codes: <code>docs/errors.md</code>.</p>
<nav class="toc">${toc}</nav>
${tags.map((t) => `<h2>${esc(t)}</h2>${ops.filter((o) => o.tag === t).map((o) => operationHtml(o.method, o.path, o.op)).join('\n')}`).join('\n')}`;
}

export function registerReference(app: FastifyInstance): void {
  let html: string | undefined;
  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    html ??= referenceHtml(app.swagger() as Parameters<typeof referenceHtml>[0]);
    return sendSitePage(reply, html, { title: 'Gatehouse API reference', css: 'small{font-size:.9rem;font-weight:400}h4{margin:.8rem 0 .3rem}' });
  };
  app.get('/docs', { schema: { hide: true } }, page);
  app.get('/docs/', { schema: { hide: true } }, page);
}
