// Bundles the `gatehouse` command (src/main.ts and everything it imports, the dependencies included)
// into one ES module, dist/main.js, after `tsc -p tsconfig.build.json` has type-checked and emitted the
// rest of dist/. Node then loads one file instead of some 560 modules: a command starts in about half
// the time (docs/decisions/0667). Left outside: native addons and packages read from disk at run time.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(here, 'dist', 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // a native addon; pg's optional native binding; files served or read by path at run time
  external: ['better-sqlite3', 'pg-native', 'swagger-ui-dist'],
  // the CommonJS dependencies (Fastify, pino, …) call require(): give the module one
  banner: {
    js: "import { createRequire as __gatehouseRequire } from 'node:module';\nconst require = __gatehouseRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
