import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import * as domainLists from '../../domain/platform/platform.types.js';
import * as wireLists from '../../schemas/platform/platform.schema.js';

const CONF = '/api/v2/notification/email/configuration';

describe.each(dialects())('the platform interface /api/v2 on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let otherKey: Record<string, string>;
  const key = () => apiKey(gw);
  const post = (path: string, body: unknown, headers: Record<string, string> = key()) =>
    gw.request('POST', path, { headers, body });
  const get = (path: string, headers: Record<string, string> = key()) => gw.request('GET', path, { headers });
  const sale = async (amount: number, currency = 'EUR') => {
    const r = await post('/payment-api/payments', {
      processingEntityId: gw.demo.processingEntityId,
      transactionType: 'Sale',
      amount,
      currency,
      paymentOption: { card: wireCard('4761344136141390') },
    });
    expect(r.json.result.status).toBe('approved');
    return String(r.json.transactionId);
  };
  const owner = async (extRef: string) => {
    const r = await post('/api/v2/account-owners', {
      extRef,
      name: `Seller ${extRef}`,
      email: `${extRef}@example.com`,
      country: 'DE',
    });
    expect(r.status).toBe(201);
    return r.json as { accountOwnerCode: string; virtualAccountCode: string };
  };

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    const other = await createMerchant(gw.rt.deps, { name: 'Other Platform' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'Other Entity' });
    const k = await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' });
    otherKey = { 'x-api-key': k.plaintext.expose() };
  });
  afterAll(async () => {
    await gw.close();
  });

  it('the wire enums are the domain lists', () => {
    expect(wireLists.KYC_STATUSES).toEqual(domainLists.KYC_STATUSES);
    expect(wireLists.PAYOUT_STATUSES).toEqual(domainLists.PAYOUT_STATUSES);
    expect(wireLists.SPLIT_STATUSES).toEqual(domainLists.SPLIT_STATUSES);
    expect(wireLists.EMAIL_NOTIFICATION_TYPES).toEqual(domainLists.EMAIL_NOTIFICATION_TYPES);
  });

  describe('e-mail configurations (docs/platform.md)', () => {
    it('POST answers 201, GET lists it, PUT replaces it', async () => {
      const c = await post(CONF, {
        notificationType: 'PAYOUT_STATUS_UPDATE',
        emails: 'ops@example.com, risk@example.com',
        enabled: true,
      });
      expect(c.status).toBe(201);
      expect(c.json).toMatchObject({
        notificationType: 'PAYOUT_STATUS_UPDATE',
        emails: 'ops@example.com,risk@example.com',
        enabled: true,
      });
      expect(c.json.createdAt).toMatch(/^\d{4}-/);
      const id = c.json.configurationId as string;
      const g = await get(CONF);
      expect(g.status).toBe(200);
      expect(g.json.configurations.map((x: { configurationId: string }) => x.configurationId)).toContain(id);
      const p = await gw.request('PUT', `${CONF}/${id}`, {
        headers: key(),
        body: { notificationType: 'KYC_STATUS_UPDATE', emails: 'kyc@example.com', enabled: false },
      });
      expect(p.status).toBe(200);
      expect(p.json).toMatchObject({
        configurationId: id,
        notificationType: 'KYC_STATUS_UPDATE',
        emails: 'kyc@example.com',
        enabled: false,
      });
    });

    it.each([
      [
        'an invalid address',
        { notificationType: 'KYC_STATUS_UPDATE', emails: 'ops@example.com,not-an-address', enabled: true },
        '5000.1001',
        /not-an-address/,
      ],
      [
        'an empty address',
        { notificationType: 'KYC_STATUS_UPDATE', emails: 'ops@example.com,,', enabled: true },
        '5000.1001',
        /empty/,
      ],
      [
        'an unknown type',
        { notificationType: 'NOPE', emails: 'ops@example.com', enabled: true },
        '5000.1001',
        /notificationType/,
      ],
      ['no emails', { notificationType: 'KYC_STATUS_UPDATE', enabled: true }, '5000.1000', /emails/],
      [
        'enabled as a string',
        { notificationType: 'KYC_STATUS_UPDATE', emails: 'a@example.com', enabled: 'yes' },
        '5000.1001',
        /enabled/,
      ],
    ])('refuses %s with 400 in the REST error shape', async (_name, body, code, reason) => {
      const r = await post(CONF, body);
      expect(r.status).toBe(400);
      expect(r.json.result.status).toBe('error');
      expect(r.json.result.errors.code).toBe(code);
      expect(r.json.result.errors.reason).toMatch(reason);
    });

    it('idempotency-key: a retried POST replays the first answer and creates no second configuration; another body is 409 5000.1090', async () => {
      const body = { notificationType: 'TRANSACTION_STATUS_UPDATE', emails: 'retry@example.com', enabled: true };
      const ik = `conf-retry-${dialect}`;
      const first = await post(CONF, body, { ...key(), 'idempotency-key': ik });
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(first.json).toMatchObject({ emails: 'retry@example.com', enabled: true });
      const again = await post(CONF, body, { ...key(), 'idempotency-key': ik });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(first.json);
      const sameNames = await post(
        CONF,
        { enabled: true, emails: 'retry@example.com', notificationType: 'TRANSACTION_STATUS_UPDATE' },
        {
          ...key(),
          'idempotency-key': ik,
        },
      );
      expect(sameNames.headers.get('idempotent-replayed')).toBe('true');
      expect(sameNames.json.configurationId).toBe(first.json.configurationId);
      const mismatch = await post(CONF, { ...body, emails: 'other@example.com' }, { ...key(), 'idempotency-key': ik });
      expect(mismatch.status).toBe(409);
      expect(mismatch.json.result.errors.code).toBe('5000.1090');
      const listed = (await get(CONF)).json.configurations.filter(
        (x: { emails: string }) => x.emails === 'retry@example.com',
      );
      expect(listed).toHaveLength(1);
      expect(
        (await get(CONF)).json.configurations.some((x: { emails: string }) => x.emails === 'other@example.com'),
      ).toBe(false);
      // a key is the platform's own: another platform's same key creates its own configuration
      const third = await createMerchant(gw.rt.deps, { name: 'Third Platform' });
      const thirdEntity = await createEntity(gw.rt.deps, { merchantId: third.merchant.id, name: 'Third Entity' });
      const thirdKey = await createApiKey(gw.rt.deps, {
        entityId: thirdEntity.id,
        siteId: third.site.id,
        type: 'operations',
      });
      const theirs = await post(CONF, body, { 'x-api-key': thirdKey.plaintext.expose(), 'idempotency-key': ik });
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(theirs.json.configurationId).not.toBe(first.json.configurationId);
      // without a key, every POST creates one, as before
      const a = await post(CONF, { ...body, emails: 'nokey@example.com' });
      const b = await post(CONF, { ...body, emails: 'nokey@example.com' });
      expect(a.json.configurationId).not.toBe(b.json.configurationId);
      // a refused body stores nothing: the same key then serves the corrected body
      const bad = await post(CONF, { ...body, emails: 'not-an-address' }, { ...key(), 'idempotency-key': `${ik}-fix` });
      expect(bad.status).toBe(400);
      const fixed = await post(CONF, body, { ...key(), 'idempotency-key': `${ik}-fix` });
      expect(fixed.status).toBe(201);
      expect(fixed.headers.get('idempotent-replayed')).toBeNull();
      const empty = await post(CONF, body, { ...key(), 'idempotency-key': '' });
      expect(empty.status).toBe(400);
      expect(empty.json.result.status).toBe('error');
    });

    it('without a key answers 401 7300.3000; with another platform’s key the configuration is 404 and not listed', async () => {
      const n = await gw.request('GET', CONF);
      expect(n.status).toBe(401);
      expect(n.json.result.errors.code).toBe('7300.3000');
      const c = await post(CONF, { notificationType: 'KYC_STATUS_UPDATE', emails: 'mine@example.com', enabled: true });
      const put = await gw.request('PUT', `${CONF}/${c.json.configurationId}`, {
        headers: otherKey,
        body: { notificationType: 'KYC_STATUS_UPDATE', emails: 'theirs@example.com', enabled: true },
      });
      expect(put.status).toBe(404);
      expect((await get(CONF, otherKey)).json.configurations).toEqual([]);
      const unknown = await gw.request('PUT', `${CONF}/999999999`, {
        headers: key(),
        body: { notificationType: 'KYC_STATUS_UPDATE', emails: 'a@example.com', enabled: true },
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('credentials, on every platform path', () => {
    const paths: Array<[string, string, unknown?]> = [
      ['GET', CONF],
      ['POST', CONF, { notificationType: 'KYC_STATUS_UPDATE', emails: 'a@example.com', enabled: true }],
      ['PUT', `${CONF}/1`, { notificationType: 'KYC_STATUS_UPDATE', emails: 'a@example.com', enabled: true }],
      ['GET', '/api/v2/account-owners'],
      ['GET', '/api/v2/account-owners/AO1'],
      ['POST', '/api/v2/account-owners', {}],
      ['GET', '/api/v2/payouts/PO1'],
      ['POST', '/api/v2/payouts', {}],
      ['GET', '/api/v2/split-transactions/SP1'],
      ['POST', '/api/v2/split-transactions', {}],
      ['POST', '/api/v2/sandbox/account-owners/AO1/kyc-status', { status: 'IN_PROGRESS' }],
      ['POST', '/api/v2/sandbox/payouts/PO1/status', { status: 'ACCEPTED' }],
      ['POST', '/api/v2/sandbox/split-transactions/SP1/status', { status: 'CANCELLED' }],
    ];
    const AUTH = { result: { status: 'error', errors: { code: '7300.3000', reason: 'Authorization error' } } };
    it.each(paths)(
      '%s %s refuses a missing, malformed, wrong or Basic credential with 401, before reading the body',
      async (method, path, body) => {
        const alter = (k: string) => k.slice(0, -1) + (k.endsWith('x') ? 'y' : 'x');
        const matrix: Array<Record<string, string>> = [
          {},
          { 'x-api-key': '' },
          { 'x-api-key': 'not-a-key' },
          { 'x-api-key': alter(gw.demo.apiKey) },
          { authorization: 'Basic dXNlcjpwYXNz' },
        ];
        for (const headers of matrix) {
          const r = await gw.request(method, path, { headers, ...(body !== undefined ? { body } : {}) });
          expect({ status: r.status, body: r.json }, `${JSON.stringify(headers)}`).toEqual({ status: 401, body: AUTH });
        }
      },
    );
    it('refuses a dispute key with 403', async () => {
      const k = await createApiKey(gw.rt.deps, {
        entityId: gw.demo.processingEntityId,
        siteId: gw.demo.merchantSiteId,
        type: 'dispute',
      });
      const r = await get(CONF, { 'x-api-key': k.plaintext.expose() });
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH });
    });
  });

  describe('account owners and their KYC moves', () => {
    it('a new seller is MISSING_DATA; moves follow the machine and a forbidden one is 409 changing nothing', async () => {
      const o = await owner('kyc-1');
      const path = `/api/v2/sandbox/account-owners/${o.accountOwnerCode}/kyc-status`;
      expect((await get(`/api/v2/account-owners/${o.accountOwnerCode}`)).json.kycStatus).toBe('MISSING_DATA');
      const bad = await post(path, { status: 'ACTIVE' });
      expect(bad.status).toBe(409);
      expect(bad.json.result.errors.reason).toMatch(/from MISSING_DATA to ACTIVE/);
      expect((await post(path, { status: 'IN_PROGRESS', reason: 'documents received' })).json).toMatchObject({
        kycStatus: 'IN_PROGRESS',
        reason: 'documents received',
      });
      expect((await post(path, { status: 'FAILED' })).json.kycStatus).toBe('FAILED');
      expect((await post(path, { status: 'IN_PROGRESS' })).json.kycStatus).toBe('IN_PROGRESS');
      expect((await post(path, { status: 'ACTIVE' })).json.kycStatus).toBe('ACTIVE');
      const final = await post(path, { status: 'IN_PROGRESS' });
      expect(final.status).toBe(409);
      expect((await get(`/api/v2/account-owners/${o.accountOwnerCode}`)).json.kycStatus).toBe('ACTIVE');
      const list = await get('/api/v2/account-owners');
      expect(
        list.json.accountOwners.some((x: { accountOwnerCode: string }) => x.accountOwnerCode === o.accountOwnerCode),
      ).toBe(true);
    });

    it('refuses a bad seller: address, country, webhook URL', async () => {
      for (const body of [
        { extRef: 'x', name: 'X', email: 'nope', country: 'DE' },
        { extRef: 'x', name: 'X', email: 'x@example.com', country: 'Germany' },
        { extRef: 'x', name: 'X', email: 'x@example.com', country: 'de' },
        { extRef: 'x', name: 'X', email: 'x@example.com', country: 'DE', webhookUrl: 'ftp://example.com' },
      ]) {
        const r = await post('/api/v2/account-owners', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.json.result.errors.code).toMatch(/^5000\.100/);
      }
    });

    it('another platform sees 404 for the seller and its moves; no key is 401', async () => {
      const o = await owner('private-1');
      expect((await get(`/api/v2/account-owners/${o.accountOwnerCode}`, otherKey)).status).toBe(404);
      const move = await post(
        `/api/v2/sandbox/account-owners/${o.accountOwnerCode}/kyc-status`,
        { status: 'IN_PROGRESS' },
        otherKey,
      );
      expect(move.status).toBe(404);
      expect((await get(`/api/v2/account-owners/${o.accountOwnerCode}`)).json.kycStatus).toBe('MISSING_DATA');
      expect((await get('/api/v2/account-owners', otherKey)).json.accountOwners).toEqual([]);
      for (const path of ['/api/v2/account-owners', '/api/v2/payouts', '/api/v2/split-transactions']) {
        const r = await gw.request('GET', path);
        expect(r.status).toBe(401);
        expect(r.json.result.errors.code).toBe('7300.3000');
      }
    });
  });

  describe('payouts', () => {
    it('need an ACTIVE seller; every move of the machine, and forbidden ones 409', async () => {
      const o = await owner('payee-1');
      const create = () =>
        post('/api/v2/payouts', { accountOwnerCode: o.accountOwnerCode, amount: 12.5, currency: 'EUR' });
      expect((await create()).status).toBe(400);
      for (const s of ['IN_PROGRESS', 'ACTIVE'])
        await post(`/api/v2/sandbox/account-owners/${o.accountOwnerCode}/kyc-status`, { status: s });
      const p = await create();
      expect(p.status).toBe(201);
      expect(p.json).toMatchObject({
        accountOwnerCode: o.accountOwnerCode,
        amount: 12.5,
        currency: 'EUR',
        status: 'WAITING',
      });
      const path = `/api/v2/sandbox/payouts/${p.json.payoutCode}/status`;
      expect((await post(path, { status: 'PROCESSED' })).status).toBe(409);
      for (const s of ['ACCEPTED', 'PROCESSED', 'RETURNED'])
        expect((await post(path, { status: s })).json.status).toBe(s);
      expect((await post(path, { status: 'CANCELLED' })).status).toBe(409);
      expect((await get(`/api/v2/payouts/${p.json.payoutCode}`)).json.status).toBe('RETURNED');
      expect((await get(`/api/v2/payouts/${p.json.payoutCode}`, otherKey)).status).toBe(404);
      const cancelled = await create();
      expect(
        (await post(`/api/v2/sandbox/payouts/${cancelled.json.payoutCode}/status`, { status: 'CANCELLED' })).json
          .status,
      ).toBe('CANCELLED');
      const failed = await create();
      const fpath = `/api/v2/sandbox/payouts/${failed.json.payoutCode}/status`;
      expect((await post(fpath, { status: 'FAILED' })).status).toBe(409);
      await post(fpath, { status: 'ACCEPTED' });
      expect((await post(fpath, { status: 'FAILED', reason: 'bank refused' })).json).toMatchObject({
        status: 'FAILED',
        reason: 'bank refused',
      });
    });

    it('refuses excess precision and an unknown currency', async () => {
      const o = await owner('payee-2');
      expect(
        (await post('/api/v2/payouts', { accountOwnerCode: o.accountOwnerCode, amount: 1.234, currency: 'EUR' }))
          .status,
      ).toBe(400);
      const cur = await post('/api/v2/payouts', { accountOwnerCode: o.accountOwnerCode, amount: 1, currency: 'XYZ' });
      expect(cur.json.result.errors.code).toBe('5000.1004');
    });
  });

  describe('split transactions', () => {
    it('split a Sale within its amount, move through the machine, and give back a cancelled split', async () => {
      const [a, b] = [await owner('split-a'), await owner('split-b')];
      const tx = await sale(100);
      const create = (amounts: number[], extRef = 'order-1') =>
        post('/api/v2/split-transactions', {
          transactionId: tx,
          extRef,
          splits: amounts.map((amount, i) => ({ accountOwnerCode: [a, b][i]!.accountOwnerCode, amount })),
        });
      const s = await create([60, 30.5]);
      expect(s.status).toBe(201);
      expect(s.json).toMatchObject({
        transactionId: tx,
        transactionType: 'Sale',
        amount: 90.5,
        currency: 'EUR',
        status: 'PENDING_SPLIT',
        virtualAccountCodes: [a.virtualAccountCode, b.virtualAccountCode],
      });
      const over = await create([9, 1]);
      expect(over.status).toBe(400);
      expect(over.json.result.errors.reason).toMatch(/exceed what remains of the settled amount \(9\.50 EUR\)/);
      expect((await create([9.5])).status).toBe(201);
      const path = `/api/v2/sandbox/split-transactions/${s.json.splitCode}/status`;
      expect((await post(path, { status: 'RECONCILED' })).status).toBe(409);
      expect((await post(path, { status: 'PENDING_SETTLEMENT' })).json.status).toBe('PENDING_SETTLEMENT');
      expect((await post(path, { status: 'CANCELLED' })).json.status).toBe('CANCELLED');
      expect((await post(path, { status: 'PENDING_SETTLEMENT' })).status).toBe(409);
      // the cancelled 90.50 is free again
      const again = await create([90.5], 'order-2');
      expect(again.status).toBe(201);
      const apath = `/api/v2/sandbox/split-transactions/${again.json.splitCode}/status`;
      for (const st of ['PENDING_SETTLEMENT', 'RECONCILED'])
        expect((await post(apath, { status: st })).json.status).toBe(st);
      expect((await post(apath, { status: 'CANCELLED' })).status).toBe(409);
      expect((await get(`/api/v2/split-transactions/${again.json.splitCode}`)).json.status).toBe('RECONCILED');
      expect((await get(`/api/v2/split-transactions/${again.json.splitCode}`, otherKey)).status).toBe(404);
    });

    it('concurrent splits never consume more than the settled amount', async () => {
      const a = await owner('race-a');
      const tx = await sale(50);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post('/api/v2/split-transactions', {
            transactionId: tx,
            extRef: `race-${i}`,
            splits: [{ accountOwnerCode: a.accountOwnerCode, amount: 7 }],
          }),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(7);
      expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
      const list = await get('/api/v2/split-transactions?limit=500');
      const total = list.json.splitTransactions
        .filter((s: { transactionId: string }) => s.transactionId === tx)
        .reduce((sum: number, s: { amount: number }) => sum + s.amount, 0);
      expect(total).toBe(49);
    });

    it('refuses a payment of another platform, an unknown one, an unknown seller, a repeated seller', async () => {
      const a = await owner('guard-a');
      const tx = await sale(10);
      const split = (body: Record<string, unknown>, headers: Record<string, string> = key()) =>
        post(
          '/api/v2/split-transactions',
          { transactionId: tx, extRef: 'g', splits: [{ accountOwnerCode: a.accountOwnerCode, amount: 1 }], ...body },
          headers,
        );
      expect((await split({}, otherKey)).status).toBe(404);
      expect((await split({ transactionId: '999999999' })).status).toBe(404);
      expect((await split({ transactionId: 'abc' })).status).toBe(400);
      expect((await split({ splits: [{ accountOwnerCode: 'AO000', amount: 1 }] })).status).toBe(400);
      const twice = await split({
        splits: [
          { accountOwnerCode: a.accountOwnerCode, amount: 1 },
          { accountOwnerCode: a.accountOwnerCode, amount: 1 },
        ],
      });
      expect(twice.json.result.errors.reason).toMatch(/more than once/);
      expect((await split({ splits: [] })).status).toBe(400);
    });
  });
});

describe('production mode', () => {
  it('answers 404 for the sandbox moves and serves the resources', async () => {
    const gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
    try {
      const o = await gw.request('POST', '/api/v2/account-owners', {
        headers: apiKey(gw),
        body: { extRef: 'p', name: 'P', email: 'p@example.com', country: 'FR' },
      });
      expect(o.status).toBe(201);
      const r = await gw.request('POST', `/api/v2/sandbox/account-owners/${o.json.accountOwnerCode}/kyc-status`, {
        headers: apiKey(gw),
        body: { status: 'IN_PROGRESS' },
      });
      expect(r.status).toBe(404);
      expect(r.json.result.status).toBe('error');
    } finally {
      await gw.close();
    }
  });
});
