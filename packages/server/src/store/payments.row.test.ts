import { describe, expect, it } from 'vitest';
import type { Minor } from '../lib/money.js';
import { transactionObject } from '../domain/payments/transaction.object.js';
import type { NewTransaction } from '../domain/payments/transaction.types.js';
import { insertedTransaction, toTransaction, transactionValues } from './payments.row.js';

/**
 * The transaction the insert answers is the row read back (docs/decisions/0668): the same members, the
 * same values, in the same order (one hidden class for both).
 */

const card = {
  maskedCardNumber: '4761****1390',
  bin: '476134',
  last4Digits: '1390',
  expirationMonth: '12',
  expirationYear: '2030',
  cardHolderName: 'John Smith',
  cardBrand: 'visa',
  cardType: 'Credit',
  issuerCountry: 'GB',
};

const newTransaction = (over: Partial<NewTransaction> = {}): NewTransaction => ({
  merchantId: 'm1',
  siteId: 's1',
  entityId: null,
  interface: 'rest',
  orderId: 42,
  sessionId: 'sess',
  partialApproval: false,
  authCode: null,
  cvv2Code: null,
  avsCode: null,
  externalTransactionId: null,
  errorCode: null,
  errorReason: null,
  clientUniqueId: 'cu-1',
  clientRequestId: null,
  merchantTransactionId: null,
  productId: null,
  userTokenId: null,
  webhookUrl: null,
  notificationUrl: null,
  createdAt: 1_700_000_000_000,
  status: 'pending',
  threeD: null,
  type: 'Sale',
  relatedTransactionId: null,
  amount: 1500 as Minor,
  requestedAmount: 1500 as Minor,
  currency: 'EUR',
  cardVaultId: null,
  card,
  ...over,
});

const readBack = (t: NewTransaction, id: number, cardVaultId = t.cardVaultId) =>
  toTransaction({
    id,
    ...transactionValues({ ...t, cardVaultId }),
    settled_minor: 0,
    refunded_minor: 0,
    voided_by: null,
  });

describe('the transaction an insert answers', () => {
  it('is the row read back: every member, in the same order', () => {
    const t = newTransaction();
    const inserted = insertedTransaction(t, 7);
    expect(inserted).toStrictEqual(readBack(t, 7));
    expect(Object.keys(inserted)).toEqual(Object.keys(readBack(t, 7)));
  });

  it('with a vaulted card: the card vault id the insert set', () => {
    const t = newTransaction();
    expect(insertedTransaction(t, 8, { cardVaultId: 3 })).toStrictEqual(readBack(t, 8, 3));
  });

  it('with processing options and an APM record, as stored', () => {
    const t = newTransaction({
      options: { isRebilling: true } as NewTransaction['options'],
      apm: null,
      awaiting: null,
    });
    expect(insertedTransaction(t, 9)).toStrictEqual(readBack(t, 9));
  });
});

describe('transactionObject', () => {
  it('takes a member from `over` when it is not undefined, else from the transaction', () => {
    const t = newTransaction();
    const stored = { id: '5', settled: 0 as Minor, refunded: 0 as Minor, voidedBy: null, updatedAt: 1 };
    const o = transactionObject(t, stored, {
      status: 'approved',
      amount: undefined,
      authCode: '111111',
      awaiting: null,
    });
    expect(o.status).toBe('approved');
    expect(o.amount).toBe(1500);
    expect(o.authCode).toBe('111111');
    expect(o.id).toBe('5');
    expect(o.apm).toBeNull();
    expect(o.options).toBeNull();
  });
});
