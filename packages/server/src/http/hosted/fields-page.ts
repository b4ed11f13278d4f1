import { createHash } from 'node:crypto';
import type { Bundle } from '../shared/bundles.js';

/**
 * The hosted card field page's HTML (`/hosted/v1/fields`, docs/decisions/0455): one document with its
 * style sheet and its script (`fields.js`) inline, so that a card frame is one request and one round
 * trip, not two. The document is the same for every frame (what varies, the merchant origin allowed to
 * frame it, is a header), so it is built once per bundle and compressed once; its CSP allows exactly
 * that style sheet and that script by their SHA-256 (`script-src 'sha256-…'`), and nothing else.
 */
export interface FieldsPage {
  /** the HTML, as a Buffer (the compression cache is keyed by it) */
  body: Buffer;
  /** the CSP's script-src and style-src sources */
  scriptSrc: string;
  styleSrc: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const built = new WeakMap<Buffer, FieldsPage>();

/**
 * The page for the script `b` (the fields bundle) and `css`. A script that holds `</script` or `<!--`
 * cannot sit inline as it is: it is then loaded by src (the page still works, in two requests).
 */
export function fieldsPage(b: Bundle | undefined, css: string): FieldsPage {
  const cached = b && built.get(b.body);
  if (cached) return cached;
  const script = b?.body.toString('utf8');
  const inline = script !== undefined && !/<\/script|<!--/i.test(script);
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card details</title><style>${css}</style></head>
<body><form id="form" autocomplete="on"><div id="row"></div></form>
`;
  const tail = inline
    ? `<script>${script}</script></body></html>`
    : `<script src="/hosted/v1/fields.js${b ? `?v=${b.hash}` : ''}"></script></body></html>`;
  const page: FieldsPage = {
    body: Buffer.from(head + tail, 'utf8'),
    scriptSrc: inline ? sha256(script) : "'self'",
    styleSrc: sha256(css),
  };
  if (b) built.set(b.body, page);
  return page;
}
