import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AuthorizeRequest, CardInput } from '../domain/payments/acquirer.port.js';
import { manualClock } from '../lib/clock.js';
import { Secret } from '../lib/secret.js';
import { quoteDcc } from './dcc-rates.js';
import { authCodeOf, createSimulatedAcquirer, externalTransactionIdOf } from './simulated-acquirer.js';
import { TEST_CARDS } from './test-cards.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

function setup() {
  const clock = manualClock(NOW);
  return { clock, acquirer: createSimulatedAcquirer({ clock }) };
}

function card(
  number: string,
  opts: Partial<Omit<CardInput, 'number' | 'cvv'>> & { cvv?: string | null } = {},
): CardInput {
  const { cvv, ...rest } = opts;
  return {
    number: new Secret(number),
    holderName: 'John Smith',
    expMonth: 12,
    expYear: 2030,
    ...(cvv === null ? {} : { cvv: new Secret(cvv ?? '123') }),
    ...rest,
  };
}

function authRequest(
  number: string,
  overrides: Partial<AuthorizeRequest> = {},
  cardOpts: Parameters<typeof card>[1] = {},
): AuthorizeRequest {
  return {
    transactionId: '1110000000000000001',
    kind: 'Sale',
    amount: 10_00,
    currency: 'USD',
    card: card(number, cardOpts),
    billing: { zip: '10001', country: 'US' },
    partialApproval: false,
    ...overrides,
  };
}

type Expected =
  | { status: 'approved'; approvedAmount?: number; cvv2Code: string }
  | { status: 'declined'; reason: string; code: string; cvv2Code: string }
  | { status: 'error'; reason: string; code: string };

/** Every row of the test-card table (docs/testing.md), paid with a CVV, zip 10001 and no partial approval. */
const ROWS: [string, Expected][] = [
  ['4761344136141390', { status: 'approved', cvv2Code: 'M' }],
  ['4000027891380961', { status: 'approved', cvv2Code: 'M' }],
  ['5555555555554444', { status: 'approved', cvv2Code: 'M' }],
  ['375510288656924', { status: 'approved', cvv2Code: 'M' }],
  ['6011111111111117', { status: 'approved', cvv2Code: 'M' }],
  ['4000128449498204', { status: 'declined', reason: 'Decline', code: '57', cvv2Code: 'M' }],
  ['4000000000000002', { status: 'declined', reason: 'Decline', code: '57', cvv2Code: 'M' }],
  ['5333463046218753', { status: 'declined', reason: 'Do Not Honor', code: '05', cvv2Code: 'M' }],
  ['4000000000009995', { status: 'declined', reason: 'Insufficient Funds', code: '51', cvv2Code: 'M' }],
  ['4000000000000069', { status: 'declined', reason: 'Expired Card', code: '54', cvv2Code: 'M' }],
  ['4000000000009987', { status: 'declined', reason: 'Lost/Stolen Card', code: '41', cvv2Code: 'M' }],
  ['4000000000009979', { status: 'declined', reason: 'Lost/Stolen Card', code: '43', cvv2Code: 'M' }],
  ['4000000000000127', { status: 'declined', reason: 'CVV Mismatch', code: 'N7', cvv2Code: 'N' }],
  ['4000000000000119', { status: 'error', reason: 'Gateway Error', code: '96' }],
  ['2221008123677736', { status: 'approved', cvv2Code: 'M' }],
  ['4000002760003184', { status: 'approved', cvv2Code: 'M' }],
  ['4000020951595032', { status: 'approved', cvv2Code: 'M' }],
  ['4000000000003220', { status: 'approved', cvv2Code: 'M' }],
  ['4000008400001629', { status: 'declined', reason: 'Decline', code: '57', cvv2Code: 'M' }],
];

describe('authorize: every row of the test-card table', () => {
  it('covers the whole table', () => {
    expect(ROWS.map(([n]) => n).sort()).toEqual(TEST_CARDS.map((c) => c.number).sort());
  });

  describe.each(['Auth', 'PreAuth', 'Sale'] as const)('%s', (kind) => {
    it.each(ROWS)('%s → %j', async (number, expected) => {
      const { acquirer } = setup();
      const txId = `2220000000000000${number.slice(-3)}`;
      const out = await acquirer.authorize(authRequest(number, { kind, transactionId: txId }));
      expect(out.status).toBe(expected.status);
      if (expected.status === 'approved') {
        expect(out).toEqual({
          status: 'approved',
          authCode: authCodeOf(txId),
          approvedAmount: 10_00,
          cvv2Code: expected.cvv2Code,
          avsCode: 'Y',
          externalTransactionId: externalTransactionIdOf('authorize', txId),
        });
        expect(out.status === 'approved' && out.authCode).toMatch(/^\d{6}$/);
      } else if (expected.status === 'declined') {
        expect(out).toEqual({
          status: 'declined',
          reason: expected.reason,
          code: expected.code,
          cvv2Code: expected.cvv2Code,
          avsCode: 'Y',
          externalTransactionId: externalTransactionIdOf('authorize', txId),
        });
      } else {
        expect(out).toEqual({ status: 'error', reason: expected.reason, code: expected.code });
      }
      // nothing the acquirer answers carries the card number or the CVV
      expect(JSON.stringify(out)).not.toContain(number);
    });
  });
});

describe('authorize: request-dependent codes', () => {
  it('approves half of Insufficient Funds with partial approval on (floor in minor units)', async () => {
    const { acquirer } = setup();
    const out = await acquirer.authorize(authRequest('4000000000009995', { amount: 10_01, partialApproval: true }));
    expect(out).toMatchObject({ status: 'approved', approvedAmount: 500, cvv2Code: 'M', avsCode: 'Y' });
    const jpy = await acquirer.authorize(
      authRequest('4000000000009995', { amount: 999, currency: 'JPY', partialApproval: true }),
    );
    expect(jpy).toMatchObject({ status: 'approved', approvedAmount: 499 });
  });

  it('declines Insufficient Funds when half the amount is nothing', async () => {
    const { acquirer } = setup();
    const out = await acquirer.authorize(authRequest('4000000000009995', { amount: 1, partialApproval: true }));
    expect(out).toMatchObject({ status: 'declined', reason: 'Insufficient Funds' });
  });

  it('does not partially approve other declines', async () => {
    const { acquirer } = setup();
    const out = await acquirer.authorize(authRequest('4000000000000002', { partialApproval: true }));
    expect(out).toMatchObject({ status: 'declined', reason: 'Decline' });
  });

  it('approves the full amount on an approving card even with partial approval on', async () => {
    const { acquirer } = setup();
    const out = await acquirer.authorize(authRequest('4761344136141390', { amount: 777, partialApproval: true }));
    expect(out).toMatchObject({ status: 'approved', approvedAmount: 777 });
  });

  it.each(['4761344136141390', '5555555555554444', '4000000000009995'])(
    'approves a zero-amount authorisation on %s with nothing approved',
    async (number) => {
      const { acquirer } = setup();
      const out = await acquirer.authorize(
        authRequest(number, { kind: 'Auth', amount: 0, zeroAmountReason: 'AccountVerification' }),
      );
      expect(out).toMatchObject({ status: 'approved', approvedAmount: 0, cvv2Code: 'M', avsCode: 'Y' });
    },
  );

  it('still declines a zero-amount authorisation on a declining card', async () => {
    const { acquirer } = setup();
    const out = await acquirer.authorize(authRequest('4000000000009987', { kind: 'Auth', amount: 0 }));
    expect(out).toMatchObject({ status: 'declined', reason: 'Lost/Stolen Card' });
  });

  it('answers AVS N for billing zip 00000 and Y otherwise', async () => {
    const { acquirer } = setup();
    expect(await acquirer.authorize(authRequest('4761344136141390', { billing: { zip: '00000' } }))).toMatchObject({
      status: 'approved',
      avsCode: 'N',
    });
    expect(await acquirer.authorize(authRequest('4000000000000002', { billing: { zip: '00000' } }))).toMatchObject({
      status: 'declined',
      avsCode: 'N',
    });
    expect(await acquirer.authorize(authRequest('4761344136141390', { billing: undefined }))).toMatchObject({
      avsCode: 'Y',
    });
  });

  it('answers cvv2Code P when no CVV is sent (a stored card), and the CVV-mismatch card then approves', async () => {
    const { acquirer } = setup();
    expect(await acquirer.authorize(authRequest('4761344136141390', {}, { cvv: null }))).toMatchObject({
      status: 'approved',
      cvv2Code: 'P',
    });
    expect(await acquirer.authorize(authRequest('4000000000000127', {}, { cvv: null }))).toMatchObject({
      status: 'approved',
      cvv2Code: 'P',
    });
    expect(await acquirer.authorize(authRequest('4000000000000002', {}, { cvv: null }))).toMatchObject({
      status: 'declined',
      cvv2Code: 'P',
    });
  });

  it('accepts any 3-4 digit CVV and refuses a malformed one', async () => {
    const { acquirer } = setup();
    expect(await acquirer.authorize(authRequest('375510288656924', {}, { cvv: '1234' }))).toMatchObject({
      status: 'approved',
      cvv2Code: 'M',
    });
    expect(await acquirer.authorize(authRequest('4761344136141390', {}, { cvv: '12' }))).toMatchObject({
      status: 'declined',
      reason: 'CVV Mismatch',
      cvv2Code: 'N',
    });
  });

  it('declines an expired card by the injected clock', async () => {
    const { acquirer, clock } = setup();
    const req = authRequest('4761344136141390', {}, { expMonth: 6, expYear: 2025 });
    expect(await acquirer.authorize(req)).toMatchObject({ status: 'approved' }); // June 2025 is still valid
    clock.set(Date.UTC(2025, 6, 1));
    expect(await acquirer.authorize(req)).toMatchObject({ status: 'declined', reason: 'Expired Card', code: '54' });
    expect(
      await acquirer.authorize(authRequest('4761344136141390', {}, { expMonth: 13, expYear: 2030 })),
    ).toMatchObject({ status: 'declined', reason: 'Expired Card' });
  });

  it('answers error for a number failing Luhn, never an approval', async () => {
    const { acquirer } = setup();
    for (const n of ['4761344136141391', '1234', 'abcdabcdabcdabcd']) {
      expect(await acquirer.authorize(authRequest(n))).toEqual({
        status: 'error',
        reason: 'Invalid Card Number',
        code: '14',
      });
    }
  });

  it('answers error for an amount that is not a non-negative integer', async () => {
    const { acquirer } = setup();
    for (const amount of [-1, 10.5, Number.NaN]) {
      expect(await acquirer.authorize(authRequest('4761344136141390', { amount }))).toMatchObject({ status: 'error' });
    }
  });

  it('approves any other Luhn-valid number', async () => {
    const { acquirer } = setup();
    for (const n of [
      '4111111111111111',
      '5105105105105100',
      '3530111333300000',
      '6200000000000005',
      '36227206271667',
    ]) {
      expect(await acquirer.authorize(authRequest(n))).toMatchObject({ status: 'approved', approvedAmount: 10_00 });
    }
  });

  it('declines after a failed 3-D Secure authentication, approves after a completed one', async () => {
    const { acquirer } = setup();
    const c = card('2221008123677736');
    const ok = await acquirer.authorize(authRequest('2221008123677736', { threeD: acquirer.challengeResult(c, true) }));
    expect(ok).toMatchObject({ status: 'approved' });
    const ko = await acquirer.authorize(
      authRequest('2221008123677736', { threeD: acquirer.challengeResult(c, false) }),
    );
    expect(ko).toMatchObject({ status: 'declined', reason: 'Authentication Failed', code: '05' });
    // the challenge-then-decline card declines even after a completed challenge
    const d = card('4000008400001629');
    const declined = await acquirer.authorize(
      authRequest('4000008400001629', { threeD: acquirer.challengeResult(d, true) }),
    );
    expect(declined).toMatchObject({ status: 'declined', reason: 'Decline' });
    // ... and after a failed one, and without 3-D Secure: the row's reason is stable
    for (const threeD of [acquirer.challengeResult(d, false), undefined]) {
      expect(await acquirer.authorize(authRequest('4000008400001629', threeD ? { threeD } : {}))).toMatchObject({
        status: 'declined',
        reason: 'Decline',
        code: '57',
      });
    }
    // a failed authentication never yields a partial approval
    const partial = await acquirer.authorize(
      authRequest('4000000000009995', {
        partialApproval: true,
        threeD: acquirer.challengeResult(card('4000000000009995'), false),
      }),
    );
    expect(partial).toMatchObject({ status: 'declined', reason: 'Insufficient Funds' });
    // a frictionless or attempted result authorises as usual
    const y = acquirer.authenticateFrictionless(card('4000020951595032'), 10_00, 'USD');
    expect(await acquirer.authorize(authRequest('4000020951595032', { threeD: y }))).toMatchObject({
      status: 'approved',
    });
  });

  it('derives authCode and externalTransactionId from the transactionId: same id, same codes', async () => {
    const { acquirer } = setup();
    const a = await acquirer.authorize(authRequest('4761344136141390', { transactionId: '1' }));
    const b = await acquirer.authorize(authRequest('5555555555554444', { transactionId: '1' }));
    const c = await acquirer.authorize(authRequest('4761344136141390', { transactionId: '2' }));
    expect(a.status === 'approved' && b.status === 'approved' && c.status === 'approved').toBe(true);
    if (a.status !== 'approved' || b.status !== 'approved' || c.status !== 'approved') return;
    expect(a.authCode).toBe(b.authCode);
    expect(a.externalTransactionId).toBe(b.externalTransactionId);
    expect(a.authCode).not.toBe(c.authCode);
    expect(a.externalTransactionId).not.toBe(c.externalTransactionId);
    expect(a.externalTransactionId.length).toBeLessThanOrEqual(50);
  });
});

describe('capture, refund, void', () => {
  it.each(['capture', 'refund', 'void'] as const)('%s approves with deterministic codes', async (op) => {
    const { acquirer } = setup();
    const req = {
      transactionId: '3330000000000000001',
      relatedExternalTransactionId: 'SIMX',
      amount: 5_00,
      currency: 'EUR',
    };
    const out = await acquirer[op](req);
    expect(out).toEqual({
      status: 'approved',
      authCode: authCodeOf(req.transactionId),
      externalTransactionId: externalTransactionIdOf(op, req.transactionId),
    });
    expect(await acquirer[op](req)).toEqual(out);
  });

  it('gives each operation its own external id', () => {
    expect(externalTransactionIdOf('capture', '9')).not.toBe(externalTransactionIdOf('refund', '9'));
  });

  it('answers error for an invalid amount', async () => {
    const { acquirer } = setup();
    const out = await acquirer.capture({
      transactionId: '1',
      relatedExternalTransactionId: 'x',
      amount: -5,
      currency: 'EUR',
    });
    expect(out).toMatchObject({ status: 'error' });
  });
});

describe('payout', () => {
  const payout = (number: string, cvv: string | null = null, amount = 25_00) => ({
    transactionId: '4440000000000000001',
    amount,
    currency: 'USD',
    card: card(number, { cvv }),
  });

  it.each([
    ['4761344136141390', 'approved', undefined],
    ['5555555555554444', 'approved', undefined],
    ['2221008123677736', 'approved', undefined],
    ['4000000000000127', 'approved', undefined], // no CVV on a payout: nothing to mismatch
    ['4000000000000002', 'declined', 'Decline'],
    // a credit to this card: the real gateway's answer to a payout or an unreferenced refund
    ['4000128449498204', 'declined', 'External Error in Processing'],
    ['5333463046218753', 'declined', 'Do Not Honor'],
    ['4000000000009995', 'declined', 'Insufficient Funds'],
    ['4000000000000069', 'declined', 'Expired Card'],
    ['4000000000009979', 'declined', 'Lost/Stolen Card'],
    ['4000008400001629', 'declined', 'Decline'],
    ['4000000000000119', 'error', 'Gateway Error'],
  ])('%s → %s %s', async (number, status, reason) => {
    const { acquirer } = setup();
    const out = await acquirer.payout(payout(number));
    expect(out.status).toBe(status);
    if (out.status === 'approved') {
      expect(out).toMatchObject({
        approvedAmount: 25_00,
        cvv2Code: 'P',
        authCode: authCodeOf('4440000000000000001'),
        externalTransactionId: externalTransactionIdOf('payout', '4440000000000000001'),
      });
    } else {
      expect(out).toMatchObject({ reason });
    }
  });

  it('refuses a zero payout', async () => {
    const { acquirer } = setup();
    expect(await acquirer.payout(payout('4761344136141390', null, 0))).toMatchObject({ status: 'error' });
  });
});

describe('card info, 3-D Secure and DCC through the port', () => {
  it('answers card info from BIN data for a Secret number', () => {
    const { acquirer } = setup();
    expect(acquirer.cardInfo(new Secret('4761344136141390'))).toMatchObject({
      bin: '476134',
      last4: '1390',
      masked: '476134******1390',
      brand: 'Visa',
      cardType: 'Debit',
    });
    expect(acquirer.cardInfo(new Secret('4761344136141391'))).toBeUndefined();
  });

  it.each([
    ['2221008123677736', 'challenge'],
    ['4000002760003184', 'challenge'],
    ['4000020951595032', 'frictionless'],
    ['4000000000003220', 'frictionless'],
    ['4000008400001629', 'challenge-then-decline'],
    ['4761344136141390', 'not-enrolled'],
  ])('3-D Secure flow of %s is %s', (number, flow) => {
    const { acquirer } = setup();
    expect(acquirer.threeDFlow(card(number))).toBe(flow);
  });

  it('follows the name triggers', () => {
    const { acquirer } = setup();
    expect(acquirer.threeDFlow(card('4761344136141390', { holderName: 'CL-BRW1' }))).toBe('challenge');
    expect(acquirer.threeDFlow(card('4761344136141390', { holderName: 'FL-BRW2' }))).toBe('frictionless');
    expect(acquirer.threeDFlow(card('4000000000000002', { holderName: 'CL-BRW1' }))).toBe('not-enrolled');
  });

  it.each([
    ['4000020951595032', 'John Smith', '05'],
    ['4000000000003220', 'John Smith', '05'],
    ['5555555555554444', 'FL-BRW1', '02'],
  ])('authenticates %s (%s) frictionless: Y, eci %s, liability on issuer', (number, holderName, eci) => {
    const { acquirer } = setup();
    const r = acquirer.authenticateFrictionless(card(number, { holderName }), 10_00, 'USD');
    expect(r).toMatchObject({ status: 'Y', eci, isLiabilityOnIssuer: true, version: '2.2.0' });
    expect(r.cavv).toHaveLength(28);
    expect(r.dsTransID).toHaveLength(36);
    expect(acquirer.authenticateFrictionless(card(number, { holderName }), 10_00, 'USD')).toEqual(r);
  });

  it.each([
    ['2221008123677736', '02', '00'],
    ['4000002760003184', '05', '07'],
    ['4000008400001629', '05', '07'],
  ])('challenge on %s: C first, then Y (eci %s) or N (eci %s)', (number, okEci, failedEci) => {
    const { acquirer } = setup();
    const c = card(number);
    const ares = acquirer.authenticateFrictionless(c, 10_00, 'USD');
    expect(ares).toMatchObject({ status: 'C', isLiabilityOnIssuer: false });
    expect(acquirer.challengeResult(c, true)).toMatchObject({
      status: 'Y',
      eci: okEci,
      isLiabilityOnIssuer: true,
      dsTransID: ares.dsTransID,
    });
    expect(acquirer.challengeResult(c, false)).toMatchObject({
      status: 'N',
      eci: failedEci,
      cavv: '',
      isLiabilityOnIssuer: false,
      dsTransID: ares.dsTransID,
    });
  });

  it('quotes DCC through the rate table', () => {
    const { acquirer } = setup();
    expect(acquirer.dccQuote(100_00, 'USD', 'EUR', '2025-06-15')).toEqual(quoteDcc(100_00, 'USD', 'EUR', '2025-06-15'));
  });
});

describe('card data hygiene', () => {
  it('keeps nothing: the acquirer holds no card number or CVV after use', async () => {
    const { acquirer } = setup();
    const number = '4761344136141390';
    await acquirer.authorize(authRequest(number, {}, { cvv: '987' }));
    acquirer.threeDFlow(card(number));
    acquirer.authenticateFrictionless(card(number), 1, 'USD');
    const dump = inspect(acquirer, { depth: 10, showHidden: true });
    expect(dump).not.toContain(number);
    expect(dump).not.toContain('987');
  });

  it('prints a card input redacted', () => {
    const c = card('4761344136141390', { cvv: '987' });
    expect(JSON.stringify(c)).not.toContain('4761344136141390');
    expect(JSON.stringify(c)).not.toContain('987');
  });
});
