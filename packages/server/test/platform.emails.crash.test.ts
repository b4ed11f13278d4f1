import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { type DialectName, dialects, freshPgSchema } from './dialects.js';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  running,
  spawnGatehouse,
  until,
  waitServerReady,
} from './gatehouse-process.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

/**
 * Platform e-mails survive kill -9 of the gateway (a child process with its in-process relay): a
 * move acknowledged before the crash is e-mailed after the restart, at least once, and every copy
 * carries the same Message-ID. The child uses the system clock; waits are bounded polls.
 */
async function call(base: string, demo: DemoCredentials, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'x-api-key': demo.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe.each(dialects())('platform e-mails survive kill -9 on %s', (dialect: DialectName) => {
  let dataDir: string;
  let env: Record<string, string> = {};
  let dropSchema: (() => Promise<void>) | undefined;
  let smtp: SmtpSink;
  const procs: GatehouseProcess[] = [];
  const spawn = async (name: string, extra: Record<string, string> = {}) => {
    const p = spawnGatehouse(['start'], {
      dataDir,
      name,
      port: await freePort(),
      env: { ...env, SMTP_URL: smtp.url, SMTP_FROM: 'Gatehouse <mail@crash.test>', ...extra },
    });
    procs.push(p);
    return { p, demo: await waitServerReady(p, dataDir) };
  };
  /** A KYC move acknowledged by the gateway; answers the e-mail's subject. */
  const move = async (base: string, demo: DemoCredentials, extRef: string) => {
    const o = await call(base, demo, 'POST', '/api/v2/account-owners', {
      extRef,
      name: extRef,
      email: `${extRef}@example.com`,
      country: 'DE',
    });
    const m = await call(base, demo, 'POST', `/api/v2/sandbox/account-owners/${o.json.accountOwnerCode}/kyc-status`, {
      status: 'IN_PROGRESS',
    });
    expect(m.status).toBe(200);
    return `KYC status update for ${extRef} of account owner ${o.json.accountOwnerCode}`;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-email-crash-'));
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      dropSchema = () => schema.drop();
      env = { DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: 'cd'.repeat(32) };
    }
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    for (const p of procs.splice(0)) if (running(p)) await kill9(p);
  });
  afterAll(async () => {
    await smtp.stop();
    await dropSchema?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'kill -9 after the commit and before any send: the restarted gateway sends it once',
    { timeout: 120_000 },
    async () => {
      // An API-only node commits the move and its e-mail; nothing sends it before the crash.
      const { p: first, demo } = await spawn('api-only', { GATEHOUSE_WORKERS: 'false' });
      await call(first.base, demo, 'POST', '/api/v2/notification/email/configuration', {
        notificationType: 'KYC_STATUS_UPDATE',
        emails: 'ops@example.com,risk@example.com',
        enabled: true,
      });
      const subject = await move(first.base, demo, 'crash-before-send');
      await kill9(first);
      expect(smtp.mails.filter((m) => m.subject === subject)).toHaveLength(0);

      await spawn('after-crash');
      await until(
        () => smtp.mails.some((m) => m.subject === subject),
        () => `no e-mail "${subject}"`,
      );
      const got = smtp.mails.filter((m) => m.subject === subject);
      expect(got).toHaveLength(1);
      expect(got[0]!.to.sort()).toEqual(['ops@example.com', 'risk@example.com']);
    },
  );

  it(
    'kill -9 while the SMTP server holds the message: sent again after the restart with the same Message-ID',
    { timeout: 180_000 },
    async () => {
      smtp.hold(true);
      // A long attempt timeout: the held send must still be in flight when the gateway dies; its lease
      // (2 × 15 s + 5 s) then runs out and the restarted relay claims the row again.
      const { p: first, demo } = await spawn('holding', { GATEHOUSE_DELIVERY_TIMEOUT_MS: '15000' });
      const subject = await move(first.base, demo, 'crash-during-send');
      await until(
        () => smtp.held.length > 0,
        () => 'the message never reached the SMTP server',
      );
      const heldId = smtp.held[0]!;
      await kill9(first);
      smtp.hold(false);

      await spawn('after-hold');
      await until(
        () => smtp.mails.some((m) => m.subject === subject),
        () => `no e-mail "${subject}" after the restart`,
        1_200,
      );
      const got = smtp.mails.filter((m) => m.subject === subject);
      expect(got.length).toBeGreaterThanOrEqual(1);
      for (const m of got) expect(m.messageId).toBe(heldId);
      expect(heldId).toMatch(/^<ntf_[1-9A-Za-z]+@crash\.test>$/);
    },
  );
});
