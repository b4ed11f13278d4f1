// Bundles the hosted pages' scripts to dist/ (ES2019, IIFE, minified); the server serves them under /hosted/v1/.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(here, 'dist');
mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: { fields: join(here, 'src', 'fields.ts'), 'three-d-complete': join(here, 'src', 'three-d-complete.ts') },
  outdir,
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
  write: false,
});
// Each file written whole, then renamed: a server starting meanwhile never reads half a script.
for (const file of result.outputFiles) {
  writeFileSync(`${file.path}.${process.pid}.tmp`, file.contents);
  renameSync(`${file.path}.${process.pid}.tmp`, file.path);
}
if (!process.argv.includes('--quiet')) console.log('hosted-ui: dist/fields.js, dist/three-d-complete.js');
