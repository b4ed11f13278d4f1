import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import type { Minor } from '../../lib/money.js';
import { createEmailConfiguration } from './email-configuration.service.js';
import {
  createAccountOwner,
  createPayout,
  moveKycStatus,
  movePayoutStatus,
  setPlatformWebhookUrl,
} from './platform.service.js';
import { createSplitTransaction, moveSplitStatus } from './split.service.js';

/**
 * Each status change writes, in its own commit, a webhook per target (the seller's webhookUrl, else
 * the platform site's) and one e-mail per enabled configuration of its type; a refused move writes
 * nothing. Read straight from the outbox the relay works from.
 */
describe.each(dialects())('platform notifications in the outbox on %s', (dialect: DialectName) => {
  let gw: Gateway;
  const caller = () => ({ platformId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId });
  const rows = () => gw.rt.store.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();
  const ids = async () => new Set((await rows()).map((r) => r.id));
  /** the rows written since `before` was read; ids written within one millisecond need not sort after it */
  const addedSince = async (before: Set<string>) => (await rows()).filter((r) => !before.has(r.id));

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    const deps = gw.rt.deps;
    await createEmailConfiguration(deps, caller().platformId, {
      notificationType: 'KYC_STATUS_UPDATE',
      emails: 'a@example.com,b@example.com',
      enabled: true,
    });
    await createEmailConfiguration(deps, caller().platformId, {
      notificationType: 'KYC_STATUS_UPDATE',
      emails: 'c@example.com',
      enabled: true,
    });
    await createEmailConfiguration(deps, caller().platformId, {
      notificationType: 'KYC_STATUS_UPDATE',
      emails: 'off@example.com',
      enabled: false,
    });
    await createEmailConfiguration(deps, caller().platformId, {
      notificationType: 'PAYOUT_STATUS_UPDATE',
      emails: 'p@example.com',
      enabled: true,
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('a KYC move: one signed webhook to the seller and one e-mail per enabled KYC configuration; a refused move nothing', async () => {
    const deps = gw.rt.deps;
    const o = await createAccountOwner(deps, caller(), {
      extRef: 'n1',
      name: 'N1',
      email: 'n1@example.com',
      country: 'DE',
      webhookUrl: 'http://127.0.0.1:9/hooks',
    });
    const before = await ids();
    await moveKycStatus(deps, caller(), o.code, 'IN_PROGRESS', 'docs');
    const added = await addedSince(before);
    expect(added.filter((r) => r.kind === 'webhook').map((r) => [r.event_type, r.target_url])).toEqual([
      ['kyc.status_updated', 'http://127.0.0.1:9/hooks'],
    ]);
    const webhook = JSON.parse(added.find((r) => r.kind === 'webhook')!.payload);
    expect(webhook).toMatchObject({
      type: 'kyc.status_updated',
      data: {
        accountOwnerCode: o.code,
        extRef: 'n1',
        previousKycStatus: 'MISSING_DATA',
        kycStatus: 'IN_PROGRESS',
        reason: 'docs',
      },
    });
    const emails = added.filter((r) => r.kind === 'email');
    expect(emails.map((r) => r.target_url).sort()).toEqual([
      'mailto:a@example.com,b@example.com',
      'mailto:c@example.com',
    ]);
    expect(emails.every((r) => r.event_type === 'KYC_STATUS_UPDATE' && r.status === 'pending')).toBe(true);

    const count = (await rows()).length;
    await expect(moveKycStatus(deps, caller(), o.code, 'MISSING_DATA')).rejects.toThrow(
      /from IN_PROGRESS to MISSING_DATA/,
    );
    expect((await rows()).length).toBe(count);
  });

  it('a seller without a webhookUrl: the site’s webhookUrl, or no webhook at all', async () => {
    const deps = gw.rt.deps;
    const o = await createAccountOwner(deps, caller(), {
      extRef: 'n2',
      name: 'N2',
      email: 'n2@example.com',
      country: 'DE',
    });
    let before = await ids();
    await moveKycStatus(deps, caller(), o.code, 'IN_PROGRESS');
    expect((await addedSince(before)).filter((r) => r.kind === 'webhook')).toHaveLength(0);
    await setPlatformWebhookUrl(deps, caller().siteId, 'http://127.0.0.1:9/platform');
    before = await ids();
    await moveKycStatus(deps, caller(), o.code, 'ACTIVE');
    const hooks = (await addedSince(before)).filter((r) => r.kind === 'webhook');
    expect(hooks.map((r) => r.target_url)).toEqual(['http://127.0.0.1:9/platform']);
    await setPlatformWebhookUrl(deps, caller().siteId, null);
  });

  it('payout and split moves write payout.status_updated and transaction.status_updated, and e-mails only where configured', async () => {
    const deps = gw.rt.deps;
    const o = await createAccountOwner(deps, caller(), {
      extRef: 'n3',
      name: 'N3',
      email: 'n3@example.com',
      country: 'DE',
      webhookUrl: 'http://127.0.0.1:9/n3',
    });
    await moveKycStatus(deps, caller(), o.code, 'IN_PROGRESS');
    await moveKycStatus(deps, caller(), o.code, 'ACTIVE');
    const p = await createPayout(deps, caller(), { accountOwnerCode: o.code, amount: 500 as Minor, currency: 'EUR' });
    let before = await ids();
    await movePayoutStatus(deps, caller(), p.code, 'ACCEPTED');
    let added = await addedSince(before);
    expect(added.map((r) => [r.kind, r.event_type])).toEqual(
      expect.arrayContaining([
        ['webhook', 'payout.status_updated'],
        ['email', 'PAYOUT_STATUS_UPDATE'],
      ]),
    );
    expect(added).toHaveLength(2);

    // a payment of the demo merchant, approved, to split (written as the payment code writes it)
    const r = await gw.request('POST', '/payment-api/payments', {
      headers: { 'x-api-key': gw.demo.apiKey },
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Sale',
        amount: 10,
        currency: 'EUR',
        paymentOption: {
          card: {
            cardNumber: '4761344136141390',
            cardHolderName: 'J Smith',
            expirationMonth: '12',
            expirationYear: '2030',
            CVV: '123',
          },
        },
      },
    });
    expect(r.json.result.status).toBe('approved');
    const s = await createSplitTransaction(deps, caller(), {
      transactionId: String(r.json.transactionId),
      extRef: 'n3-split',
      splits: [{ accountOwnerCode: o.code, amount: () => 1000 as Minor }],
    });
    before = await ids();
    await moveSplitStatus(deps, caller(), s.code, 'PENDING_SETTLEMENT');
    added = await addedSince(before);
    // no TRANSACTION_STATUS_UPDATE configuration here: the webhook alone
    expect(added.map((x) => [x.kind, x.event_type, x.transaction_id])).toEqual([
      ['webhook', 'transaction.status_updated', String(r.json.transactionId)],
    ]);
    expect(JSON.parse(added[0]!.payload).data).toMatchObject({
      splitCode: s.code,
      status: 'PENDING_SETTLEMENT',
      previousStatus: 'PENDING_SPLIT',
      virtualAccountCodes: [o.virtualAccountCode],
      paymentReference: String(r.json.transactionId),
      mutationReference: `${s.code}-1`,
    });
  });
});
