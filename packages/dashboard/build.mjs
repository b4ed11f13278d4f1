// Bundles the control panel (docs/dashboard.md, docs/decisions/1010): dist/dashboard.js (ES2019, IIFE,
// minified) and dist/dashboard.css (the UI foundation's rules, then the panel's), served by the gateway
// as /dashboard/assets/dashboard.<hash>.js and .css: <hash> is the first 16 hex digits of the file's
// SHA-384, the same content address packages/server/src/http/shared/bundles.ts computes when it loads
// them. dist/dashboard.manifest.json names both files with their sizes and SRI hashes.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// --outdir <dir>: build elsewhere (tests)
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(here, 'dist');
mkdirSync(outdir, { recursive: true });

const common = {
  write: false,
  bundle: true,
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  charset: 'utf8',
};

const app = await build({
  ...common,
  format: 'iife',
  platform: 'browser',
  entryPoints: [join(here, 'src', 'main.tsx')],
  outfile: join(outdir, 'dashboard.js'),
});
// The style sheet is written by the same TypeScript that holds the foundation's rules (UI_CSS): built
// as a module, imported here, and its string written out as a file (the CSP allows no inline style).
const styles = await build({
  ...common,
  format: 'esm',
  platform: 'neutral',
  minify: false,
  entryPoints: [join(here, 'src', 'styles.ts')],
  outfile: join(outdir, 'styles.mjs'),
});
const { DASHBOARD_CSS } = await import(
  `data:text/javascript;base64,${Buffer.from(styles.outputFiles[0].contents).toString('base64')}`
);

/** Writes one file whole, then renames it (a server starting meanwhile reads the old or the new, never half). */
function emit(name, bytes) {
  writeFileSync(join(outdir, `${name}.${process.pid}.tmp`), bytes);
  renameSync(join(outdir, `${name}.${process.pid}.tmp`), join(outdir, name));
  const sha = createHash('sha384').update(bytes).digest();
  const [base, ext] = name.split('.');
  return {
    file: `${base}.${sha.toString('hex').slice(0, 16)}.${ext}`,
    bytes: bytes.length,
    integrity: `sha384-${sha.toString('base64')}`,
  };
}

const js = emit('dashboard.js', Buffer.from(app.outputFiles[0].contents));
const css = emit('dashboard.css', Buffer.from(DASHBOARD_CSS.replace(/\n+/g, '\n').trim() + '\n'));
writeFileSync(join(outdir, 'dashboard.manifest.json'), JSON.stringify({ js, css }, null, 2) + '\n');
if (!process.argv.includes('--quiet'))
  console.log(`dashboard: dist/dashboard.js ${js.bytes} bytes; dist/dashboard.css ${css.bytes} bytes`);
