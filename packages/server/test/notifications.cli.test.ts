import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoCredentials, ensureDemoMerchant } from '../src/bootstrap/demo.js';
import { loadConfig } from '../src/config.js';
import { Relay } from '../src/delivery/relay.js';
import { enqueueNotification, signingSecrets } from '../src/domain/notifications/notification.service.js';
import { webhookNotification } from '../src/delivery/webhook.payload.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { type Receiver, startReceiver } from './receiver.js';
import { cli, cliJson } from './cli-process.js';

/**
 * The notification commands of the `gatehouse` CLI, run as child processes on a SQLite data folder
 * that the test also opens, to queue notifications and run a relay.
 */

describe('gatehouse deliveries / webhooks commands', () => {
  let dataDir: string;
  let rt: Runtime;
  let demo: DemoCredentials;
  let rx: Receiver;
  let id: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-notify-cli-'));
    rt = await openRuntime(loadConfig({ GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, process.cwd()));
    demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
    rx = await startReceiver();
    const now = rt.clock.now();
    id = (
      await rt.deps.storage.write((repos) =>
        enqueueNotification(
          repos,
          webhookNotification({
            dedupeKey: 'cli-1',
            merchantId: demo.merchantId,
            siteId: demo.merchantSiteId,
            orderId: 100000123,
            sessionId: 'cli-session',
            transactionId: 'cli-tx',
            url: rx.url + '/cli',
            type: 'transaction.approved',
            data: {},
            at: now,
          }),
          now,
        ),
      )
    ).id;
  });
  afterAll(async () => {
    await rx.close();
    await rt.store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('every command has --help, and the top help lists them', async () => {
    const top = await cli(dataDir, ['--help']);
    for (const name of [
      'worker',
      'deliveries list',
      'deliveries resend',
      'webhooks rotate-secret',
      'sites set-notification-url',
    ]) {
      expect(top.stdout).toContain(`  ${name} `);
    }
    for (const cmd of [['deliveries', 'list'], ['worker']]) {
      const r = await cli(dataDir, [...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: gatehouse ${cmd.join(' ')}`));
      expect(r.stdout).toContain('--data-dir <path>');
    }
    expect((await cli(dataDir, ['start', '--help'])).stdout).toContain('--no-workers');
  });

  it('deliveries list by order, session or transaction, with every attempt (--json and text)', async () => {
    for (const filter of [
      ['--order', '100000123'],
      ['--session', 'cli-session'],
      ['--transaction', 'cli-tx'],
    ]) {
      const out = await cliJson(dataDir, ['deliveries', 'list', ...filter]);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({
        id,
        kind: 'webhook',
        status: 'pending',
        orderId: 100000123,
        attemptCount: 0,
        attempts: [],
      });
    }
    expect(await cliJson(dataDir, ['deliveries', 'list', '--order', '999'])).toEqual([]);

    rx.behave(() => ({ status: 503 }));
    const relay = new Relay({ store: rt.store, deps: rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
    await relay.tick();
    await relay.stop();
    const [d] = await cliJson(dataDir, ['deliveries', 'list', '--order', '100000123']);
    expect(d).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      lastError: 'HTTP 503',
      nextAttemptAt: expect.any(String),
    });
    expect(d.attempts).toEqual([
      expect.objectContaining({ attemptNo: 1, statusCode: 503, error: 'HTTP 503', latencyMs: expect.any(Number) }),
    ]);
    const text = await cli(dataDir, ['deliveries', 'list', '--order', '100000123']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(id);
    expect(text.stdout).toMatch(/#1 {2}\S+ {2}503 {2}\d+ ms {2}HTTP 503/);
    expect(text.stdout).toContain('next attempt');
  });

  it('deliveries resend re-queues the same row, keeping its attempts', async () => {
    const out = await cliJson(dataDir, ['deliveries', 'resend', id]);
    expect(out).toMatchObject({ id, status: 'pending', attemptCount: 1 });
    expect(out.attempts).toHaveLength(1);
    rx.behave(() => ({ status: 200 }));
    const relay = new Relay({ store: rt.store, deps: rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
    expect(await relay.tick()).toEqual({ attempted: 1, delivered: 1 });
    await relay.stop();
    const list = await cliJson(dataDir, ['deliveries', 'list', '--transaction', 'cli-tx']);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(list[0].attempts.map((a: any) => a.statusCode)).toEqual([503, 200]);
    const text = await cli(dataDir, ['deliveries', 'resend', id]);
    expect(text.stdout.trim()).toBe(`queued ${id} again (2 earlier attempts kept)`);
  });

  it('webhooks rotate-secret prints a new whsec_ once; the previous one keeps signing for 24 h', async () => {
    const out = await cliJson(dataDir, ['webhooks', 'rotate-secret', '--site', demo.merchantSiteId]);
    expect(out.siteId).toBe(demo.merchantSiteId);
    expect(out.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(out.webhookSecret).not.toBe(demo.webhookSecret);
    expect(Date.parse(out.previousValidUntil) - rt.clock.now()).toBeGreaterThan(23 * 3600_000);
    expect(await signingSecrets(rt.deps, demo.merchantSiteId, rt.clock.now())).toEqual([
      out.webhookSecret,
      demo.webhookSecret,
    ]);
    // the demo site's secret also lives in demo-credentials.json, which is kept true
    expect(out.demoCredentialsUpdated).toBe(true);
    const file = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
    expect(file).toEqual({ ...demo, webhookSecret: out.webhookSecret });
    const text = await cli(dataDir, ['webhooks', 'rotate-secret', '--site', demo.merchantSiteId]);
    expect(text.stdout).toMatch(
      /^site {3}\d+\nsecret whsec_\S+ {3}\(shown once: keep it now\)\nthe previous secret also signs until .*\ndemo-credentials\.json now holds the new secret$/m,
    );
    expect(JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')).webhookSecret).toBe(
      text.stdout.match(/secret (whsec_\S+)/)![1],
    );
  });

  it('sites set-notification-url sets and clears the default DMN address', async () => {
    expect(
      await cliJson(dataDir, [
        'sites',
        'set-notification-url',
        '--site',
        demo.merchantSiteId,
        '--url',
        'https://merchant.example/dmn',
      ]),
    ).toEqual({
      siteId: demo.merchantSiteId,
      notificationUrl: 'https://merchant.example/dmn',
    });
    expect(await rt.deps.storage.read.notifications.siteNotificationUrl(demo.merchantSiteId)).toBe(
      'https://merchant.example/dmn',
    );
    expect(
      (await cliJson(dataDir, ['sites', 'set-notification-url', '--site', demo.merchantSiteId, '--clear']))
        .notificationUrl,
    ).toBeNull();
  });

  it.each([
    [['deliveries', 'resend', 'ntf_nope'], 'gatehouse: Delivery not found'],
    [['deliveries', 'list', '--order', 'x'], 'gatehouse: --order must be a numeric order id'],
    [['webhooks', 'rotate-secret', '--site', 'nope'], 'gatehouse: Site not found'],
    [['webhooks', 'rotate-secret'], 'gatehouse: missing option --site'],
    [
      ['sites', 'set-notification-url', '--site', 'x', '--url', 'ftp://x'],
      'gatehouse: [notificationUrl] must be an http or https URL',
    ],
  ])('gatehouse %j fails with exit code 2', async (args, message) => {
    const r = await cli(dataDir, args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(message);
  });
});
