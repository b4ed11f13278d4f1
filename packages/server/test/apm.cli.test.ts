import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli-process.js';
import { apiKey, type Gateway, startGateway } from './harness.js';

/** `gatehouse apm complete` (docs/decisions/0360), run as a child process on the gateway's SQLite data folder. */

describe('gatehouse apm complete', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.close();
  });

  const pendingPayment = async () => {
    const r = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Sale',
        amount: 10,
        currency: 'EUR',
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
        },
      },
    });
    expect(r.json.result.status).toBe('pending');
    return r.json.transactionId as string;
  };

  it('--help describes the command', async () => {
    const r = await cli(gw.dataDir, ['apm', 'complete', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('apm complete <transactionId> --outcome approved|declined');
    expect(r.stdout).toContain('--json');
  });

  it('approves a pending payment (--json answers the payment), and refuses it once final', async () => {
    const id = await pendingPayment();
    const r = await cli(gw.dataDir, ['apm', 'complete', id, '--outcome', 'approved', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ transactionId: id, result: { status: 'approved' } });
    const status = await gw.rt.deps.storage.read.payments.find(id);
    expect(status?.status).toBe('approved');
    const again = await cli(gw.dataDir, ['apm', 'complete', id, '--outcome', 'declined']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('approved Sale');
  });

  it('declines in text form; rejects a bad outcome or id', async () => {
    const id = await pendingPayment();
    const r = await cli(gw.dataDir, ['apm', 'complete', id, '--outcome', 'declined']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`transaction ${id} declined`);
    const bad = await cli(gw.dataDir, ['apm', 'complete', id, '--outcome', 'maybe']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--outcome must be approved or declined');
    expect((await cli(gw.dataDir, ['apm', 'complete', 'abc', '--outcome', 'approved'])).code).not.toBe(0);
  });
});
