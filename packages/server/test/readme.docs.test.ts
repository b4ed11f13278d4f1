import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointDemoAtInbox } from '../src/bootstrap/demo-inbox.js';
import { startRelay } from '../src/delivery/relay.js';
import type { Relay } from '../src/delivery/relay.js';
import { type Gateway, startGateway } from './harness.js';
import { GATEHOUSE_MAIN } from './gatehouse-command.js';

/**
 * The README's command blocks, run as written (bash, curl, node, sha256sum, the gatehouse CLI on the
 * server's data folder with --data-dir) against a real server, only the SKIPPED commands left out, each curl answer compared with the `# → STATUS {…}` line under its command: same status, same keys in
 * the same order, same values where the README gives one (`…` stands for any value, or for more keys).
 * So the README's examples stay true.
 */

const README = resolve(import.meta.dirname, '../../../README.md');
const SERVER_DIR = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** The ```sh blocks, in order. */
export function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * The only README commands not run, each for its reason; every other line of every ```sh block runs.
 * A block holding one of them runs in a subshell, so what it exports (the PostgreSQL example's
 * DATABASE_URL) stays there.
 */
export const SKIPPED: Record<string, string> = {
  'npm install': 'installs the dependencies the test already runs on',
  'npm start': 'starts a second server; the test runs its own on port 0',
  'npm test': 'the whole suite, which this test is part of',
};

/** A line's command without its comment and spaces. */
const commandOf = (line: string) => line.replace(/#.*$/, '').trim();

/** One bash script of every block, with the skipped commands replaced by `:`. */
export function readmeScript(blocks: string[]): { script: string; skipped: string[] } {
  const skipped: string[] = [];
  const parts = blocks.map((b) => {
    let skips = false;
    const lines = b.split('\n').map((l) => {
      if (!(commandOf(l) in SKIPPED)) return l;
      skips = true;
      skipped.push(commandOf(l));
      return `: skipped ${commandOf(l)}`;
    });
    return skips ? `(\n${lines.join('\n')}\n)` : lines.join('\n');
  });
  return { script: parts.join('\n'), skipped };
}

/** `# → 201 {"a":"x…",…}`: the status (when given) and the JSON, `,…` turned into an "open" marker. */
export function expectation(line: string): { status?: number; body: unknown } {
  const m = /^# → (?:(\d{3}) )?(.*)$/.exec(line.trim())!;
  const json = m[2]!.replace(/,…(?=[}\]])/g, ',"@@more":true');
  return { status: m[1] ? Number(m[1]) : undefined, body: JSON.parse(json) };
}

/** Differences between an answer and the README's shape of it; empty when they agree. */
export function shapeDiff(expected: unknown, actual: unknown, path = '$'): string[] {
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return [`${path}: a string in the README, ${JSON.stringify(actual)} in the answer`];
    const i = expected.indexOf('…');
    if (i === -1)
      return expected === actual
        ? []
        : [`${path}: ${JSON.stringify(expected)} in the README, ${JSON.stringify(actual)} in the answer`];
    return actual.startsWith(expected.slice(0, i))
      ? []
      : [`${path}: ${JSON.stringify(expected)} does not match ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: an array in the README`];
    return expected.flatMap((e, i) => shapeDiff(e, actual[i], `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${path}: an object in the README`];
    const open = '@@more' in expected;
    const keys = Object.keys(expected).filter((k) => k !== '@@more');
    const got = Object.keys(actual);
    const missing = keys.filter((k) => !got.includes(k));
    if (missing.length) return [`${path}: the answer lacks ${missing.join(', ')}`];
    const order = got.filter((k) => keys.includes(k));
    if (order.join() !== keys.join())
      return [`${path}: keys in the README ${keys.join(',')}, in the answer ${order.join(',')}`];
    if (!open && got.length !== keys.length)
      return [
        `${path}: the answer has more keys (${got.filter((k) => !keys.includes(k)).join(', ')}); end the README's object with ,…`,
      ];
    return keys.flatMap((k) =>
      shapeDiff((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return expected === actual
    ? []
    : [`${path}: ${JSON.stringify(expected)} in the README, ${JSON.stringify(actual)} in the answer`];
}

describe('README command blocks, against a real server', () => {
  let gw: Gateway;
  let relay: Relay;
  let work: string;
  beforeAll(async () => {
    gw = await startGateway();
    await pointDemoAtInbox(gw.rt.deps, gw.demo, gw.url);
    relay = startRelay(gw.rt);
    work = await mkdtemp(join(tmpdir(), 'gatehouse-readme-'));
    // The README reads ./data/demo-credentials.json: the data folder of this server.
    await symlink(gw.dataDir, join(work, 'data'));
  });
  afterAll(async () => {
    await relay?.stop();
    await gw?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('runs every README command block and answers every curl as the README says', { timeout: 600_000 }, async () => {
    const blocks = shBlocks(readFileSync(README, 'utf8'));
    expect(blocks.filter((b) => b.includes('curl ')).length).toBeGreaterThanOrEqual(3);
    expect(blocks.some((b) => b.includes('npx gatehouse '))).toBe(true);
    const all = readmeScript(blocks);
    // Each skipped command is still in the README (the list stays honest).
    expect([...new Set(all.skipped)].sort()).toEqual(Object.keys(SKIPPED).sort());
    const script = all.script.replaceAll('http://127.0.0.1:8080', gw.url);
    const expected = script
      .split('\n')
      .filter((l) => l.trim().startsWith('# → '))
      .map(expectation);
    const prelude = `set -euo pipefail
gatehouse() { (cd ${JSON.stringify(SERVER_DIR)} && env -u DATABASE_URL -u GATEHOUSE_MASTER_KEY LOG_LEVEL=silent node ${JSON.stringify(GATEHOUSE_MAIN)} "$@" --data-dir ${JSON.stringify(gw.dataDir)}); }
ghcurl() { local code; code=$(command curl -s -o last.json -w '%{http_code}' "$@"); printf '@@RESULT %s %s\\n' "$code" "$(base64 -w0 last.json)"; }
`;
    const runnable = script
      .replaceAll('curl -s ', 'ghcurl ')
      .replaceAll('npx gatehouse ', 'gatehouse ')
      .replace(/^SID=….*$/m, `SID=$(node -p "require('./last.json').sessionId")`)
      .replace(/^TX=….*$/m, `TX=$(node -p "require('./last.json').transactionId")`);
    const { stdout } = await run('bash', ['-c', prelude + runnable], {
      cwd: work,
      timeout: 580_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const answers = [...stdout.matchAll(/^@@RESULT (\d{3}) (\S*)$/gm)].map((m) => ({
      status: Number(m[1]),
      body: JSON.parse(Buffer.from(m[2]!, 'base64').toString('utf8')) as unknown,
    }));
    expect(answers.length, 'one `# →` line under every curl').toBe(expected.length);
    const problems = expected.flatMap((e, i) => {
      const a = answers[i]!;
      const where = `answer ${i + 1}`;
      return [
        ...(e.status !== undefined && e.status !== a.status
          ? [`${where}: status ${a.status}, the README says ${e.status}: ${JSON.stringify(a.body)}`]
          : []),
        ...shapeDiff(e.body, a.body).map((d) => `${where}: ${d}`),
      ];
    });
    expect(problems).toEqual([]);

    // The README's first card payment shows its webhook and DMN arriving at the sandbox inbox, verified.
    const paid = answers.find((a) => (a.body as { paymentOption?: { card?: unknown } }).paymentOption?.card)!.body as {
      transactionId: string;
    };
    let arrived: Array<{ kind: string; verified: boolean; event: string }> = [];
    for (let i = 0; i < 600 && arrived.length < 2; i++) {
      const inbox = (await (await fetch(`${gw.url}/demo/inbox.json`)).json()) as {
        notifications: Array<{ kind: string; verified: boolean; event: string; body: unknown }>;
      };
      arrived = inbox.notifications.filter((n) => JSON.stringify(n.body).includes(paid.transactionId));
      if (arrived.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(arrived.map((n) => `${n.kind} ${n.event} ${n.verified}`).sort()).toEqual([
      'dmn APPROVED true',
      'webhook transaction.approved true',
    ]);
  });
});
