import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser bundles the server serves: the Web SDK (packages/web-sdk/dist), the hosted pages'
 * scripts (packages/hosted-ui/dist) and the control panel (packages/dashboard/dist), built by `npm run build`. Read once when the app starts, with
 * their ETag and Subresource Integrity hash.
 */
export interface Bundle {
  body: Buffer;
  etag: string;
  integrity: string;
  /** first 16 hex digits of the SHA-384: the content-addressed file name part */
  hash: string;
}

// packages/: above the server package, the first folder up from this module (src/http/shared, dist/http/shared,
// or dist/ where the command is one bundle, docs/decisions/0667) holding a package.json
const PACKAGES = resolve(serverPackageOf(dirname(fileURLToPath(import.meta.url))), '..');

function serverPackageOf(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return resolve(dir, '..', '..', '..');
  }
}

export const BUNDLE_FILES = {
  websdk: join(PACKAGES, 'web-sdk', 'dist', 'websdk.js'),
  checkout: join(PACKAGES, 'web-sdk', 'dist', 'checkout.js'),
  // the checkout's texts of each non-English locale, fetched only for that locale (docs/decisions/0432)
  ...(Object.fromEntries(
    (['de', 'es', 'fr', 'it', 'pl', 'pt', 'ru'] as const).map((l) => [
      `checkout-${l}`,
      join(PACKAGES, 'web-sdk', 'dist', `checkout-${l}.js`),
    ]),
  ) as Record<`checkout-${'de' | 'es' | 'fr' | 'it' | 'pl' | 'pt' | 'ru'}`, string>),
  withdrawal: join(PACKAGES, 'web-sdk', 'dist', 'withdrawal.js'),
  // the withdrawal component's texts of each non-English locale (docs/decisions/0432, 0520)
  ...(Object.fromEntries(
    (['de', 'es', 'fr', 'he', 'it', 'pl', 'pt', 'ru'] as const).map((l) => [
      `withdrawal-${l}`,
      join(PACKAGES, 'web-sdk', 'dist', `withdrawal-${l}.js`),
    ]),
  ) as Record<`withdrawal-${'de' | 'es' | 'fr' | 'he' | 'it' | 'pl' | 'pt' | 'ru'}`, string>),
  fields: join(PACKAGES, 'hosted-ui', 'dist', 'fields.js'),
  'three-d-complete': join(PACKAGES, 'hosted-ui', 'dist', 'three-d-complete.js'),
  // the control panel's script and style sheet (packages/dashboard, docs/decisions/1010)
  dashboard: join(PACKAGES, 'dashboard', 'dist', 'dashboard.js'),
  'dashboard-css': join(PACKAGES, 'dashboard', 'dist', 'dashboard.css'),
} as const;

export type BundleName = keyof typeof BUNDLE_FILES;

const loaded = new Map<BundleName, Bundle>();

/**
 * Reads every bundle (asynchronously, once per app start: a request never touches the disk). A bundle
 * that was not built stays absent and is answered 503 until the server restarts after `npm run build`.
 */
export async function loadBundles(): Promise<void> {
  await Promise.all(
    (Object.keys(BUNDLE_FILES) as BundleName[]).map(async (name) => {
      let body: Buffer;
      try {
        body = await readFile(BUNDLE_FILES[name]);
      } catch {
        // expected: not built: the bundle stays absent and is answered 503 until a restart after the build
        loaded.delete(name);
        return;
      }
      const sha384 = createHash('sha384').update(body).digest();
      const hex = sha384.toString('hex');
      loaded.set(name, {
        body,
        etag: `"${hex.slice(0, 32)}"`,
        integrity: `sha384-${sha384.toString('base64')}`,
        hash: hex.slice(0, 16),
      });
    }),
  );
}

/** The bundle, or undefined when it was not built. */
export function bundle(name: BundleName): Bundle | undefined {
  return loaded.get(name);
}
