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

/**
 * The README's command blocks, run as written (bash, curl, node, sha256sum) against a real server,
 * each answer compared with the `# → STATUS {…}` line under its command: same status, same keys in
 * the same order, same values where the README gives one (`…` stands for any value, or for more keys).
 * So the README's examples stay true.
 */

const README = resolve(import.meta.dirname, '../../../README.md');
const run = promisify(execFile);

/** The ```sh blocks that talk to the server, in order. */
export function curlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('curl '));
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
    if (i === -1) return expected === actual ? [] : [`${path}: ${JSON.stringify(expected)} in the README, ${JSON.stringify(actual)} in the answer`];
    return actual.startsWith(expected.slice(0, i)) ? [] : [`${path}: ${JSON.stringify(expected)} does not match ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: an array in the README`];
    return expected.flatMap((e, i) => shapeDiff(e, actual[i], `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: an object in the README`];
    const open = '@@more' in expected;
    const keys = Object.keys(expected).filter((k) => k !== '@@more');
    const got = Object.keys(actual);
    const missing = keys.filter((k) => !got.includes(k));
    if (missing.length) return [`${path}: the answer lacks ${missing.join(', ')}`];
    const order = got.filter((k) => keys.includes(k));
    if (order.join() !== keys.join()) return [`${path}: keys in the README ${keys.join(',')}, in the answer ${order.join(',')}`];
    if (!open && got.length !== keys.length) return [`${path}: the answer has more keys (${got.filter((k) => !keys.includes(k)).join(', ')}); end the README's object with ,…`];
    return keys.flatMap((k) => shapeDiff((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return expected === actual ? [] : [`${path}: ${JSON.stringify(expected)} in the README, ${JSON.stringify(actual)} in the answer`];
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

  it('answers every README curl as the README says', { timeout: 120_000 }, async () => {
    const blocks = curlBlocks(readFileSync(README, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const script = blocks.join('\n').replaceAll('http://127.0.0.1:8080', gw.url);
    const expected = script.split('\n').filter((l) => l.trim().startsWith('# → ')).map(expectation);
    const prelude = `set -euo pipefail
ghcurl() { local code; code=$(curl -s -o last.json -w '%{http_code}' "$@"); printf '@@RESULT %s %s\\n' "$code" "$(base64 -w0 last.json)"; }
`;
    const runnable = script
      .replaceAll('curl -s ', 'ghcurl ')
      .replace(/^SID=….*$/m, `SID=$(node -p "require('./last.json').sessionId")`);
    const { stdout } = await run('bash', ['-c', prelude + runnable], { cwd: work, timeout: 100_000 });
    const answers = [...stdout.matchAll(/^@@RESULT (\d{3}) (\S*)$/gm)].map((m) => ({
      status: Number(m[1]),
      body: JSON.parse(Buffer.from(m[2]!, 'base64').toString('utf8')) as unknown,
    }));
    expect(answers.length, 'one `# →` line under every curl').toBe(expected.length);
    const problems = expected.flatMap((e, i) => {
      const a = answers[i]!;
      const where = `answer ${i + 1}`;
      return [
        ...(e.status !== undefined && e.status !== a.status ? [`${where}: status ${a.status}, the README says ${e.status}: ${JSON.stringify(a.body)}`] : []),
        ...shapeDiff(e.body, a.body).map((d) => `${where}: ${d}`),
      ];
    });
    expect(problems).toEqual([]);

    // The README's first card payment shows its webhook and DMN arriving at the sandbox inbox, verified.
    const paid = answers.find((a) => (a.body as { paymentOption?: { card?: unknown } }).paymentOption?.card)!.body as { transactionId: string };
    let arrived: Array<{ kind: string; verified: boolean; event: string }> = [];
    for (let i = 0; i < 600 && arrived.length < 2; i++) {
      const inbox = (await (await fetch(`${gw.url}/demo/inbox.json`)).json()) as { notifications: Array<{ kind: string; verified: boolean; event: string; body: unknown }> };
      arrived = inbox.notifications.filter((n) => JSON.stringify(n.body).includes(paid.transactionId));
      if (arrived.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(arrived.map((n) => `${n.kind} ${n.event} ${n.verified}`).sort()).toEqual(['dmn APPROVED true', 'webhook transaction.approved true']);
  });
});
