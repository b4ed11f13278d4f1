import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * Compression of what the Web SDK's assets and the hosted pages send (docs/decisions/0422): brotli or
 * gzip as the request's Accept-Encoding prefers, none for `identity`. A bundle is compressed once (at
 * brotli's best quality) the first time it is asked for, and kept beside it; pages, which carry a nonce
 * of their own, are compressed as they are sent, at a quick quality.
 */

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli before gzip when both are acceptable
 * (`q=0` refuses one), nothing when neither is (or for no header: identity).
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? (q.has('*') ? q.get('*')! : 0);
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz && br > 0 ? 'br' : 'gzip';
}

const cache = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/** The bundle body compressed with `encoding` (once per body: later calls answer the same buffer). */
export function compressedBundle(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let entry = cache.get(body);
  if (!entry) {
    entry = {};
    cache.set(body, entry);
  }
  const done =
    entry[encoding] ??
    (encoding === 'br'
      ? brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipAsync(body, { level: 9 }));
  entry[encoding] = done;
  return done;
}

/** A page's HTML compressed with `encoding` (small and per request: a quick quality). */
export function compressedPage(html: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}
