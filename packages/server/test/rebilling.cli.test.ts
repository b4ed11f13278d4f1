import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli-process.js';
import { CATALOGUE_CHECKSUM_FIELDS as F } from '../src/security/catalogue-checksum.js';
import { type Gateway, startGateway } from './harness.js';
import { wireClient } from './wire-client.js';

/** `gatehouse rebilling run-due` (docs/decisions/0126), run as a child process on the gateway's SQLite data folder. */

describe('gatehouse rebilling run-due', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('--help describes the command', { timeout: 120_000 }, async () => {
    const r = await cli(gw.dataDir, ['rebilling', 'run-due', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rebilling run-due [--at <iso>]');
    expect(r.stdout).toContain('--json');
  });

  it('charges what is due now, then what is due at --at, once each', { timeout: 300_000 }, async () => {
    const w = wireClient(gw);
    const ok = async (m: keyof typeof F, fields: Record<string, unknown>) => {
      const r = await w.call(m, F[m], fields);
      expect(r.json, r.text).toMatchObject({ status: 'SUCCESS' });
      return r.json;
    };
    const userTokenId = 'cli-user';
    await ok('createUser', {
      userTokenId,
      firstName: 'Ada',
      lastName: 'Byron',
      countryCode: 'GB',
      email: 'ada@example.com',
    });
    const { userPaymentOptionId } = await ok('addUPOCreditCard', {
      userTokenId,
      ccCardNumber: '4761344136141390',
      ccExpMonth: '12',
      ccExpYear: '2035',
      ccNameOnCard: 'Ada',
    });
    const { planId } = await ok('createPlan', {
      name: 'Monthly',
      recurringAmount: '4.00',
      currency: 'EUR',
      endAfter: { day: '0', month: '0', year: '1' },
    });
    const { subscriptionId } = await ok('createSubscription', {
      userTokenId,
      planId,
      userPaymentOptionId,
      endAfter: { day: '0', month: '0', year: '1' },
    });

    const now = await cli(gw.dataDir, ['rebilling', 'run-due', '--json']);
    expect(now.stderr).toBe('');
    expect(JSON.parse(now.stdout)).toMatchObject({ attempted: 1, approved: 1 });
    const later = new Date(gw.clock.now() + 32 * 24 * 3600 * 1000).toISOString();
    const text = await cli(gw.dataDir, ['rebilling', 'run-due', '--at', later]);
    expect(text.code).toBe(0);
    expect(text.stdout.trim()).toBe(`charges due at ${later}: 1 attempted, 1 approved, 0 declined, 0 failed`);
    expect(JSON.parse((await cli(gw.dataDir, ['rebilling', 'run-due', '--at', later, '--json'])).stdout)).toMatchObject(
      { attempted: 0 },
    );
    const charges = await gw.rt.deps.storage.read.subscriptions.charges(subscriptionId);
    expect(charges.map((c) => [c.cycle, c.status])).toEqual([
      [0, 'approved'],
      [1, 'approved'],
    ]);
  });

  it('refuses an --at that is no date', { timeout: 120_000 }, async () => {
    const bad = await cli(gw.dataDir, ['rebilling', 'run-due', '--at', 'next-week']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--at must be an ISO 8601 date and time');
  });
});
