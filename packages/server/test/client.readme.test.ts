import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Relay, startRelay } from '../src/delivery/relay.js';
import { type Gateway, startGateway } from './harness.js';

const CLIENT_DIR = resolve(import.meta.dirname, '../../client');
const run = promisify(execFile);

/** The ```js blocks of a Markdown text, in order. */
function jsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * packages/client/README.md's examples, each run as written by plain `node` (an ES module importing
 * the built `@gatehouse/client` from a folder outside the repository) against a real gateway: the
 * REST order and payment, the session order and payment, and the receiver, which gets their webhook
 * and DMN from the gateway's relay and verifies them.
 */
describe('the @gatehouse/client README examples', () => {
  let gw: Gateway;
  let relay: Relay;
  let dir: string;
  let receiver: ChildProcess | undefined;
  let receiverOut = '';

  beforeAll(async () => {
    gw = await startGateway();
    relay = startRelay(gw.rt);
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-client-readme-'));
    await mkdir(join(dir, 'node_modules', '@gatehouse'), { recursive: true });
    await symlink(CLIENT_DIR, join(dir, 'node_modules', '@gatehouse', 'client'), 'dir');
  });
  afterAll(async () => {
    receiver?.kill('SIGTERM');
    await relay?.stop();
    await gw?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({
    PATH: process.env.PATH ?? '',
    GATEHOUSE_URL: gw.url,
    GATEHOUSE_API_KEY: gw.demo.apiKey,
    GATEHOUSE_ENTITY_ID: gw.demo.processingEntityId,
    GATEHOUSE_MERCHANT_ID: gw.demo.merchantId,
    GATEHOUSE_SITE_ID: gw.demo.merchantSiteId,
    GATEHOUSE_SECRET_KEY: gw.demo.merchantSecretKey,
    GATEHOUSE_WEBHOOK_SECRET: gw.demo.webhookSecret ?? '',
  });

  it('has three examples: REST, session API, receiver; each runs and the receiver verifies what they caused', async () => {
    const [restExample, sessionExample, receiverExample, ...more] = jsBlocks(
      readFileSync(join(CLIENT_DIR, 'README.md'), 'utf8'),
    );
    expect(more).toEqual([]);
    await writeFile(join(dir, 'rest.mjs'), restExample!);
    await writeFile(join(dir, 'session.mjs'), sessionExample!);
    await writeFile(join(dir, 'receiver.mjs'), receiverExample!);

    const rx = spawn(process.execPath, ['receiver.mjs'], {
      cwd: dir,
      env: { ...env(), PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    receiver = rx;
    rx.stdout!.on('data', (d: Buffer) => (receiverOut += d.toString('utf8')));
    rx.stderr!.on('data', (d: Buffer) => (receiverOut += d.toString('utf8')));
    const port = await vi.waitFor(
      () => {
        const m = /receiver listening on (\d+)/.exec(receiverOut);
        if (!m) throw new Error(`receiver not listening yet: ${receiverOut}`);
        return m[1]!;
      },
      { timeout: 20_000, interval: 50 },
    );
    const withReceiver = { ...env(), RECEIVER_URL: `http://127.0.0.1:${port}` };

    const rest = await run(process.execPath, ['rest.mjs'], { cwd: dir, env: withReceiver, timeout: 60_000 });
    const restTx = /^REST payment approved (\d+)$/m.exec(rest.stdout)?.[1];
    expect(restTx, rest.stdout + rest.stderr).toBeDefined();
    expect(rest.stdout).toContain('REST status approved');
    expect(rest.stdout).toContain('REST error 400 5000.1001 [currency] size must be 3');

    const session = await run(process.execPath, ['session.mjs'], { cwd: dir, env: withReceiver, timeout: 60_000 });
    const sessionTx = /^session payment APPROVED (\d+)$/m.exec(session.stdout)?.[1];
    expect(sessionTx, session.stdout + session.stderr).toBeDefined();

    await vi.waitFor(
      () => {
        expect(receiverOut).toContain(`webhook transaction.approved ${restTx}`);
        expect(receiverOut).toContain(`DMN APPROVED ${sessionTx}`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(receiverOut).not.toContain('refused');
  });
});
