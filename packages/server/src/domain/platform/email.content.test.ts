import { describe, expect, it } from 'vitest';
import type { Minor } from '../../lib/money.js';
import { afterFailure, EMAIL_RETRY_DELAYS_MS, maxAttempts } from '../notifications/retry.schedule.js';
import { kycEmail, payoutEmail, transactionEmail } from './email.content.js';
import type { AccountOwner, Payout, SplitTransaction } from './platform.types.js';

const AT = Date.UTC(2026, 10, 25, 12, 0);
const owner: AccountOwner = {
  code: 'AO111',
  platformId: 'm',
  siteId: 's',
  extRef: 'seller<1>',
  name: 'S',
  email: 's@example.com',
  country: 'DE',
  webhookUrl: null,
  virtualAccountCode: 'VA1',
  kycStatus: 'REJECTED',
  kycReason: 'ID & address do not match',
  version: 3,
  createdAt: AT,
  updatedAt: AT,
};

describe('platform e-mail content (docs/platform.md)', () => {
  it('KYC: the subject shape, code, reference, status and reason in text and (escaped) HTML', () => {
    const m = kycEmail(['a@example.com'], owner, AT);
    expect(m.subject).toBe('KYC status update for seller<1> of account owner AO111');
    expect(m.to).toEqual(['a@example.com']);
    for (const t of ['AO111', 'seller<1>', 'REJECTED', 'ID & address do not match']) expect(m.text).toContain(t);
    expect(m.html).toContain('<td>seller&lt;1&gt;</td>');
    expect(m.html).toContain('<td>ID &amp; address do not match</td>');
  });

  it('CR, LF and other control characters in a chosen value forge no row of the text nor line of the subject', () => {
    const forged = {
      ...owner,
      extRef: 'ref\r\nStatus:        ACTIVE',
      kycReason: 'fine\nAmount:   1000000.00 EUR\u2028x\u0000',
    };
    const m = kycEmail(['a@example.com'], forged, AT);
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.text.split('\n').filter((l) => /^Status:/.test(l))).toEqual([]);
    expect(m.text.split('\n').filter((l) => /^Amount:/.test(l))).toEqual([]);
    expect(m.text).toContain('ref  Status:        ACTIVE');
    expect(m.text).not.toMatch(/[\u0000\u2028]/);
    expect(m.html).not.toMatch(/ref\r?\nStatus/);
  });

  it('payout: the subject shape, payout code, status and message', () => {
    const p: Payout = {
      code: 'PO9',
      platformId: 'm',
      siteId: 's',
      accountOwnerCode: 'AO111',
      amount: 1050 as Minor,
      currency: 'EUR',
      status: 'FAILED',
      reason: 'bank refused',
      version: 2,
      createdAt: AT,
      updatedAt: AT,
    };
    const m = payoutEmail(['a@example.com', 'b@example.com'], p, AT);
    expect(m.subject).toBe('Payout status update for account owner AO111');
    for (const t of ['PO9', 'FAILED', 'bank refused', '10.50 EUR']) expect(m.text).toContain(t);
  });

  it('transaction: the subject shape and every item of the table', () => {
    const s: SplitTransaction = {
      code: 'SP5',
      platformId: 'm',
      siteId: 's',
      transactionId: '1110000000000001',
      transactionType: 'Sale',
      extRef: 'basket-9',
      currency: 'EUR',
      total: 900 as Minor,
      splits: [
        { accountOwnerCode: 'AO1', virtualAccountCode: 'VA1', amount: 500 as Minor },
        { accountOwnerCode: 'AO2', virtualAccountCode: 'VA2', amount: 400 as Minor },
      ],
      status: 'RECONCILED',
      reason: null,
      version: 2,
      createdAt: AT,
      updatedAt: AT,
    };
    const m = transactionEmail(['f@example.com'], s, AT);
    expect(m.subject).toBe('Transaction status update for basket-9');
    for (const t of [
      'Sale',
      'basket-9',
      'RECONCILED',
      'VA1, VA2',
      new Date(AT).toISOString(),
      '1110000000000001',
      'SP5-2',
      'SP5',
    ]) {
      expect(m.text).toContain(t);
      expect(m.html).toContain(t);
    }
  });

  it('retries e-mails for about a day, then fails', () => {
    expect(EMAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(
      (1 + 5 + 15 + 30) * 60_000 + 6 * 3_600_000 + 18 * 3_600_000,
    );
    expect(afterFailure('email', 1, AT)).toEqual({ status: 'pending', runAt: AT + 60_000 });
    expect(afterFailure('email', maxAttempts('email'), AT)).toEqual({ status: 'failed' });
  });
});
