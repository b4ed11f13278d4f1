import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser bundles the server serves: the Web SDK (packages/web-sdk/dist) and the hosted pages'
 * scripts (packages/hosted-ui/dist), built by `npm run build`. Read once (again when the file
 * changes), with their ETag and Subresource Integrity hash.
 */
export interface Bundle {
  body: Buffer;
  etag: string;
  integrity: string;
  /** first 16 hex digits of the SHA-384: the content-addressed file name part */
  hash: string;
}

// src/http/hosted or dist/http/hosted → packages/
const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export const BUNDLE_FILES = {
  websdk: join(PACKAGES, 'web-sdk', 'dist', 'websdk.js'),
  fields: join(PACKAGES, 'hosted-ui', 'dist', 'fields.js'),
  'three-d-complete': join(PACKAGES, 'hosted-ui', 'dist', 'three-d-complete.js'),
} as const;

export type BundleName = keyof typeof BUNDLE_FILES;

const cache = new Map<BundleName, { mtimeMs: number; bundle: Bundle }>();

/** The bundle, or undefined when it was not built. */
export function bundle(name: BundleName): Bundle | undefined {
  const file = BUNDLE_FILES[name];
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const hit = cache.get(name);
  if (hit && hit.mtimeMs === mtimeMs) return hit.bundle;
  const body = readFileSync(file);
  const sha384 = createHash('sha384').update(body).digest();
  const hex = sha384.toString('hex');
  const b: Bundle = {
    body,
    etag: `"${hex.slice(0, 32)}"`,
    integrity: `sha384-${sha384.toString('base64')}`,
    hash: hex.slice(0, 16),
  };
  cache.set(name, { mtimeMs, bundle: b });
  return b;
}
