/**
 * One route naming scheme, one operation per file (ADR 0622): a file under `packages/server/src/http/`
 * that registers an HTTP route is named `<resource>.<op>.ts` (kebab-case, `orders.create.ts`) and
 * registers one operation (one registration call; a loop over a method's alias paths is still one).
 * Plugins (`*.plugin.ts`) register route files, never a route of their own.
 *
 * Files written before the scheme are listed in KNOWN below, each to be renamed or split; the check
 * fails on a route file that breaks the scheme and is not listed, and notes a listed file that now
 * follows it (or is gone) so the list only shrinks. Runs in `npm run lint`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/check-routes.ts\n\nFails when a route file under packages/server/src/http/ is not named <resource>.<op>.ts or registers more than one operation.',
  );
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');
const HTTP = join(root, 'packages/server/src/http');

/** Role suffixes that name what a file holds, not an operation: a route file never ends in one. */
const ROLES = new Set([
  'plugin',
  'route',
  'routes',
  'translate',
  'render',
  'auth',
  'errors',
  'wire',
  'view',
  'schema',
  'moves',
]);
const SCHEME = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*\.ts$/;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/**
 * Route files written before the scheme (relative to http/), to be renamed `<resource>.<op>.ts` or
 * split one operation per file. `session/` is being reshaped with the payment driver; the others
 * belong to the interfaces' owners.
 */
const KNOWN = new Set<string>([
  // written alongside the scheme in one change, to be split one operation per file next
  'admin/delivery-chaos.routes.ts',
  'admin/faults.routes.ts',
  'admin/listen.stream.ts',
  'admin/webhook-endpoints.routes.ts',
  'admin/sandbox.triggers.ts',
  'client/capture.routes.ts',
  'client/checkout.routes.ts',
  'client/client.plugin.ts',
  'client/lookups.routes.ts',
  'client/payments.routes.ts',
  'client/withdrawals.routes.ts',
  'demo/checkout-demo.ts',
  'demo/demo.plugin.ts',
  'demo/inbox.ts',
  'hosted/account-capture.ts',
  'hosted/acs.plugin.ts',
  'hosted/apm.plugin.ts',
  'hosted/websdk.plugin.ts',
  'ops/health.ts',
  'ops/metrics.ts',
  'ops/openapi.ts',
  'ops/reference.ts',
  'platform/account-owners.routes.ts',
  'platform/email-configurations.routes.ts',
  'platform/payouts.routes.ts',
  'platform/sandbox.moves.ts',
  'platform/split-transactions.routes.ts',
  'session/accounts.route.ts',
  'session/catalogue.ts',
  'session/kyc.route.ts',
  'session/lookups.route.ts',
  'session/session-token.auth.ts',
  'session/withdrawal-requests.route.ts',
  'site/site.plugin.ts',
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** A path argument: a string or template literal starting with `/` or with a substitution. */
function isPath(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isStringLiteralLike(node)) return node.text.startsWith('/');
  if (ts.isTemplateExpression(node)) return node.head.text === '' || node.head.text.startsWith('/');
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node);
}

/** How many route registrations a file makes: `x.get('/…', …)`, `x.post<…>(…)`, `x.route({ url, … })`. */
export function registrations(text: string): number {
  const file = ts.createSourceFile('f.ts', text, ts.ScriptTarget.Latest, false);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const [first] = node.arguments;
      if (METHODS.has(name) && node.arguments.length >= 2 && isPath(first)) count++;
      else if (
        name === 'route' &&
        first &&
        ts.isObjectLiteralExpression(first) &&
        first.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'url')
      )
        count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

/** Why a route file breaks the scheme, or undefined when it follows it. */
export function breach(path: string, count: number): string | undefined {
  const name = path.split('/').pop() ?? path;
  if (!SCHEME.test(name)) return `named ${name}: a route file is <resource>.<op>.ts`;
  const op = name.split('.')[1] ?? '';
  if (ROLES.has(op)) return `named ${name}: ".${op}" is a role, not an operation (<resource>.<op>.ts)`;
  if (count > 1) return `registers ${count} routes: one operation per file`;
  return undefined;
}

const failures: string[] = [];
const followed: string[] = [];
const seen = new Set<string>();
for (const file of sourceFiles(HTTP)) {
  const rel = relative(HTTP, file);
  const count = registrations(readFileSync(file, 'utf8'));
  if (count === 0) continue;
  seen.add(rel);
  const why = breach(rel, count);
  if (why && !KNOWN.has(rel)) failures.push(`http/${rel} ${why}`);
  if (!why && KNOWN.has(rel)) followed.push(rel);
}
const gone = [...KNOWN].filter((rel) => !seen.has(rel));
for (const rel of [...followed, ...gone])
  console.log(`check-routes: http/${rel} follows the scheme now (or is gone): drop it from KNOWN`);
if (failures.length) {
  console.error(`check-routes: ${failures.length} route file(s) break the naming scheme (ADR 0622):`);
  for (const f of failures) console.error(`  ${f}`);
  process.exit(1);
}
console.log(
  `check-routes: route files follow <resource>.<op>.ts (${KNOWN.size - followed.length - gone.length} known exceptions)`,
);
