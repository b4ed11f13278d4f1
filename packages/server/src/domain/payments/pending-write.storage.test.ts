import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { sessionClient } from '../../../test/session-client.js';
import type { ManualClock } from '../../lib/clock.js';
import type { Minor } from '../../lib/money.js';
import { cardInput } from '../../../test/payment-cards.js';
import { mismatchedStatements } from '../../store/sqlite/fixed-statement.js';
import type { PendingWrite } from '../ports.js';
import { vaultEntryOf } from '../payment-methods/card-vault.js';
import { type IdempotencyClaim, type Origin, pay, transactionRowOf } from './payment.service.js';
import type { NewTransaction } from './transaction.types.js';

/**
 * A payment's pending write as one planned write (docs/decisions/0817), on the real store: what it
 * writes equals what the closure writes, and each of the closure's checks stops it whole.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const card = cardInput;
const APPROVED = '4761344136141390';
const DECLINED = '4000128449498204';

describe.each(dialects())('the planned pending write on %s (docs/decisions/0817)', (dialect: DialectName) => {
  let gw: Gateway;
  let keys = 0;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
  });
  afterAll(async () => {
    await gw.close();
  });

  const sessionOrder = async () => {
    const o = await sessionClient(gw).openOrder({});
    const origin: Origin = {
      via: 'session',
      merchantId: gw.demo.merchantId,
      siteId: gw.demo.merchantSiteId,
      entityId: null,
      orderId: Number(o.orderId),
      sessionId: o.sessionToken,
    };
    return { token: o.sessionToken as string, orderId: Number(o.orderId), origin };
  };
  const pendingRow = (origin: Origin): NewTransaction => ({
    ...transactionRowOf(origin, gw.rt.clock.now()),
    status: 'pending',
    threeD: null,
    type: 'Sale',
    relatedTransactionId: null,
    amount: 1000 as Minor,
    requestedAmount: 1000 as Minor,
    currency: 'EUR',
    cardVaultId: null,
    card: null,
  });
  const write = (w: Omit<PendingWrite, 'at' | 'vault'> & { number?: string }) => {
    const { number = APPROVED, ...rest } = w;
    return gw.rt.deps.storage.writePending!({
      ...rest,
      vault: vaultEntryOf(gw.rt.deps, card(number)),
      at: gw.rt.clock.now(),
    });
  };
  const record = (key: string) => ({
    entityId: gw.demo.merchantSiteId,
    scope: 'pending-write-test',
    key,
    requestHash: 'h',
    responseStatus: null,
    responseBody: null,
    createdAt: gw.rt.clock.now(),
    expiresAt: gw.rt.clock.now() + 60_000,
    transactionId: null,
    replayFrame: null,
  });
  const transactionsOf = async (orderId: number) =>
    Number(
      (
        await sql<{ n: number }>`SELECT COUNT(*) AS n FROM transactions WHERE order_id = ${orderId}`.execute(
          gw.rt.store.db,
        )
      ).rows[0]!.n,
    );
  const vaultRows = async () =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM card_vault`.execute(gw.rt.store.db)).rows[0]!.n);

  it('writes the row the closure writes: the transaction as stored, the key linked, the session touched', async () => {
    const { token, orderId, origin } = await sessionOrder();
    (gw.clock as ManualClock).advance(1000);
    const key = `k-${++keys}`;
    const tx = await write({
      transaction: pendingRow(origin),
      idempotency: record(key),
      sessionToken: token,
      orderId,
    });
    expect(tx).toBeDefined();
    // as `payments.insert` answers: the columns a new row leaves empty are absent, as there
    expect(await gw.rt.deps.storage.read.payments.find(tx!.id)).toEqual({
      apm: null,
      awaiting: null,
      options: null,
      ...tx,
    });
    const linked = await gw.rt.deps.storage.read.idempotency.find(gw.demo.merchantSiteId, 'pending-write-test', key);
    expect(linked?.transactionId).toBe(tx!.id);
    expect((await gw.rt.deps.storage.read.sessions.find(token))?.lastUsedAt).toBe(gw.rt.clock.now());
  });

  it('gives a card the vault row the closure gives it', async () => {
    const first = await sessionOrder();
    const viaClosure = await pay(
      gw.rt.deps,
      {
        origin: first.origin,
        type: 'Sale',
        amount: 1000 as Minor,
        currency: 'EUR',
        card: card(DECLINED),
        partialApproval: false,
      },
      { onPending: async () => {} }, // a hook in the pending write: the closure
    );
    const second = await sessionOrder();
    const planned = await write({ transaction: pendingRow(second.origin), orderId: second.orderId, number: DECLINED });
    expect(planned?.cardVaultId).toBe(viaClosure.tx!.cardVaultId);
  });

  it('seals and inserts a card once: a card vaulted here before is neither sealed nor inserted again', async () => {
    let seals = 0;
    const entry = vaultEntryOf(gw.rt.deps, card('4035501000000008'));
    const counting = { fingerprint: entry.fingerprint, seal: () => (seals++, entry.seal()) };
    const a = await sessionOrder();
    const first = await gw.rt.deps.storage.writePending!({
      transaction: pendingRow(a.origin),
      vault: counting,
      at: gw.rt.clock.now(),
    });
    const vaulted = await vaultRows();
    const b = await sessionOrder();
    const second = await gw.rt.deps.storage.writePending!({
      transaction: pendingRow(b.origin),
      vault: counting,
      at: gw.rt.clock.now(),
    });
    expect(seals).toBe(1);
    expect(await vaultRows()).toBe(vaulted);
    expect(second!.cardVaultId).toBe(first!.cardVaultId);
    expect(await gw.rt.deps.storage.read.payments.find(second!.id)).toMatchObject({ cardVaultId: first!.cardVaultId });
  });

  it('stops whole at each guard: a pending or approved payment of the order, a key taken, a spent clientRequestId, no order', async () => {
    const { token, orderId, origin } = await sessionOrder();
    const first = await write({ transaction: pendingRow(origin), sessionToken: token, orderId });
    expect(first?.status).toBe('pending');
    const vaulted = await vaultRows();
    // a second payment while the first is pending: nothing written, not even a new card's vault row
    expect(await write({ transaction: pendingRow(origin), orderId, number: '5333302221254276' })).toBeUndefined();
    expect(await transactionsOf(orderId)).toBe(1);
    expect(await vaultRows()).toBe(vaulted);

    // a declined last payment leaves the order payable; an approved one does not
    await gw.rt.deps.storage.write((repos) =>
      repos.payments.complete(first!.id, { status: 'declined' }, gw.rt.clock.now()),
    );
    const second = await write({ transaction: pendingRow(origin), orderId });
    expect(second).toBeDefined();
    await gw.rt.deps.storage.write((repos) =>
      repos.payments.complete(second!.id, { status: 'approved' }, gw.rt.clock.now()),
    );
    expect(await write({ transaction: pendingRow(origin), orderId })).toBeUndefined();
    expect(await transactionsOf(orderId)).toBe(2);

    const other = await sessionOrder();
    const key = `k-${++keys}`;
    await gw.rt.deps.storage.write((repos) => repos.idempotency.claim(record(key)));
    expect(
      await write({ transaction: pendingRow(other.origin), orderId: other.orderId, idempotency: record(key) }),
    ).toBeUndefined();
    await gw.rt.deps.storage.write((repos) =>
      repos.sessions.claimClientRequestId(gw.demo.merchantSiteId, 'spent-request', gw.rt.clock.now()),
    );
    expect(
      await write({
        transaction: pendingRow(other.origin),
        orderId: other.orderId,
        clientRequestId: { siteId: gw.demo.merchantSiteId, value: 'spent-request' },
      }),
    ).toBeUndefined();
    expect(await transactionsOf(other.orderId)).toBe(0);
    expect(await write({ transaction: pendingRow(other.origin), orderId: 987_654_321 })).toBeUndefined();
    // the key taken before still names no transaction
    const taken = await gw.rt.deps.storage.read.idempotency.find(gw.demo.merchantSiteId, 'pending-write-test', key);
    expect(taken?.transactionId).toBeNull();
  });

  it('pays through it, and a stopped write falls back to the closure, which answers as before', async () => {
    const { token, orderId, origin } = await sessionOrder();
    const claim: IdempotencyClaim = {
      entityId: gw.demo.merchantSiteId,
      scope: 'pending-write-pay',
      key: `k-${++keys}`,
      requestHash: 'same',
      render: (tx) => ({ status: 200, body: JSON.stringify({ id: tx.id, status: tx.status }) }),
    };
    const sale = {
      origin,
      type: 'Sale',
      amount: 1000 as Minor,
      currency: 'EUR',
      card: card(APPROVED),
      partialApproval: false,
    } as const;
    const guardPlan = { sessionToken: token, orderId };
    const paid = await pay(gw.rt.deps, sale, { idempotency: claim, guardPlan });
    expect(paid.tx?.status).toBe('approved');
    expect(await gw.rt.deps.storage.read.payments.find(paid.tx!.id)).toEqual(paid.tx);
    // the same key again: the planned write stops at the key, the closure replays the first answer
    const again = await pay(gw.rt.deps, sale, { idempotency: claim, guardPlan });
    expect(again.replay).toEqual({ status: 200, body: JSON.stringify({ id: paid.tx!.id, status: 'approved' }) });
    // a new key on the paid order: the closure's refusal
    await expect(pay(gw.rt.deps, sale, { idempotency: { ...claim, key: `k-${++keys}` }, guardPlan })).rejects.toThrow(
      /already paid/,
    );
    expect(await transactionsOf(orderId)).toBe(1);
  });

  it('compiles each of its statements once', () => {
    // the module is shared by the files one worker runs: fixed-statement.test.ts records its own on purpose
    expect(mismatchedStatements().filter((n) => !n.includes(':test.'))).toEqual([]);
  });
});
