import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import buildBundles from './build-bundles.js';

/**
 * The server suites' vitest global setup: builds the browser bundles (test/build-bundles.ts), the
 * merchant client `@gatehouse/client` (its `dist/`, which the tests import and the server's type check
 * reads), and the server itself into `dist/` (`tsc -p tsconfig.build.json`, incremental: a few seconds when nothing
 * changed; then `build-cli.mjs` bundles the command into `dist/main.js`), so the tests that run `gatehouse` as a child process run it as `npm start` and the
 * `gatehouse` command do (test/gatehouse-command.ts), and need no prior `npm run build`.
 */
export default function globalBuild(): void {
  buildBundles();
  const serverDir = new URL('..', import.meta.url).pathname;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const clientDir = new URL('../../client', import.meta.url).pathname;
  execFileSync(process.execPath, [tsc, '-p', join(clientDir, 'tsconfig.build.json')], { stdio: 'inherit' });
  execFileSync(process.execPath, [tsc, '-p', join(serverDir, 'tsconfig.build.json')], { stdio: 'inherit' });
  // the command as one bundle, dist/main.js (build-cli.mjs, docs/decisions/0667)
  execFileSync(process.execPath, [join(serverDir, 'build-cli.mjs')], { stdio: 'inherit' });
}
