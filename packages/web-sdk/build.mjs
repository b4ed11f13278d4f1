// Bundles the Web SDK to dist/websdk.js (ES2019, IIFE, minified) and writes dist/websdk.integrity.json
// with its Subresource Integrity hash; the hash is also written into docs/web-sdk.md between markers so
// the published value always matches the bundle (a test checks it).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// --outdir <dir>: build elsewhere (tests); --no-docs: leave docs/web-sdk.md alone
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(here, 'dist');
const writeDocs = !process.argv.includes('--no-docs');
const outfile = join(outdir, 'websdk.js');
mkdirSync(outdir, { recursive: true });

// The checkout form (Preact) is a bundle of its own, loaded by websdk.js only when checkout() is
// called: websdk.js learns its content-addressed name and its SRI hash here (docs/decisions/0410).
const common = {
  write: false,
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // non-ASCII text as UTF-8, not \u escapes (the server sends charset=utf-8)
  charset: 'utf8',
};
const co = await build({
  ...common,
  entryPoints: [join(here, 'src', 'checkout', 'main.ts')],
  outfile: join(outdir, 'checkout.js'),
});
const coBytes = Buffer.from(co.outputFiles[0].contents);
const coSha = createHash('sha384').update(coBytes).digest();
const coIntegrity = `sha384-${coSha.toString('base64')}`;
const coFile = `checkout.${coSha.toString('hex').slice(0, 16)}.js`;
writeFileSync(join(outdir, `checkout.js.${process.pid}.tmp`), coBytes);
renameSync(join(outdir, `checkout.js.${process.pid}.tmp`), join(outdir, 'checkout.js'));

// Each non-English locale's texts are a script of their own, `checkout-<locale>.<hash>.js`, fetched
// with the checkout bundle only when that locale is asked for; English is in the bundle
// (docs/decisions/0432).
const locales = {};
for (const file of readdirSync(join(here, 'src', 'checkout', 'locales')).sort()) {
  const locale = file.replace(/\.json$/, '');
  if (locale === 'en' || !/^[a-z]{2}$/.test(locale)) continue;
  const table = JSON.parse(readFileSync(join(here, 'src', 'checkout', 'locales', file), 'utf8'));
  const body = Buffer.from(
    `(self.__gatehouseCheckoutTexts=self.__gatehouseCheckoutTexts||{})[${JSON.stringify(locale)}]=${JSON.stringify(table)};\n`,
  );
  const sha = createHash('sha384').update(body).digest();
  const name = `checkout-${locale}.js`;
  writeFileSync(join(outdir, `${name}.${process.pid}.tmp`), body);
  renameSync(join(outdir, `${name}.${process.pid}.tmp`), join(outdir, name));
  locales[locale] = {
    file: `checkout-${locale}.${sha.toString('hex').slice(0, 16)}.js`,
    integrity: `sha384-${sha.toString('base64')}`,
    bytes: body.length,
  };
}

const result = await build({
  ...common,
  define: {
    __CHECKOUT_FILE__: JSON.stringify(coFile),
    __CHECKOUT_INTEGRITY__: JSON.stringify(coIntegrity),
    __CHECKOUT_LOCALES__: JSON.stringify(
      Object.fromEntries(Object.entries(locales).map(([k, v]) => [k, { file: v.file, integrity: v.integrity }])),
    ),
  },
  entryPoints: [join(here, 'src', 'index.ts')],
  outfile,
});
// Written whole, then renamed: a server starting meanwhile reads the old bundle or the new, never half.
const bytes = Buffer.from(result.outputFiles[0].contents);
writeFileSync(`${outfile}.${process.pid}.tmp`, bytes);
renameSync(`${outfile}.${process.pid}.tmp`, outfile);
const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
writeFileSync(
  join(outdir, 'websdk.integrity.json'),
  JSON.stringify(
    {
      file: 'websdk.js',
      bytes: bytes.length,
      integrity,
      checkout: { file: coFile, bytes: coBytes.length, integrity: coIntegrity },
      locales,
    },
    null,
    2,
  ) + '\n',
);

const doc = join(here, '..', '..', 'docs', 'web-sdk.md');
if (writeDocs && existsSync(doc)) {
  const text = readFileSync(doc, 'utf8');
  const next = text.replace(/(<!-- sri:start -->)[\s\S]*?(<!-- sri:end -->)/, `$1\`${integrity}\`$2`);
  if (next !== text) writeFileSync(doc, next);
}
if (!process.argv.includes('--quiet'))
  console.log(`web-sdk: dist/websdk.js ${bytes.length} bytes, ${integrity}; dist/checkout.js ${coBytes.length} bytes`);
