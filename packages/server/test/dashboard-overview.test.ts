import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createEntity, createMerchant } from '../src/domain/merchants/merchant.service.js';
import type { TransactionFilter } from '../src/domain/dashboard/ports.js';
import { amountBounds } from '../src/domain/dashboard/transactions.service.js';
import { dashboardTransactionQuery } from '../src/store/dashboard-transactions.repo.js';
import type { Database } from '../src/store/tables.js';
import type { ManualClock } from '../src/lib/clock.js';
import { dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type DashboardBrowser, signInDemo } from './dashboard-client.js';

const APPROVE = '5555555555554444';
const INSUFFICIENT = '4000000000009995';
const DO_NOT_HONOR = '5333463046218753';

/**
 * The overview (docs/dashboard.md) from payments made through the REST API at set times of a manual
 * clock; the admin API's transaction search with a merchant key; the search's query plans on the indexes.
 */
describe.each(dialects())('dashboard overview and the transaction search on %s', (dialect) => {
  let gw: Gateway;
  let clock: ManualClock;
  let admin: DashboardBrowser;
  let other: { apiKey: string; entityId: string };
  const made: string[] = [];
  const pay = async (card: string, amount: number, currency = 'EUR', key = gw.demo.apiKey, entity?: string) => {
    const r = await gw.request('POST', '/payment-api/payments', {
      headers: { 'x-api-key': key },
      body: {
        processingEntityId: entity ?? gw.demo.processingEntityId,
        currency,
        amount,
        transactionType: 'Sale',
        paymentOption: { card: wireCard(card) },
      },
    });
    expect(r.status, r.text).toBeLessThan(300);
    if (key === gw.demo.apiKey) made.push(r.json.transactionId as string);
    return r.json;
  };
  const adminList = (query: string, key = gw.demo.apiKey) =>
    gw.request('GET', `/admin/v1/transactions${query}`, { headers: { 'x-api-key': key } });

  beforeAll(async () => {
    // Saturday 3 January 2026, 10:15 UTC: two days before the rest
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 3, 10, 15) });
    clock = gw.clock as ManualClock;
    const m = await createMerchant(gw.rt.deps, { name: 'Other Merchant' });
    const entity = await createEntity(gw.rt.deps, { merchantId: m.merchant.id, name: 'Other Entity' });
    const k = await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: m.site.id, type: 'operations' });
    other = { apiKey: k.plaintext.expose(), entityId: entity.id };
    await pay(APPROVE, 100);
    // Monday 5 January, 09:20 and 11:40
    clock.set(Date.UTC(2026, 0, 5, 9, 20));
    await pay(APPROVE, 10);
    await pay(APPROVE, 2.5);
    await pay(INSUFFICIENT, 7);
    await pay(APPROVE, 999, 'EUR', other.apiKey, other.entityId);
    await pay(DO_NOT_HONOR, 1, 'EUR', other.apiKey, other.entityId);
    clock.set(Date.UTC(2026, 0, 5, 11, 40));
    await pay(APPROVE, 5.5, 'USD');
    await pay(DO_NOT_HONOR, 3);
    await pay(INSUFFICIENT, 4);
    admin = await signInDemo(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('counts the last day in hourly buckets: volume per currency, approval rate, declines by reason', async () => {
    const r = await admin.call('GET', '/overview?period=day');
    expect(r.status, r.text).toBe(200);
    const o = r.json;
    expect(o).toMatchObject({
      period: 'day',
      bucket: 'hour',
      from: '2026-01-04T12:00:00.000Z',
      to: '2026-01-05T12:00:00.000Z',
    });
    expect(o.buckets).toHaveLength(24);
    const at9 = o.buckets[21];
    expect(at9).toMatchObject({
      start: '2026-01-05T09:00:00.000Z',
      attempts: 3,
      approved: 2,
      declined: 1,
      errors: 0,
      volume: [{ currency: 'EUR', amount: '12.50' }],
      declines: [{ reason: 'Insufficient Funds', count: 1 }],
    });
    expect(at9.approvalRate).toBeCloseTo(2 / 3, 10);
    const at11 = o.buckets[23];
    expect(at11).toMatchObject({
      start: '2026-01-05T11:00:00.000Z',
      attempts: 3,
      approved: 1,
      volume: [{ currency: 'USD', amount: '5.50' }],
    });
    expect(at11.declines).toEqual([
      { reason: 'Do Not Honor', count: 1 },
      { reason: 'Insufficient Funds', count: 1 },
    ]);
    expect(o.buckets[22]).toMatchObject({ attempts: 0, approvalRate: null, volume: [], declines: [] });
    expect(o.totals).toMatchObject({
      attempts: 6,
      approved: 3,
      declined: 3,
      approvalRate: 0.5,
      volume: [
        { currency: 'EUR', amount: '12.50' },
        { currency: 'USD', amount: '5.50' },
      ],
      declines: [
        { reason: 'Insufficient Funds', count: 2 },
        { reason: 'Do Not Honor', count: 1 },
      ],
    });
  });

  it('counts the week and the month in daily buckets, the older payment in its day', async () => {
    const week = (await admin.call('GET', '/overview?period=week')).json;
    expect(week).toMatchObject({ bucket: 'day', from: '2025-12-30T00:00:00.000Z', to: '2026-01-06T00:00:00.000Z' });
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets[4]).toMatchObject({
      start: '2026-01-03T00:00:00.000Z',
      attempts: 1,
      volume: [{ currency: 'EUR', amount: '100.00' }],
    });
    expect(week.buckets[6]).toMatchObject({ attempts: 6, approved: 3 });
    expect(week.totals).toMatchObject({ attempts: 7, approved: 4 });
    const month = (await admin.call('GET', '/overview?period=month')).json;
    expect(month.buckets).toHaveLength(30);
    expect(month.from).toBe('2025-12-07T00:00:00.000Z');
    expect(month.totals.volume).toEqual([
      { currency: 'EUR', amount: '112.50' },
      { currency: 'USD', amount: '5.50' },
    ]);
  });

  it('leaves a refund out (not a payment) and a bad period is 400', async () => {
    const refund = await admin.call('POST', `/transactions/${made[1]}/refund`, { amount: '1.00' });
    expect(refund.status, refund.text).toBe(200);
    const day = (await admin.call('GET', '/overview?period=day')).json;
    expect(day.totals.attempts).toBe(6);
    const bad = await admin.call('GET', '/overview?period=year');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid');
  });

  it('lists the merchant’s transactions on the admin API with its key: the same search, filters and cursor', async () => {
    const all = await adminList('?limit=100');
    expect(all.status, all.text).toBe(200);
    const ids = all.json.transactions.map((t: { id: string }) => t.id);
    for (const id of made) expect(ids).toContain(id);
    const panel = await admin.call('GET', '/transactions?limit=100');
    expect(all.json.transactions).toEqual(panel.json.items);
    const page1 = await adminList('?limit=2');
    expect(page1.json.transactions).toHaveLength(2);
    const page2 = await adminList(`?limit=2&cursor=${page1.json.nextCursor}`);
    expect(page2.json.transactions.map((t: { id: string }) => t.id)).toEqual(ids.slice(2, 4));
    const declined = (await adminList('?status=DECLINED')).json.transactions;
    expect(declined).toHaveLength(3);
    const usd = (await adminList('?minAmount=5.50&maxAmount=5.50')).json.transactions;
    expect(usd.map((t: { currency: string }) => t.currency)).toEqual(['USD']);
    const byCard = (await adminList('?last4=9995')).json.transactions;
    expect(byCard).toHaveLength(2);
    const byId = (await adminList(`?query=${made[0]}`)).json.transactions;
    expect(byId.map((t: { id: string }) => t.id)).toEqual([made[0]]);
    const bad = await adminList('?limit=500');
    expect(bad.status).toBe(400);
  });

  it('shows another merchant’s key none of these transactions, and refuses no key and a wrong one', async () => {
    const theirs = await adminList('?limit=100', other.apiKey);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.json.transactions).toHaveLength(2);
    const ids = theirs.json.transactions.map((t: { id: string }) => t.id);
    for (const id of made) expect(ids).not.toContain(id);
    expect((await adminList(`?query=${made[0]}`, other.apiKey)).json.transactions).toEqual([]);
    expect((await gw.request('GET', '/admin/v1/transactions')).status).toBe(401);
    expect((await adminList('', 'gh_key_not_a_key')).status).toBe(401);
  });

  describe('query plans', () => {
    let db: Kysely<Database>;
    const T0 = 1_700_000_000_000;
    // 20,000 rows of ten merchants, with statistics: a planner then weighs each index as it would in use
    beforeAll(async () => {
      db = gw.rt.store.db;
      await gw.rt.store.write(async (w) => {
        await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
        insert into transactions (merchant_id, site_id, interface, type, amount_minor, requested_amount_minor,
          currency, status, card, created_at, updated_at)
        select case when i % 10 = 0 then 'mer_plan' else 'mer_' || cast(i % 10 as text) end, 'site_plan', 'rest',
          case when i % 40 = 0 then 'Refund' else 'Sale' end,
          i * 200, i * 200, 'EUR', case when i % 50 = 0 then 'declined' else 'approved' end,
          '{"last4Digits":"' || cast(1000 + i % 9000 as text) || '"}',
          ${T0} + cast(i as bigint) * 86400000, ${T0} + cast(i as bigint) * 86400000
        from n`.execute(w);
        await sql`analyze`.execute(w);
      });
    });
    const base: TransactionFilter = { merchantId: 'mer_plan', limit: 26 };
    // on the connection that gathered the statistics (another loads them only with the schema)
    const plan = (f: TransactionFilter): Promise<string> =>
      gw.rt.store.write(async (w) => {
        const compiled = dashboardTransactionQuery(db, gw.rt.store.dialect, f).compile();
        const explain = dialect === 'sqlite' ? 'explain query plan' : 'explain';
        // a table of a few rows is read whole by PostgreSQL whatever its indexes: forbid that to see the choice
        if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(w);
        const r = await w.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
        );
        return r.rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
      });
    // the newest-first pages read an index in id order: the merchant's, or (PostgreSQL, when the merchant
    // holds a tenth of the rows) the primary key's, filtered; never a sort of the merchant's rows
    const newest = 'transactions_merchant|transactions_pkey';
    const cases: Array<[string, TransactionFilter, string]> = [
      ['the first page', base, newest],
      ['a deep cursor page', { ...base, before: '10000' }, newest],
      ['status', { ...base, status: 'declined' }, 'transactions_merchant_status'],
      ['type', { ...base, type: 'Refund' }, 'transactions_merchant_type'],
      ['last four', { ...base, last4: '4444' }, 'transactions_merchant_last4'],
      [
        'amount',
        { ...base, min: amountBounds('10', 'minAmount'), max: amountBounds('11', 'maxAmount') },
        'transactions_merchant_amount',
      ],
      ['date', { ...base, from: T0 + 100 * 86400000, to: T0 + 101 * 86400000 }, 'transactions_merchant_created'],
    ];
    it.each(cases)('searches by %s on an index', async (_name, filter, index) => {
      const text = await plan(filter);
      expect(text).toMatch(new RegExp(`\\b(${index})\\b`));
      expect(text).not.toMatch(dialect === 'sqlite' ? /SCAN transactions(?! USING)/ : /Seq Scan/);
      if (index === newest) expect(text).not.toMatch(/TEMP B-TREE|Sort/);
    });
  });
});
