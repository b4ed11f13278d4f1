import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from '../src/delivery/relay.js';
import { type DialectName, dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';
import { gatehouseArgs } from './gatehouse-command.js';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/** `gatehouse <args>` as a child process on the gateway's own store (its data folder, its database). */
function cli(gw: Gateway, args: string[], extraEnv: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    GATEHOUSE_DATA_DIR: gw.dataDir,
    LOG_LEVEL: 'silent',
  };
  for (const name of ['DATABASE_URL', 'GATEHOUSE_MASTER_KEY', 'PORT', 'HOST', 'GATEHOUSE_DEMO', 'GATEHOUSE_MODE'])
    delete env[name];
  if (gw.rt.config.DATABASE_URL) env.DATABASE_URL = gw.rt.config.DATABASE_URL;
  if (gw.rt.config.GATEHOUSE_MASTER_KEY) env.GATEHOUSE_MASTER_KEY = gw.rt.config.GATEHOUSE_MASTER_KEY;
  Object.assign(env, extraEnv);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((ok, fail) => {
    const child = spawn(process.execPath, gatehouseArgs(args), {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.once('error', fail);
    child.once('close', (code) => ok({ code, stdout, stderr }));
  });
}

/**
 * The site's webhook URL (docs/decisions/0907): a REST payment whose order has no
 * `urlDetails.webhookUrl` sends its webhook there; `gatehouse sites set-webhook-url` sets it, and
 * refuses a private target in production mode as `sites set-notification-url` does (and so does
 * `platform webhook-url`, which sets the same URL).
 */
describe.each(dialects())('the site webhook URL on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    rx = await startReceiver();
    relay = startRelay(gw.rt);
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  const orderAndPay = async (order: Record<string, unknown>) => {
    const o = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw, order) });
    expect(o.status, o.text).toBe(201);
    const sessionId = (o.json as { sessionId: string }).sessionId;
    const p = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        sessionId,
        transactionType: 'Sale',
        amount: 25.5,
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
      },
    });
    expect(p.status, p.text).toBe(200);
    return (p.json as { transactionId: string }).transactionId;
  };
  const webhooksOf = (transactionId: string) =>
    gw.rt.store.db
      .selectFrom('outbox')
      .select(['target_url', 'kind'])
      .where('kind', '=', 'webhook')
      .where('transaction_id', '=', transactionId)
      .execute();

  it(
    'sets the URL with the CLI, and a payment without urlDetails.webhookUrl sends its webhook there, signed',
    { timeout: 120_000 },
    async () => {
      const target = `${rx.url}/site-hooks`;
      const set = await cli(gw, [
        'sites',
        'set-webhook-url',
        '--site',
        gw.demo.merchantSiteId,
        '--url',
        target,
        '--json',
      ]);
      expect(set.stderr).toBe('');
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout)).toEqual({ siteId: gw.demo.merchantSiteId, webhookUrl: target });

      const tx = await orderAndPay({ merchantTransactionId: `fallback-${dialect}` });
      expect(await webhooksOf(tx)).toEqual([{ target_url: target, kind: 'webhook' }]);
      for (let i = 0; i < 600 && !rx.received.some((r) => r.body.includes(tx)); i++)
        await new Promise((r) => setTimeout(r, 100));
      const got = rx.received.find((r) => r.body.includes(tx))!;
      expect(got.url).toBe('/site-hooks');
      expect(got.headers['webhook-signature']).toMatch(/^v1,/);
      expect(JSON.parse(got.body)).toMatchObject({ type: 'transaction.approved' });
    },
  );

  it('an order’s own urlDetails.webhookUrl still wins over the site’s', async () => {
    const own = `${rx.url}/own`;
    const tx = await orderAndPay({ merchantTransactionId: `own-${dialect}`, urlDetails: { webhookUrl: own } });
    expect(await webhooksOf(tx)).toEqual([{ target_url: own, kind: 'webhook' }]);
  });

  it(
    '--clear removes it: a payment without urlDetails.webhookUrl then sends no webhook',
    { timeout: 120_000 },
    async () => {
      const cleared = await cli(gw, [
        'sites',
        'set-webhook-url',
        '--site',
        gw.demo.merchantSiteId,
        '--clear',
        '--json',
      ]);
      expect(cleared.code).toBe(0);
      expect(JSON.parse(cleared.stdout)).toEqual({ siteId: gw.demo.merchantSiteId, webhookUrl: null });
      const tx = await orderAndPay({ merchantTransactionId: `none-${dialect}` });
      expect(await webhooksOf(tx)).toEqual([]);
    },
  );

  it(
    'production mode refuses a private target and keeps the URL as it was; bad input is a usage error',
    { timeout: 120_000 },
    async () => {
      const refused = await cli(
        gw,
        ['sites', 'set-webhook-url', '--site', gw.demo.merchantSiteId, '--url', 'http://10.1.2.3/hooks'],
        {
          GATEHOUSE_MODE: 'production',
        },
      );
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/--url .*(private|loopback|link-local)/);
      expect(refused.stderr).not.toMatch(/ at .*\.ts:\d+/);
      expect(await gw.rt.deps.storage.read.platform.siteWebhookUrl(gw.demo.merchantSiteId)).toBeNull();
      const platform = await cli(gw, ['platform', 'webhook-url', gw.demo.merchantSiteId, 'http://127.0.0.1:9/hooks'], {
        GATEHOUSE_MODE: 'production',
      });
      expect(platform.code).not.toBe(0);
      expect(platform.stderr).toMatch(/url .*(private|loopback|link-local)/);
      expect(await gw.rt.deps.storage.read.platform.siteWebhookUrl(gw.demo.merchantSiteId)).toBeNull();

      const bad = await cli(gw, ['sites', 'set-webhook-url', '--site', gw.demo.merchantSiteId, '--url', 'ftp://x']);
      expect(bad.code).not.toBe(0);
      const none = await cli(gw, ['sites', 'set-webhook-url', '--site', gw.demo.merchantSiteId]);
      expect(none.code).not.toBe(0);
      expect(none.stderr).toContain('give --url or --clear');
    },
  );
});
