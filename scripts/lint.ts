/**
 * `npm run lint`: every check of the code base, run side by side (one per core), each one's output
 * printed whole when it ends, a summary last; exits 1 when any failed. The checks:
 * ESLint, the import-cycle, route, catch, citation and ADR-index checks, Prettier, and the TypeScript
 * type check of each package.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

const HELP = `Usage: npm run lint [-- --jobs N]

Runs every check side by side and prints each one's output when it ends:
  eslint                    ESLint (the layer rules, the clock and id seams, type-aware async rules)
  cycles, routes, catches,  scripts/check-*.ts
  citations, decisions
  prettier                  prettier --check .
  tsc:<package>             the TypeScript type check of each package
  --jobs N   how many at once (default: the number of cores)
Exits 1 when any check fails.`;

const TSX = ['node', '--import', 'tsx'];
// every workspace package with a tsconfig.json
const PACKAGES = ['server', 'protocol', 'web-sdk', 'hosted-ui', 'client', 'dashboard'].filter((p) =>
  existsSync(`packages/${p}/tsconfig.json`),
);

interface Check {
  name: string;
  argv: string[];
}

const checks: Check[] = [
  // the longest first, so the others fill the other cores meanwhile
  { name: 'eslint', argv: ['node_modules/.bin/eslint', '.'] },
  ...PACKAGES.map((p) => ({
    name: `tsc:${p}`,
    argv: ['node_modules/.bin/tsc', '-p', `packages/${p}/tsconfig.json`, '--noEmit'],
  })),
  { name: 'prettier', argv: ['node_modules/.bin/prettier', '--check', '.', '--log-level', 'warn'] },
  ...['cycles', 'routes', 'catches', 'citations', 'decisions-index'].map((c) => ({
    name: c,
    argv: [...TSX, `scripts/check-${c}.ts`],
  })),
];

function run(check: Check): Promise<{ check: Check; code: number; out: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.argv[0]!, check.argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', (err) =>
      resolve({ check, code: 1, out: `${out}${String(err)}\n`, ms: performance.now() - start }),
    );
    child.on('close', (code) => resolve({ check, code: code ?? 1, out, ms: performance.now() - start }));
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const at = args.indexOf('--jobs');
  const jobs = Math.max(1, at >= 0 ? Number.parseInt(args[at + 1] ?? '', 10) || 1 : availableParallelism());
  const queue = [...checks];
  const failed: string[] = [];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const r = await run(c);
      const mark = r.code === 0 ? 'ok  ' : 'FAIL';
      console.log(`${mark} ${c.name} (${(r.ms / 1000).toFixed(1)} s)`);
      if (r.out.trim()) console.log(r.out.trimEnd());
      if (r.code !== 0) failed.push(c.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, worker));
  console.log(
    failed.length ? `lint: ${failed.length} failed: ${failed.join(', ')}` : `lint: all ${checks.length} checks pass`,
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
