import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import type { ManualClock } from '../../lib/clock.js';
import type { Minor } from '../../lib/money.js';
import { Secret } from '../../lib/secret.js';
import type { DomainDeps } from '../ports.js';
import type { Acquirer, AuthorizeOutcome, FollowUpOutcome } from './acquirer.port.js';
import { followUp, pay, PENDING_GRACE_MS, recoverPendingTransactions } from './payment.service.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);

/** An acquirer whose calls wait until the test lets them go: the gateway "crashes" meanwhile. */
function heldAcquirer(real: Acquirer) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  const hold = <T>(kind: string, answer: () => Promise<T>) =>
    new Promise<T>((resolve) => {
      calls.push(kind);
      held.push(() => void answer().then(resolve));
    });
  const acquirer: Acquirer = {
    ...real,
    authorize: (req) => hold<AuthorizeOutcome>('authorize', () => real.authorize(req)),
    capture: (req) => hold<FollowUpOutcome>('capture', () => real.capture(req)),
  };
  return { acquirer, calls, release: () => held.splice(0).forEach((f) => f()) };
}

describe.each(dialects())('payments storage on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  const pay$ = (body: Record<string, unknown>) =>
    gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: { processingEntityId: gw.demo.processingEntityId, currency: 'EUR', ...body },
    });

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('concurrent settles on one authorisation never exceed the authorised total', async () => {
    const auth = (
      await pay$({ transactionType: 'Auth', amount: 100, paymentOption: { card: wireCard('5555555555554444') } })
    ).json;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        pay$({ transactionType: 'Settle', relatedTransactionId: auth.transactionId, amount: 10 }),
      ),
    );
    const approved = answers.filter((a) => a.status === 200 && a.json.result.status === 'approved');
    const refused = answers.filter((a) => a.status === 400);
    expect(approved).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused)
      expect(r.json.result.errors.reason).toMatch(/in state approved Auth|another operation holds it/);
    const row = await gw.rt.store.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', Number(auth.transactionId))
      .executeTakeFirstOrThrow();
    expect(Number(row.settled_minor)).toBe(10_000);
    const settles = await gw.rt.store.db
      .selectFrom('transactions')
      .select(['amount_minor', 'status'])
      .where('related_transaction_id', '=', Number(auth.transactionId))
      .execute();
    expect(settles.filter((s) => s.status === 'approved').reduce((sum, s) => sum + Number(s.amount_minor), 0)).toBe(
      10_000,
    );
  });

  it('concurrent refunds on one sale never exceed the settled amount', async () => {
    const sale = (
      await pay$({ transactionType: 'Sale', amount: 50, paymentOption: { card: wireCard('4761344136141390') } })
    ).json;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        pay$({ transactionType: 'Refund', relatedTransactionId: sale.transactionId, amount: 7 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200 && a.json.result.status === 'approved')).toHaveLength(7);
  });

  it('recovers a payment left pending by a crash without calling the acquirer again', async () => {
    const held = heldAcquirer(gw.rt.acquirer);
    const deps: DomainDeps = { ...gw.rt.deps, acquirer: held.acquirer };
    const origin = {
      via: 'rest' as const,
      merchantId: gw.demo.merchantId,
      siteId: gw.demo.merchantSiteId,
      entityId: gw.demo.processingEntityId,
      orderId: null,
      sessionId: null,
      webhookUrl: 'http://127.0.0.1:9/hook',
    };
    // The first write commits; the acquirer call never returns (the process "dies" here).
    const inFlight = pay(deps, {
      origin,
      type: 'Sale',
      amount: 700 as Minor,
      currency: 'EUR',
      card: {
        number: new Secret('4000027891380961'),
        holderName: 'Jane Roe',
        expMonth: 12,
        expYear: 2030,
        cvv: new Secret('123'),
      },
      partialApproval: false,
    });
    await expect.poll(() => held.calls.length, { timeout: 20_000 }).toBe(1);
    const [pending] = await gw.rt.deps.storage.read.payments.pendingBefore(T0 + 1, 10);
    expect(pending).toMatchObject({ status: 'pending', amount: 700 });

    // A restart right away leaves it alone (another node may still be calling the acquirer) ...
    expect(await recoverPendingTransactions(gw.rt.deps)).toBe(0);
    // ... and once the grace period has passed, closes it as an error without an acquirer call.
    clock.advance(PENDING_GRACE_MS + 1);
    try {
      expect(await recoverPendingTransactions(gw.rt.deps)).toBe(1);
      const after = await gw.rt.deps.storage.read.payments.find(pending!.id);
      expect(after).toMatchObject({ status: 'error', errorReason: 'recovered' });
      expect(held.calls).toEqual(['authorize']);
      const [note] = await gw.rt.deps.storage.read.notifications.list({ transactionId: pending!.id, limit: 5 });
      expect(note).toMatchObject({ kind: 'webhook', eventType: 'transaction.error' });

      // The lost call finally answers: the recorded outcome stands, nothing is applied twice.
      held.release();
      const run = await inFlight;
      expect(run.tx).toMatchObject({ id: pending!.id, status: 'error', errorReason: 'recovered' });
      expect(await recoverPendingTransactions(gw.rt.deps)).toBe(0);
    } finally {
      clock.set(T0);
    }
  });

  it('recovery of a pending settle frees its reservation on the authorisation', async () => {
    const auth = (
      await pay$({ transactionType: 'Auth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } })
    ).json;
    const held = heldAcquirer(gw.rt.acquirer);
    const deps: DomainDeps = { ...gw.rt.deps, acquirer: held.acquirer };
    const inFlight = followUp(deps, {
      origin: {
        via: 'rest',
        merchantId: gw.demo.merchantId,
        siteId: gw.demo.merchantSiteId,
        entityId: gw.demo.processingEntityId,
        orderId: null,
        sessionId: null,
      },
      type: 'Settle',
      relatedTransactionId: auth.transactionId,
      amount: 1000 as Minor,
      currency: 'EUR',
      mayReach: async () => true,
    });
    await expect.poll(() => held.calls.length, { timeout: 20_000 }).toBe(1);
    // While the settle is pending, its amount is reserved: nothing more can be settled.
    expect(
      (await pay$({ transactionType: 'Settle', relatedTransactionId: auth.transactionId, amount: 1 })).status,
    ).toBe(400);
    clock.advance(PENDING_GRACE_MS + 1);
    try {
      expect(await recoverPendingTransactions(gw.rt.deps)).toBe(1);
      const settle = await pay$({ transactionType: 'Settle', relatedTransactionId: auth.transactionId, amount: 10 });
      expect(settle.json.result.status).toBe('approved');
      held.release();
      expect((await inFlight).tx).toMatchObject({ status: 'error', errorReason: 'recovered' });
      const row = await gw.rt.deps.storage.read.payments.find(auth.transactionId);
      expect(row!.settled).toBe(1000);
    } finally {
      clock.set(T0);
    }
  });

  it('keeps card numbers only sealed in the vault, one row per card', async () => {
    const rows = await gw.rt.store.db.selectFrom('card_vault').selectAll().execute();
    const numbers = new Set(rows.map((r) => gw.rt.box.open(r.number_sealed, 'card.number').expose()));
    expect(numbers.size).toBe(rows.length);
    expect(numbers.has('5555555555554444')).toBe(true);
    for (const r of rows) expect(r.number_sealed).not.toMatch(/\d{12,}/);
  });
});
