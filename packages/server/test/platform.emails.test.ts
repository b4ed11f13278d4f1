import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Relay } from '../src/delivery/relay.js';
import type { ManualClock } from '../src/lib/clock.js';
import { type DialectName, dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0);
const CONF = '/api/v2/notification/email/configuration';
const FROM = 'Gatehouse <notifications@platform.test>';

/**
 * Platform e-mails over a real SMTP server (npm `smtp-server`) started here: the relay runs in this
 * process on the gateway's store, with the gateway's manual clock; `tick()` sends what is due.
 */
describe.each(dialects())('platform e-mails over SMTP on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let smtp: SmtpSink;
  let relay: Relay;
  let clock: ManualClock;
  const post = (path: string, body: unknown) => gw.request('POST', path, { headers: apiKey(gw), body });
  const conf = (notificationType: string, emails: string, enabled = true) =>
    post(CONF, { notificationType, emails, enabled });
  const owner = async (extRef: string) =>
    (await post('/api/v2/account-owners', { extRef, name: extRef, email: `${extRef}@example.com`, country: 'NL' }))
      .json;
  const kyc = (code: string, status: string, reason?: string) =>
    post(`/api/v2/sandbox/account-owners/${code}/kyc-status`, { status, ...(reason ? { reason } : {}) });
  const emailRows = async () =>
    gw.rt.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'email')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const mailsWith = (subject: string) => smtp.mails.filter((m) => m.subject === subject);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
    smtp = await startSmtpSink();
    relay = new Relay(
      { store: gw.rt.store, deps: gw.rt.deps },
      { timeoutMs: 5000, allowPrivate: true, smtp: { url: smtp.url, from: FROM }, id: 'test-relay' },
    );
    // every type configured; a second, disabled KYC configuration must send nothing
    expect((await conf('KYC_STATUS_UPDATE', 'ops@example.com,risk@example.com')).status).toBe(201);
    expect((await conf('KYC_STATUS_UPDATE', 'off@example.com', false)).status).toBe(201);
    expect((await conf('PAYOUT_STATUS_UPDATE', 'payouts@example.com')).status).toBe(201);
    expect(
      (await conf('TRANSACTION_STATUS_UPDATE', 'finance@example.com,ledger@example.com,audit@example.com')).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await relay.stop();
    await smtp.stop();
    await gw.close();
  });

  it('sends the KYC e-mail with the spec subject, text and HTML content, to every address; a disabled configuration sends nothing', async () => {
    const o = await owner('seller-1');
    expect((await kyc(o.accountOwnerCode, 'IN_PROGRESS', 'documents received')).status).toBe(200);
    await relay.tick();
    const subject = `KYC status update for seller-1 of account owner ${o.accountOwnerCode}`;
    const [m, ...more] = mailsWith(subject);
    expect(more).toHaveLength(0);
    expect(m!.to.sort()).toEqual(['ops@example.com', 'risk@example.com']);
    expect(m!.from).toBe('notifications@platform.test');
    expect(m!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(m!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(m!.raw).toMatch(/Content-Type: text\/html/i);
    for (const text of [o.accountOwnerCode, 'seller-1', 'IN_PROGRESS', 'documents received'])
      expect(m!.body).toContain(text);
    expect(m!.body).toMatch(/<th align="left">KYC status<\/th><td>IN_PROGRESS<\/td>/);
    expect(smtp.mails.some((x) => x.to.includes('off@example.com'))).toBe(false);
    const rows = (await emailRows()).filter((r) => r.payload.includes(subject));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('delivered');
    expect(m!.messageId).toBe(`<${rows[0]!.id}@platform.test>`);
  });

  it('sends the payout and transaction e-mails with their subjects and content', async () => {
    const o = await owner('seller-2');
    for (const s of ['IN_PROGRESS', 'ACTIVE']) await kyc(o.accountOwnerCode, s);
    const p = (await post('/api/v2/payouts', { accountOwnerCode: o.accountOwnerCode, amount: 20, currency: 'EUR' }))
      .json;
    expect(
      (
        await post(`/api/v2/sandbox/payouts/${p.payoutCode}/status`, {
          status: 'ACCEPTED',
          reason: 'queued at the bank',
        })
      ).status,
    ).toBe(200);
    const pay = await post('/payment-api/payments', {
      processingEntityId: gw.demo.processingEntityId,
      transactionType: 'Sale',
      amount: 80,
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
    });
    const split = (
      await post('/api/v2/split-transactions', {
        transactionId: String(pay.json.transactionId),
        extRef: 'basket-9',
        splits: [{ accountOwnerCode: o.accountOwnerCode, amount: 70 }],
      })
    ).json;
    const moved = await post(`/api/v2/sandbox/split-transactions/${split.splitCode}/status`, {
      status: 'PENDING_SETTLEMENT',
    });
    expect(moved.status).toBe(200);
    await relay.tick();

    const [pm, ...pmore] = mailsWith(`Payout status update for account owner ${o.accountOwnerCode}`);
    expect(pmore).toHaveLength(0);
    expect(pm!.to).toEqual(['payouts@example.com']);
    for (const text of [p.payoutCode, 'ACCEPTED', 'queued at the bank']) expect(pm!.body).toContain(text);

    const [tm, ...tmore] = mailsWith('Transaction status update for basket-9');
    expect(tmore).toHaveLength(0);
    expect(tm!.to.sort()).toEqual(['audit@example.com', 'finance@example.com', 'ledger@example.com']);
    for (const text of [
      'Sale',
      'basket-9',
      'PENDING_SETTLEMENT',
      o.virtualAccountCode,
      new Date(T0).toISOString(),
      String(pay.json.transactionId),
      `${split.splitCode}-1`,
      split.splitCode,
    ]) {
      expect(tm!.body).toContain(text);
    }
  });

  it('retries while the SMTP server is down and delivers once it is back', async () => {
    const o = await owner('seller-3');
    await smtp.stop();
    await kyc(o.accountOwnerCode, 'IN_PROGRESS');
    const subject = `KYC status update for seller-3 of account owner ${o.accountOwnerCode}`;
    await relay.tick();
    let [row] = (await emailRows()).filter((r) => r.payload.includes(subject));
    expect(row!.status).toBe('pending');
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Number(row!.run_at)).toBeGreaterThan(clock.now());
    await smtp.restart();
    await relay.tick(); // not due yet: backoff
    expect(mailsWith(subject)).toHaveLength(0);
    clock.advance(60_000);
    await relay.tick();
    expect(mailsWith(subject)).toHaveLength(1);
    [row] = (await emailRows()).filter((r) => r.payload.includes(subject));
    expect(row!.status).toBe('delivered');
    expect(Number(row!.attempts)).toBe(2);
  });

  it('retries a 4xx answer and records a 5xx answer as failed with its reason', async () => {
    const o = await owner('seller-4');
    smtp.refuse(451);
    await kyc(o.accountOwnerCode, 'IN_PROGRESS');
    await relay.tick();
    const subject = `KYC status update for seller-4 of account owner ${o.accountOwnerCode}`;
    let [row] = (await emailRows()).filter((r) => r.payload.includes(subject));
    expect(row!.status).toBe('pending');
    expect(row!.last_error).toMatch(/^SMTP 451/);
    smtp.refuse(554);
    clock.advance(60_000);
    await relay.tick();
    [row] = (await emailRows()).filter((r) => r.payload.includes(subject));
    expect(row!.status).toBe('failed');
    expect(row!.last_error).toMatch(/^SMTP 554: .*message rejected/);
    smtp.refuse(null);
    clock.advance(24 * 3600_000);
    await relay.tick();
    expect(mailsWith(subject)).toHaveLength(0);
    const attempts = await gw.rt.store.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('outbox_id', '=', row!.id)
      .orderBy('attempt_no')
      .execute();
    expect(attempts.map((a) => a.status_code)).toEqual([451, 554]);
    const listed = await gw.request('GET', '/admin/v1/emails', { headers: apiKey(gw) });
    const entry = listed.json.emails.find((e: { id: string }) => e.id === row!.id);
    expect(entry).toMatchObject({ status: 'failed', subject, attemptCount: 2 });
    expect(entry.lastError).toMatch(/554/);
  });

  it('counts every SMTP attempt by outcome in /metrics', async () => {
    const text = (await gw.request('GET', '/metrics')).text;
    const count = (outcome: string) =>
      Number(new RegExp(`^gatehouse_emails_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    expect(count('sent')).toBeGreaterThan(0);
    expect(count('retry')).toBeGreaterThan(0);
    expect(count('failed')).toBeGreaterThan(0);
  });

  it('a resend carries the same Message-ID', async () => {
    const before = smtp.mails.length;
    const [row] = (await emailRows()).filter((r) => r.status === 'delivered');
    const r = await gw.request('POST', `/admin/v1/deliveries/${row!.id}/resend`, { headers: apiKey(gw) });
    expect(r.status).toBe(202);
    await relay.tick();
    const again = smtp.mails.slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.messageId).toBe(`<${row!.id}@platform.test>`);
  });
});

describe('platform e-mails without SMTP_URL', () => {
  it('are kept, not sent, and listed by the admin API exactly as they would be sent', async () => {
    const gw = await startGateway({ clockStart: T0 });
    const relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5000, allowPrivate: true });
    try {
      const post = (path: string, body: unknown) => gw.request('POST', path, { headers: apiKey(gw), body });
      await post(CONF, { notificationType: 'KYC_STATUS_UPDATE', emails: 'dev@example.com', enabled: true });
      const o = (
        await post('/api/v2/account-owners', { extRef: 'local-1', name: 'L', email: 'l@example.com', country: 'DE' })
      ).json;
      await post(`/api/v2/sandbox/account-owners/${o.accountOwnerCode}/kyc-status`, {
        status: 'IN_PROGRESS',
        reason: 'docs',
      });
      await relay.tick();
      const r = await gw.request('GET', '/admin/v1/emails', { headers: apiKey(gw) });
      expect(r.status).toBe(200);
      expect(r.json.emails).toHaveLength(1);
      expect(r.json.emails[0]).toMatchObject({
        notificationType: 'KYC_STATUS_UPDATE',
        to: ['dev@example.com'],
        subject: `KYC status update for local-1 of account owner ${o.accountOwnerCode}`,
        status: 'pending',
        attemptCount: 0,
      });
      expect(r.json.emails[0].text).toContain('IN_PROGRESS');
      expect(r.json.emails[0].html).toContain('<td>docs</td>');
      expect((await gw.request('GET', '/admin/v1/emails')).status).toBe(401);
    } finally {
      await relay.stop();
      await gw.close();
    }
  });
});
