// Bundles the Web SDK to dist/websdk.js (ES2019, IIFE, minified) and writes dist/websdk.integrity.json
// with its Subresource Integrity hash; the hash is also written into docs/web-sdk.md between markers so
// the published value always matches the bundle (a test checks it).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// --outdir <dir>: build elsewhere (tests); --no-docs: leave docs/web-sdk.md alone
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(here, 'dist');
const writeDocs = !process.argv.includes('--no-docs');
const outfile = join(outdir, 'websdk.js');
mkdirSync(outdir, { recursive: true });

const result = await build({
  entryPoints: [join(here, 'src', 'index.ts')],
  outfile,
  write: false,
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
});
// Written whole, then renamed: a server starting meanwhile reads the old bundle or the new, never half.
const bytes = Buffer.from(result.outputFiles[0].contents);
writeFileSync(`${outfile}.${process.pid}.tmp`, bytes);
renameSync(`${outfile}.${process.pid}.tmp`, outfile);
const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
writeFileSync(join(outdir, 'websdk.integrity.json'), JSON.stringify({ file: 'websdk.js', bytes: bytes.length, integrity }, null, 2) + '\n');

const doc = join(here, '..', '..', 'docs', 'web-sdk.md');
if (writeDocs && existsSync(doc)) {
  const text = readFileSync(doc, 'utf8');
  const next = text.replace(/(<!-- sri:start -->)[\s\S]*?(<!-- sri:end -->)/, `$1\`${integrity}\`$2`);
  if (next !== text) writeFileSync(doc, next);
}
if (!process.argv.includes('--quiet')) console.log(`web-sdk: dist/websdk.js ${bytes.length} bytes, ${integrity}`);
