// Bundles the Web SDK to dist/websdk.js (ES2019, IIFE, minified) and writes dist/websdk.integrity.json
// with its Subresource Integrity hash; the hash is also written into docs/web-sdk.md between markers so
// the published value always matches the bundle (a test checks it).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// --outdir <dir>: build elsewhere (tests); --no-docs: leave docs/web-sdk.md alone
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(here, 'dist');
const writeDocs = !process.argv.includes('--no-docs');
const outfile = join(outdir, 'websdk.js');
mkdirSync(outdir, { recursive: true });

// src/withdrawals.ts (createWebsdk) is written separately; until it exists the bundle carries a stub
// whose functions answer "not available", so the SDK still builds.
const withdrawalsFallback = {
  name: 'withdrawals-fallback',
  setup(b) {
    b.onResolve({ filter: /^\.\/withdrawals\.js$/ }, (args) =>
      existsSync(join(args.resolveDir, 'withdrawals.ts')) ? undefined : { path: 'withdrawals-stub', namespace: 'stub' },
    );
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents:
        "const na = (_p, cb) => { const r = { status: 'ERROR', errCode: 1000, reason: 'Withdrawals are not available', errorDescription: 'Withdrawals are not available' }; if (typeof cb === 'function') cb(r); return Promise.resolve(r); };" +
        'export function createWebsdk() { return { submitWdRequest: na, getWdRequests: na, cancelWdRequest: na }; }',
      loader: 'js',
    }));
  },
};

await build({
  plugins: [withdrawalsFallback],
  entryPoints: [join(here, 'src', 'index.ts')],
  outfile,
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
});

const bytes = readFileSync(outfile);
const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
writeFileSync(join(outdir, 'websdk.integrity.json'), JSON.stringify({ file: 'websdk.js', bytes: bytes.length, integrity }, null, 2) + '\n');

const doc = join(here, '..', '..', 'docs', 'web-sdk.md');
if (writeDocs && existsSync(doc)) {
  const text = readFileSync(doc, 'utf8');
  const next = text.replace(/(<!-- sri:start -->)[\s\S]*?(<!-- sri:end -->)/, `$1\`${integrity}\`$2`);
  if (next !== text) writeFileSync(doc, next);
}
if (!process.argv.includes('--quiet')) console.log(`web-sdk: dist/websdk.js ${bytes.length} bytes, ${integrity}`);
