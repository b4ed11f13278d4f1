/**
 * The repository stands alone (ADR 0624): code comments and docs point to `docs/` and to the ADRs in
 * `docs/decisions/`. They never point to files a person who clones the repository does not have:
 * the decisions file kept beside the specification, the specification's section numbers, or issue
 * numbers. Runs in `npm run lint` over packages/, scripts/, e2e/, bench/ and docs/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/check-citations.ts\n\nFails when a file cites the decisions file, a specification section or an issue number instead of docs/ or an ADR.',
  );
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');
const ROOTS = ['packages', 'scripts', 'e2e', 'bench', 'docs'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|yaml|yml|json|html|css|sh)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'images', 'results']);

/** What a citation looks like; each match names a file the reader does not have. */
export const CITATIONS: { name: string; re: RegExp }[] = [
  { name: 'the decisions file', re: new RegExp(['DECISIONS', 'md'].join('\\.')) },
  { name: 'a specification section', re: /§\s?\d/ },
  {
    name: 'a specification section',
    re: /\bspec(?:ification)?(?:'s)?\s+(?:[a-z]+-[a-z-]+\s+)?(?:section\s+)?\d+(?:\.\d+)*/i,
  },
  { name: 'an issue number', re: /\bissues?\s+#?\d+/i },
];

/**
 * Files left as they are: the generated OpenAPI document (it follows the schemas it is generated
 * from), this script, and the bench and its figures (`bench/`, `docs/performance.md`), whose notes on
 * earlier runs are being rewritten with the bench work. Remove an entry when its file is clean.
 */
const ALLOWED: RegExp[] = [
  /^docs\/openapi\.yaml$/,
  /^scripts\/check-citations\.ts$/,
  /^bench\//,
  /^docs\/performance\.md$/,
];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

/** Every citation in a text, as `line: what`. */
export function citationsIn(text: string): { line: number; what: string; excerpt: string }[] {
  const found: { line: number; what: string; excerpt: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, re } of CITATIONS) {
      const m = re.exec(line);
      if (m) {
        found.push({ line: i + 1, what: name, excerpt: m[0] });
        break;
      }
    }
  });
  return found;
}

const failures: string[] = [];
let allowed = 0;
for (const dir of ROOTS) {
  for (const file of files(join(root, dir))) {
    const rel = relative(root, file);
    const hits = citationsIn(readFileSync(file, 'utf8'));
    if (!hits.length) continue;
    if (ALLOWED.some((re) => re.test(rel))) {
      allowed += hits.length;
      continue;
    }
    for (const h of hits) failures.push(`${rel}:${h.line} cites ${h.what} ("${h.excerpt}")`);
  }
}
if (failures.length) {
  console.error(`check-citations: ${failures.length} line(s) cite what a clone does not have (ADR 0624):`);
  for (const f of failures) console.error(`  ${f}`);
  console.error('Point to the docs/ page or the ADR that holds the rule instead (add a short section when none does).');
  process.exit(1);
}
console.log(`check-citations: comments and docs point to docs/ and ADRs (${allowed} left in allow-listed files)`);
