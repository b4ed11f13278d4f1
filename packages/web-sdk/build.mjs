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

// The checkout form and the withdrawal component (Preact) are bundles of their own, loaded by websdk.js
// only when checkout() or withdrawal() is called: websdk.js learns their content-addressed names and
// SRI hashes here (docs/decisions/0410).
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
/**
 * A screen's bundle (`<name>.<hash>.js`, with its SRI hash) and its non-English texts, each a script
 * `<name>-<locale>.<hash>.js` that registers `self.<textsGlobal>[locale]`, fetched only when that locale
 * is asked for; English is in the bundle (docs/decisions/0410, 0432).
 */
async function screen(name, textsGlobal) {
  const out = await build({
    ...common,
    entryPoints: [join(here, 'src', name, 'main.ts')],
    outfile: join(outdir, `${name}.js`),
  });
  const bytes = Buffer.from(out.outputFiles[0].contents);
  const sha = createHash('sha384').update(bytes).digest();
  writeFileSync(join(outdir, `${name}.js.${process.pid}.tmp`), bytes);
  renameSync(join(outdir, `${name}.js.${process.pid}.tmp`), join(outdir, `${name}.js`));
  const locales = {};
  for (const file of readdirSync(join(here, 'src', name, 'locales')).sort()) {
    const locale = file.replace(/\.json$/, '');
    if (locale === 'en' || !/^[a-z]{2}$/.test(locale)) continue;
    const table = JSON.parse(readFileSync(join(here, 'src', name, 'locales', file), 'utf8'));
    const body = Buffer.from(
      `(self.${textsGlobal}=self.${textsGlobal}||{})[${JSON.stringify(locale)}]=${JSON.stringify(table)};\n`,
    );
    const lsha = createHash('sha384').update(body).digest();
    const lname = `${name}-${locale}.js`;
    writeFileSync(join(outdir, `${lname}.${process.pid}.tmp`), body);
    renameSync(join(outdir, `${lname}.${process.pid}.tmp`), join(outdir, lname));
    locales[locale] = {
      file: `${name}-${locale}.${lsha.toString('hex').slice(0, 16)}.js`,
      integrity: `sha384-${lsha.toString('base64')}`,
      bytes: body.length,
    };
  }
  return {
    bytes,
    file: `${name}.${sha.toString('hex').slice(0, 16)}.js`,
    integrity: `sha384-${sha.toString('base64')}`,
    locales,
  };
}
const refs = (locales) =>
  Object.fromEntries(Object.entries(locales).map(([k, v]) => [k, { file: v.file, integrity: v.integrity }]));

const co = await screen('checkout', '__gatehouseCheckoutTexts');
const wd = await screen('withdrawal', '__gatehouseWithdrawalTexts');
const coBytes = co.bytes;
const locales = co.locales;

const result = await build({
  ...common,
  define: {
    __CHECKOUT_FILE__: JSON.stringify(co.file),
    __CHECKOUT_INTEGRITY__: JSON.stringify(co.integrity),
    __CHECKOUT_LOCALES__: JSON.stringify(refs(co.locales)),
    __WITHDRAWAL_FILE__: JSON.stringify(wd.file),
    __WITHDRAWAL_INTEGRITY__: JSON.stringify(wd.integrity),
    __WITHDRAWAL_LOCALES__: JSON.stringify(refs(wd.locales)),
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
      checkout: { file: co.file, bytes: coBytes.length, integrity: co.integrity },
      locales,
      withdrawal: { file: wd.file, bytes: wd.bytes.length, integrity: wd.integrity, locales: wd.locales },
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
  console.log(
    `web-sdk: dist/websdk.js ${bytes.length} bytes, ${integrity}; dist/checkout.js ${coBytes.length} bytes; dist/withdrawal.js ${wd.bytes.length} bytes`,
  );
