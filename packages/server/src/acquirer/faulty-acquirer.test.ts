import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../test/harness.js';
import { cardNumbersAtRest } from '../../test/card-scan.js';
import { wireCard } from '../../test/payment-cards.js';
import { sessionClient } from '../../test/session-client.js';
import { FAULT_CARDS } from './faulty-acquirer.js';

/**
 * Acquirer faults on request (docs/decisions/0941), on a real server: each mode set on the site over
 * the admin API, and each fault card, with the payment's resulting state and a retry under the same
 * idempotency key (REST) or clientRequestId (session API) that pays nothing twice.
 */
describe.each(dialects())('acquirer faults on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let seq = 0;
  const site = () => gw.demo.merchantSiteId;
  const setFault = (body: Record<string, unknown>) =>
    gw.request('PUT', `/admin/v1/sandbox/faults/${site()}`, { headers: apiKey(gw), body });
  const clearFault = () => gw.request('DELETE', `/admin/v1/sandbox/faults/${site()}`, { headers: apiKey(gw) });
  const sale = (key: string, number = '4761344136141390') =>
    gw.request('POST', '/payment-api/payments', {
      headers: { ...apiKey(gw), 'idempotency-key': key },
      body: {
        processingEntityId: gw.demo.processingEntityId,
        currency: 'EUR',
        transactionType: 'Sale',
        amount: 10,
        paymentOption: { card: wireCard(number) },
      },
    });
  const transactionsOf = async (id: string) =>
    (await gw.rt.store.db.selectFrom('transactions').select(['id', 'status']).where('id', '=', Number(id)).execute())
      .length;
  const countAll = async () =>
    Number(
      (
        await gw.rt.store.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A payment under `key`, then the same request again: one transaction, the same answer. */
  async function payAndRetry(number?: string) {
    const key = `fault-${dialect}-${++seq}`;
    const before = await countAll();
    const first = await sale(key, number);
    expect(first.status, first.text).toBe(200);
    const again = await sale(key, number);
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.transactionId).toBe(first.json.transactionId);
    expect(again.json.result).toEqual(first.json.result);
    expect(await countAll()).toBe(before + 1);
    expect(await transactionsOf(first.json.transactionId)).toBe(1);
    return first.json;
  }

  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, Object.keys(FAULT_CARDS))).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('delay: the payment is approved, late; the retry replays it', async () => {
    const set = await setFault({ mode: 'delay', ms: 50 });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ siteId: site(), merchantId: gw.demo.merchantId, mode: 'delay', ms: 50 });
    const b = await payAndRetry();
    expect(b.result.status).toBe('approved');
  });

  it('timeout: the payment ends as ERROR Acquirer unavailable (-1100); the retry replays it, a new one after the fault is cleared is approved', async () => {
    expect((await setFault({ mode: 'timeout', ms: 50 })).status).toBe(200);
    const b = await payAndRetry();
    expect(b.result).toMatchObject({ status: 'error', errors: { reason: 'Acquirer unavailable' } });
    const stored = await gw.rt.store.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', Number(b.transactionId))
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('error');
    const cleared = await clearFault();
    expect(cleared.json).toEqual({ siteId: site(), cleared: true });
    // the recovery: the merchant pays again under a new key, and it goes through
    const next = await payAndRetry();
    expect(next.result.status).toBe('approved');
    expect(next.transactionId).not.toBe(b.transactionId);
  });

  it('error: the acquirer answers a 5xx-like error, the payment ends as ERROR Gateway Error; the retry replays it', async () => {
    expect((await setFault({ mode: 'error' })).status).toBe(200);
    const b = await payAndRetry();
    expect(b.result).toMatchObject({ status: 'error' });
    expect(b.result.errors.reason).toContain('Gateway Error');
  });

  it('refused: no connection, the payment ends as ERROR Acquirer unavailable; the retry replays it', async () => {
    expect((await setFault({ mode: 'refused' })).status).toBe(200);
    const b = await payAndRetry();
    expect(b.result).toMatchObject({ status: 'error', errors: { reason: 'Acquirer unavailable' } });
    const list = await gw.request('GET', '/admin/v1/sandbox/faults', { headers: apiKey(gw) });
    expect(list.json.faults).toEqual([expect.objectContaining({ siteId: site(), mode: 'refused', ms: 0 })]);
    await clearFault();
    expect((await gw.request('GET', '/admin/v1/sandbox/faults', { headers: apiKey(gw) })).json.faults).toEqual([]);
  });

  it('the fault cards fail whatever the site: error, refused, timeout (REST), and timeout through the session API, replayed', async () => {
    const err = await payAndRetry('4000000000000432');
    expect(err.result.status).toBe('error');
    const refused = await payAndRetry('4000000000000440');
    expect(refused.result.errors.reason).toBe('Acquirer unavailable');
    const lost = await payAndRetry('4000000000000424');
    expect(lost.result.errors.reason).toBe('Acquirer unavailable');

    const s = sessionClient(gw);
    const { sessionToken } = await s.openOrder();
    const fields = {
      sessionToken,
      clientUniqueId: 'fault-card',
      clientRequestId: `fault-crid-${dialect}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: {
        card: {
          cardNumber: '4000000000000424',
          cardHolderName: 'John Smith',
          expirationMonth: '12',
          expirationYear: '2030',
          CVV: '217',
        },
      },
    };
    // a retry is the same signed body (clientRequestId and timeStamp in its checksum): a replay
    const body = s.signed('payment', fields);
    const first = await s.call('payment', body);
    expect(first.json, first.text).toMatchObject({ status: 'SUCCESS', transactionStatus: 'ERROR' });
    const before = await countAll();
    const again = await s.call('payment', body);
    expect(again.json.transactionId).toBe(first.json.transactionId);
    expect(again.json.transactionStatus).toBe('ERROR');
    expect(await countAll()).toBe(before);
  });

  it('refuses a bad mode, a site of another merchant, and an unknown site', async () => {
    expect((await setFault({ mode: 'slow' })).status).toBe(400);
    expect(
      (await gw.request('PUT', '/admin/v1/sandbox/faults/nope', { headers: apiKey(gw), body: { mode: 'error' } }))
        .status,
    ).toBe(404);
  });
});
