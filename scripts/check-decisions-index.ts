/**
 * Keeps `docs/decisions/README.md` complete (ADR 0625): every ADR file is listed exactly once, every
 * listed file exists, and an ADR that amends, extends or supersedes another (its `- Status:` line says
 * so) is named on the other's line of the index. Runs in `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/check-decisions-index.ts\n\nFails when docs/decisions/README.md misses an ADR, lists a missing file, or omits an amendment.',
  );
  process.exit(0);
}

const dir = resolve(import.meta.dirname, '..', 'docs/decisions');
const ADR = /^(\d{4})-[a-z0-9-]+\.md$/;

/** The problems of an index, given the ADR files and their texts. */
export function indexProblems(index: string, adrs: Map<string, string>): string[] {
  const problems: string[] = [];
  const lines = new Map<string, string>();
  const links = [...index.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((m) => m[1]!);
  for (const line of index.split('\n')) {
    const m = /^- \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(line);
    if (!m) continue;
    if (lines.has(m[2]!)) problems.push(`${m[2]} is listed twice`);
    lines.set(m[2]!, line);
  }
  for (const file of adrs.keys()) if (!lines.has(file)) problems.push(`${file} is not listed`);
  for (const link of new Set(links)) if (!adrs.has(link)) problems.push(`${link} is linked but does not exist`);
  const byNumber = new Map([...adrs.keys()].map((f) => [f.slice(0, 4), f]));
  for (const [file, text] of adrs) {
    const status = /^- Status:(.*)$/m.exec(text)?.[1] ?? '';
    const m = /\b(amends|extends|supersedes)\b([^;]*)/.exec(status);
    if (!m) continue;
    for (const target of m[2]!.match(/\b\d{4}\b/g) ?? []) {
      const targetFile = byNumber.get(target);
      const line = targetFile && lines.get(targetFile);
      if (line && !line.includes(file.slice(0, 4)))
        problems.push(`${targetFile}: the index does not say that ${file.slice(0, 4)} ${m[1]} it`);
    }
  }
  return problems;
}

const adrs = new Map<string, string>();
for (const name of readdirSync(dir)) if (ADR.test(name)) adrs.set(name, readFileSync(join(dir, name), 'utf8'));
const problems = indexProblems(readFileSync(join(dir, 'README.md'), 'utf8'), adrs);
if (problems.length) {
  console.error(`check-decisions-index: docs/decisions/README.md is not complete (ADR 0625):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-decisions-index: ${adrs.size} ADRs, each listed once in docs/decisions/README.md`);
