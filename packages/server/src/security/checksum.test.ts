import { createHash } from 'node:crypto';
import { CHECKSUM_FIELDS as KIT_FIELDS, checksum as kitChecksum } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { Secret } from '../lib/secret.js';
import { CHECKSUM_FIELDS, checksumValues, sessionChecksum, verifySessionChecksum } from './checksum.js';

const secret = new Secret('s3cr3t');
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('session checksum', () => {
  it('is the lowercase hex SHA-256 of the values in order, then the secret', () => {
    const body = {
      timeStamp: '20260101120000',
      currency: 'EUR',
      amount: '10.00',
      merchantSiteId: '22',
      merchantId: '11',
      clientRequestId: 'r1',
    };
    expect(sessionChecksum(checksumValues('openOrder', body), secret)).toBe(sha('1122r110.00EUR20260101120000s3cr3t'));
  });

  it('skips fields absent from the request (and null ones)', () => {
    const body = { merchantId: '11', merchantSiteId: '22', clientRequestId: null, timeStamp: '20260101120000' };
    expect(checksumValues('openOrder', body)).toEqual(['11', '22', '20260101120000']);
  });

  it('ignores members that are not in the method order', () => {
    const a = checksumValues('openOrder', { merchantId: '1', clientUniqueId: 'x', billingAddress: { country: 'DE' } });
    expect(a).toEqual(['1']);
  });

  it('takes urlDetails values in the order successUrl, failureUrl, pendingUrl, notificationUrl', () => {
    const body = {
      merchantId: 'm',
      urlDetails: { notificationUrl: 'n', pendingUrl: 'p', successUrl: 's', appUrl: 'ignored', failureUrl: 'f' },
      timeStamp: 't',
    };
    expect(checksumValues('refundTransaction', body)).toEqual(['m', 's', 'f', 'p', 'n', 't']);
    expect(checksumValues('settleTransaction', { urlDetails: { pendingUrl: 'p' } })).toEqual(['p']);
  });

  it('follows the orders of docs/session-api.md for every method', () => {
    expect(CHECKSUM_FIELDS.getSessionToken).toEqual(['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp']);
    expect(CHECKSUM_FIELDS.settleTransaction).toEqual([
      'merchantId',
      'merchantSiteId',
      'clientRequestId',
      'clientUniqueId',
      'amount',
      'currency',
      'relatedTransactionId',
      'authCode',
      'descriptorMerchantName',
      'descriptorMerchantPhone',
      'comment',
      'urlDetails',
      'timeStamp',
    ]);
    expect(CHECKSUM_FIELDS.voidTransaction).toEqual(
      CHECKSUM_FIELDS.settleTransaction.filter((f) => !f.startsWith('descriptor')),
    );
    expect(CHECKSUM_FIELDS.deleteUPO).toEqual([
      'merchantId',
      'merchantSiteId',
      'userTokenId',
      'clientRequestId',
      'userPaymentOptionId',
      'timeStamp',
    ]);
  });

  it('matches @gatehouse/client for every method', () => {
    expect(Object.keys(KIT_FIELDS).sort()).toEqual(Object.keys(CHECKSUM_FIELDS).sort());
    for (const m of Object.keys(CHECKSUM_FIELDS) as Array<keyof typeof CHECKSUM_FIELDS>) {
      expect(KIT_FIELDS[m], m).toEqual(CHECKSUM_FIELDS[m]);
    }
    const values = ['1', '2', '3'];
    expect(kitChecksum(values, 's3cr3t')).toBe(sessionChecksum(values, secret));
  });

  it('verifies in constant time, accepting upper-case hex, refusing any other value', () => {
    const body = { merchantId: '11', merchantSiteId: '22', timeStamp: '20260101120000' };
    const good = sessionChecksum(checksumValues('getSessionToken', body), secret);
    expect(verifySessionChecksum('getSessionToken', body, secret, good)).toBe(true);
    expect(verifySessionChecksum('getSessionToken', body, secret, good.toUpperCase())).toBe(true);
    expect(verifySessionChecksum('getSessionToken', body, secret, good.slice(1))).toBe(false);
    expect(verifySessionChecksum('getSessionToken', body, new Secret('other'), good)).toBe(false);
    expect(verifySessionChecksum('getSessionToken', { ...body, timeStamp: '20260101120001' }, secret, good)).toBe(
      false,
    );
  });
});
