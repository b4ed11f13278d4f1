import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createEntity, createMerchant } from '../src/domain/merchants/merchant.service.js';
import { dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';

/** What the control panel does to money, keys and the audit log (docs/dashboard.md). */
describe.each(dialects())('dashboard operations on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  let other: { apiKey: string; entityId: string; keyId: string };
  const pay = (body: Record<string, unknown>, key = gw.demo.apiKey, entityId = gw.demo.processingEntityId) =>
    gw.request('POST', '/payment-api/payments', {
      headers: { 'x-api-key': key },
      body: {
        processingEntityId: entityId,
        currency: 'EUR',
        amount: 10,
        transactionType: 'Sale',
        paymentOption: { card: wireCard('5555555555554444') },
        ...body,
      },
    });
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 5, 9) });
    admin = await signInDemo(gw);
    const deps = gw.rt.deps;
    const m = await createMerchant(deps, { name: 'Other Merchant' });
    const entity = await createEntity(deps, { merchantId: m.merchant.id, name: 'Other Entity' });
    const k = await createApiKey(deps, { entityId: entity.id, siteId: m.site.id, type: 'operations' });
    other = { apiKey: k.plaintext.expose(), entityId: entity.id, keyId: k.key.id };
  });
  afterAll(async () => {
    await gw.close();
  });

  it('answers another merchant’s transaction and key with 404, and never lists them', async () => {
    const theirs = await pay({}, other.apiKey, other.entityId);
    expect(theirs.json.result.status, theirs.text).toBe('approved');
    const id = theirs.json.transactionId as string;
    expect((await admin.call('GET', `/transactions/${id}`)).status).toBe(404);
    const refund = await admin.call('POST', `/transactions/${id}/refund`, { amount: '1.00' });
    expect(refund.status).toBe(404);
    expect(refund.json.error.code).toBe('not_found');
    expect((await admin.call('GET', `/transactions?query=${id}`)).json.items).toEqual([]);
    expect((await admin.call('PATCH', `/keys/${other.keyId}`, { label: 'mine now' })).status).toBe(404);
    expect((await admin.call('DELETE', `/keys/${other.keyId}`)).status).toBe(404);
    const keys = await admin.call('GET', '/keys');
    expect(JSON.stringify(keys.json)).not.toContain(other.keyId);
    const create = await admin.call('POST', '/keys', { entityId: other.entityId, type: 'operations' });
    expect(create.status).toBe(404);
  });

  it('shows a new key once: it creates an order, and is refused after its revocation', async () => {
    const made = await admin.call('POST', '/keys', {
      entityId: gw.demo.processingEntityId,
      type: 'operations',
      label: 'shop backend',
    });
    expect(made.status).toBe(201);
    const plaintext = made.json.plaintext as string;
    expect(plaintext).toMatch(/^gh_key_/);
    expect(made.json.key).toMatchObject({ label: 'shop backend', type: 'operations', revokedAt: null });
    // the hint: the id's first and last characters, never the whole of anything a caller sends
    const [head, tail] = (made.json.key.hint as string).split('…') as [string, string];
    expect(plaintext.startsWith(head)).toBe(true);
    expect(made.json.key.id.endsWith(tail)).toBe(true);
    expect(made.json.key.hint).not.toMatch(/gh_key_[A-Za-z0-9_-]{20,}/);
    const listed = await admin.call('GET', '/keys');
    expect(listed.text).not.toContain(plaintext);
    expect(listed.text).not.toContain(plaintext.slice(-40));
    const order = await gw.request('POST', '/orders', { headers: { 'x-api-key': plaintext }, body: validOrder(gw) });
    expect(order.status, order.text).toBe(201);
    const relabelled = await admin.call('PATCH', `/keys/${made.json.key.id}`, { label: 'renamed' });
    expect(relabelled.json.key.label).toBe('renamed');
    const revoked = await admin.call('DELETE', `/keys/${made.json.key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.key.revokedAt).not.toBeNull();
    const refused = await gw.request('POST', '/orders', { headers: { 'x-api-key': plaintext }, body: validOrder(gw) });
    expect(refused.status).toBe(401);
    expect(refused.json.result.errors.code).toBe('7300.3000');
  });

  it('refunds part of a sale: the refund is in the timeline, and the next refund sees what remains', async () => {
    const sale = await pay({ amount: 10 });
    const saleId = sale.json.transactionId as string;
    const before = await admin.call('GET', `/transactions/${saleId}`);
    expect(before.json.actions).toEqual({ settle: null, refund: { max: '10.00' }, void: true });
    const refund = await admin.call('POST', `/transactions/${saleId}/refund`, { amount: '4.00' });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.json.transaction).toMatchObject({
      type: 'Refund',
      status: 'APPROVED',
      amount: '4.00',
      currency: 'EUR',
    });
    const detail = await admin.call('GET', `/transactions/${saleId}`);
    expect(detail.json.timeline.map((t: { type: string; amount: string }) => [t.type, t.amount])).toEqual([
      ['Sale', '10.00'],
      ['Refund', '4.00'],
    ]);
    expect(detail.json.actions.refund).toEqual({ max: '6.00' });
    // the same domain state through the REST API: what remains refundable is 6.00
    const tooMuch = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Refund',
        relatedTransactionId: saleId,
        amount: 6.01,
        currency: 'EUR',
      },
    });
    expect(tooMuch.json.result.errors.reason).toMatch(/exceeds what remains settled \(6\.00 EUR\)/);
    const over = await admin.call('POST', `/transactions/${saleId}/refund`, { amount: '6.01' });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('conflict');
  });

  it('settles an auth in part and refuses to void a settled sale with 409', async () => {
    const auth = await pay({ transactionType: 'Auth', amount: 20 });
    const settle = await admin.call('POST', `/transactions/${auth.json.transactionId}/settle`, { amount: '15.50' });
    expect(settle.json.transaction).toMatchObject({ type: 'Settle', amount: '15.50', status: 'APPROVED' });
    const sale = await pay({ amount: 5 });
    await admin.call('POST', `/transactions/${sale.json.transactionId}/refund`, { amount: '5.00' });
    const v = await admin.call('POST', `/transactions/${sale.json.transactionId}/void`, {});
    expect(v.status).toBe(409);
  });

  it('lets a finance user refund, and a viewer only read', async () => {
    const sale = await pay({ amount: 3 });
    const finance = await userWithRole(gw, admin, 'finance');
    const viewer = await userWithRole(gw, admin, 'viewer');
    const seen = await viewer.browser.call('GET', `/transactions/${sale.json.transactionId}`);
    expect(seen.json.actions).toEqual({ settle: null, refund: null, void: false });
    const r = await finance.browser.call('POST', `/transactions/${sale.json.transactionId}/refund`, { amount: '3' });
    expect(r.json.transaction.amount).toBe('3.00');
  });

  it('searches newest first by status, type, last4, amount and query, and pages by cursor', async () => {
    const declined = await pay({ amount: 7.77, paymentOption: { card: wireCard('4000000000000002') } });
    const d = await admin.call('GET', '/transactions?status=DECLINED');
    expect(d.json.items.map((t: { id: string }) => t.id)).toContain(declined.json.transactionId);
    expect(d.json.items.every((t: { status: string }) => t.status === 'DECLINED')).toBe(true);
    const byLast4 = await admin.call('GET', '/transactions?last4=0002');
    expect(byLast4.json.items.map((t: { id: string }) => t.id)).toEqual([declined.json.transactionId]);
    const amounts = await admin.call('GET', '/transactions?minAmount=7.7&maxAmount=7.8');
    expect(amounts.json.items.map((t: { amount: string }) => t.amount)).toEqual(['7.77']);
    const byId = await admin.call('GET', `/transactions?query=${declined.json.transactionId}`);
    expect(byId.json.items).toHaveLength(1);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await admin.call('GET', `/transactions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      expect(page.json.items.length).toBeLessThanOrEqual(2);
      all.push(...page.json.items.map((t: { id: string }) => t.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(all).toEqual([...all].sort((a, b) => Number(b) - Number(a)));
    const whole = await admin.call('GET', '/transactions?limit=100');
    expect(all).toEqual(whole.json.items.map((t: { id: string }) => t.id));
    const later = new Date(gw.clock.now() + 60_000).toISOString();
    const earlier = new Date(gw.clock.now() - 60_000).toISOString();
    expect((await admin.call('GET', `/transactions?from=${later}`)).json.items).toEqual([]);
    expect((await admin.call('GET', `/transactions?to=${earlier}`)).json.items).toEqual([]);
    const window = await admin.call('GET', `/transactions?from=${earlier}&to=${later}&limit=100`);
    expect(window.json.items).toEqual(whole.json.items);
    expect((await admin.call('GET', '/transactions?cursor=not-a-cursor')).json.error).toMatchObject({
      code: 'invalid',
      field: 'cursor',
    });
    expect((await admin.call('GET', '/transactions?limit=101')).status).toBe(400);
    const sale = await pay({ amount: 2 });
    await admin.call('POST', `/transactions/${sale.json.transactionId}/refund`, { amount: '1.00' });
    const refunds = await admin.call('GET', '/transactions?type=Refund');
    expect(refunds.json.items.length).toBeGreaterThan(0);
    expect(refunds.json.items.every((t: { type: string }) => t.type === 'Refund')).toBe(true);
  });

  it('writes every change to the audit log, newest first, with who and what', async () => {
    const key = await admin.call('POST', '/keys', { entityId: gw.demo.processingEntityId, type: 'dispute' });
    await admin.call('PATCH', `/keys/${key.json.key.id}`, { label: 'audited' });
    await admin.call('DELETE', `/keys/${key.json.key.id}`);
    const auth = await pay({ transactionType: 'Auth', amount: 8 });
    const settle = await admin.call('POST', `/transactions/${auth.json.transactionId}/settle`, {});
    await admin.call('POST', `/transactions/${settle.json.transaction.id}/refund`, { amount: '2.50' });
    const sale = await pay({ amount: 1 });
    await admin.call('POST', `/transactions/${sale.json.transactionId}/void`, {});
    const user = await userWithRole(gw, admin, 'viewer');
    await admin.call('DELETE', `/users/${user.id}`);
    const audit = await admin.call('GET', '/audit');
    expect(audit.status).toBe(200);
    const recent = audit.json.items
      .filter((e: { userEmail: string }) => e.userEmail === 'demo@gatehouse.local')
      .slice(0, 8)
      .map((e: { action: string; target: string }) => [e.action, e.target]);
    expect(recent).toEqual([
      ['user.delete', user.email],
      ['user.create', user.email],
      ['transaction.void', sale.json.transactionId],
      ['transaction.refund', settle.json.transaction.id],
      ['transaction.settle', auth.json.transactionId],
      ['key.revoke', key.json.key.id],
      ['key.update', key.json.key.id],
      ['key.create', key.json.key.id],
    ]);
    const refund = audit.json.items.find((e: { action: string }) => e.action === 'transaction.refund');
    expect(refund.detail).toMatchObject({ amount: '2.50', currency: 'EUR', status: 'APPROVED' });
    expect(audit.json.items.map((e: { action: string }) => e.action)).toContain('session.create');
    expect(audit.json.items[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists the merchant’s notifications with their attempts, pages them, and resends one', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await gw.request('POST', '/admin/v1/test-notifications', {
        headers: apiKey(gw),
        body: { kind: i === 0 ? 'dmn' : 'webhook', url: `https://shop.example/hook/${i}` },
      });
      expect(r.status, r.text).toBeLessThan(300);
      ids.push(r.json.id as string);
    }
    const list = await admin.call('GET', '/notifications');
    expect(list.status).toBe(200);
    const listed = list.json.items.map((n: { id: string }) => n.id);
    for (const id of ids) expect(listed).toContain(id);
    const webhook = list.json.items.find((n: { id: string }) => n.id === ids[2]);
    expect(webhook).toMatchObject({
      kind: 'webhook',
      event: 'test.notification',
      target: 'https://shop.example/hook/2',
      attempts: [],
      signature: null,
    });
    expect(typeof webhook.payload).toBe('string');
    const resent = await admin.call('POST', `/notifications/${ids[2]}/resend`);
    expect(resent.status, resent.text).toBe(202);
    expect(resent.json.id).toBe(ids[2]);
    const theirs = await admin.call('POST', '/notifications/ntf_not_ours/resend');
    expect(theirs.status).toBe(404);
    const audit = await admin.call('GET', '/audit');
    expect(audit.json.items[0]).toMatchObject({ action: 'notification.resend', target: ids[2] });
  });

  it('sends a test webhook or DMN from the merchant’s site to a URL: listed, audited; another merchant’s site is 404', async () => {
    const sent = await admin.call('POST', '/notifications/test', { kind: 'dmn', url: 'https://shop.example/test-dmn' });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toMatchObject({
      kind: 'dmn',
      event: 'test.notification',
      target: 'https://shop.example/test-dmn',
    });
    const list = await admin.call('GET', '/notifications');
    expect(list.json.items.map((n: { id: string }) => n.id)).toContain(sent.json.id);
    const audit = await admin.call('GET', '/audit');
    expect(audit.json.items[0]).toMatchObject({ action: 'notification.test', target: sent.json.id });
    const otherSite = (await gw.rt.deps.storage.read.merchants.listSites(undefined)).find(
      (s) => s.merchantId !== gw.demo.merchantId,
    )!;
    const theirs = await admin.call('POST', '/notifications/test', {
      kind: 'webhook',
      url: 'https://shop.example/x',
      siteId: otherSite.id,
    });
    expect(theirs.status).toBe(404);
    const bad = await admin.call('POST', '/notifications/test', { kind: 'webhook', url: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid');
  });
});

describe.each(dialects())('dashboard test notifications in production mode on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('are refused with 403 and the reason', async () => {
    const admin = await signInDemo(gw);
    const r = await admin.call('POST', '/notifications/test', { kind: 'webhook', url: 'https://shop.example/x' });
    expect(r.status).toBe(403);
    expect(r.json.error.message).toMatch(/sandbox mode only/);
  });
});
