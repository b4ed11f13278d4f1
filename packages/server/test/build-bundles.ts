import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A vitest global setup: builds the browser bundles (Web SDK, hosted pages, control panel) once, before any suite
 * starts a gateway that serves them, so `npm test` and the browser tests need no prior `npm run build`.
 */
export default function buildBundles(): void {
  const packages = new URL('../..', import.meta.url).pathname;
  for (const pkg of ['web-sdk', 'hosted-ui', 'dashboard']) {
    execFileSync(process.execPath, [join(packages, pkg, 'build.mjs'), '--quiet', '--no-docs'], { stdio: 'inherit' });
  }
}
