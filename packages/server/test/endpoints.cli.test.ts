import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from '../src/delivery/relay.js';
import { sendTestNotification } from '../src/domain/notifications/notification.service.js';
import { cli, cliJson } from './cli-process.js';
import { gatehouseArgs } from './gatehouse-command.js';
import { until } from './gatehouse-process.js';
import { type Gateway, startGateway } from './harness.js';
import { verifyWebhook } from './notify-verify.js';
import { type Receiver, startReceiver } from './receiver.js';

/**
 * The commands as a developer types them: `gatehouse listen` as a process forwarding to a local
 * receiver, `--print-secret`, `--help`; `gatehouse endpoints …` and `gatehouse chaos …` on the store.
 */
describe('gatehouse listen, endpoints and chaos commands', { timeout: 240_000 }, () => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  const site = () => gw.demo.merchantSiteId;

  beforeAll(async () => {
    gw = await startGateway();
    rx = await startReceiver();
    relay = startRelay({ ...gw.rt, listen: gw.app.services.listen });
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  it('listen --help names its options; --print-secret prints the site’s webhook secret', async () => {
    const help = await cli(gw.dataDir, ['listen', '--help']);
    expect(help.code).toBe(0);
    for (const o of ['--forward-to', '--events', '--print-secret', '--api-base', '--api-key'])
      expect(help.stdout).toContain(o);
    const secret = await cli(gw.dataDir, ['listen', '--print-secret'], { GATEHOUSE_URL: gw.url });
    expect({ code: secret.code, out: secret.stdout.trim() }).toEqual({ code: 0, out: gw.demo.webhookSecret });
    const refused = await cli(gw.dataDir, ['listen', '--print-secret', '--api-key', 'nope'], { GATEHOUSE_URL: gw.url });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/refused the credential \(401/);
  });

  it('listen --forward-to forwards a webhook, signed as sent, and prints it with the status', async () => {
    const child = spawn(
      process.execPath,
      gatehouseArgs(['listen', '--forward-to', `${rx.url}/hooks`, '--api-base', gw.url, '--api-key', gw.demo.apiKey]),
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LOG_LEVEL: 'silent' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    try {
      await until(
        () => err.includes('Ready'),
        () => err,
      );
      const d = await sendTestNotification(
        gw.rt.deps,
        { merchantId: gw.demo.merchantId, siteId: site() },
        { kind: 'webhook', url: `${rx.url}/site` },
      );
      await until(
        () => rx.received.some((r) => r.url === '/hooks'),
        () => out + err,
      );
      const hook = rx.received.find((r) => r.url === '/hooks')!;
      expect(hook.headers['webhook-id']).toBe(d.id);
      expect(verifyWebhook(gw.demo.webhookSecret!, hook)).toMatchObject({ type: 'test.notification' });
      await until(
        () => out.includes(d.id),
        () => out + err,
      );
      expect(out).toMatch(new RegExp(`webhook\\s+test\\.notification\\s+${d.id}\\s+-> 200 \\(\\d+ ms\\)`));
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((ok) => child.once('close', ok));
    expect(code).toBe(0);
  });

  it('endpoints create, list, update, rotate-secret and delete', async () => {
    const made = await cliJson(gw.dataDir, [
      'endpoints',
      'create',
      '--site',
      site(),
      '--url',
      'https://example.com/h',
      '--events',
      'transaction.approved,payout.*',
    ]);
    expect(made).toMatchObject({
      endpoint: { id: expect.stringMatching(/^we_/), events: ['transaction.approved', 'payout.*'], enabled: true },
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = made.endpoint.id as string;
    expect(
      (await cliJson(gw.dataDir, ['endpoints', 'list', '--site', site()])).map((e: { id: string }) => e.id),
    ).toEqual([id]);
    expect(await cliJson(gw.dataDir, ['endpoints', 'update', id, '--site', site(), '--disable'])).toMatchObject({
      id,
      enabled: false,
    });
    const rotated = await cliJson(gw.dataDir, ['endpoints', 'rotate-secret', id, '--site', site()]);
    expect(rotated.secret).not.toBe(made.secret);
    expect(await cliJson(gw.dataDir, ['endpoints', 'delete', id, '--site', site()])).toEqual({ deleted: id });
    const bad = await cli(gw.dataDir, ['endpoints', 'create', '--site', site(), '--url', 'not a url']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/url/);
  });

  it('chaos set, show and off', async () => {
    expect(
      await cliJson(gw.dataDir, [
        'chaos',
        'set',
        '--site',
        site(),
        '--duplicate',
        '0.5',
        '--delay',
        '1',
        '--delay-ms',
        '100',
      ]),
    ).toMatchObject({
      duplicate: 0.5,
      delay: 1,
      delayMs: 100,
      drop: 0,
    });
    expect(await cliJson(gw.dataDir, ['chaos', 'show', '--site', site()])).toMatchObject({ duplicate: 0.5 });
    expect(await cliJson(gw.dataDir, ['chaos', 'off', '--site', site()])).toMatchObject({ duplicate: 0, delay: 0 });
    const bad = await cli(gw.dataDir, ['chaos', 'set', '--site', site(), '--drop', '2']);
    expect({ code: bad.code, err: bad.stderr.trim() }).toEqual({
      code: 2,
      err: 'gatehouse: --drop must be a rate from 0 to 1',
    });
  });
});
