import { createHash } from 'node:crypto';
import { buildWithdrawalRequest, withdrawalChecksumValues as kitValues } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { Secret } from '../lib/secret.js';
import { sessionChecksum } from './checksum.js';
import { hasBoolean, withdrawalChecksumValues } from './withdrawal-checksum.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('withdrawal call checksum (docs/session-api.md)', () => {
  const body = {
    timeStamp: '20260504100000',
    userTokenId: 'u1',
    merchantSiteId: '22',
    amount: '10.00',
    userDetails: { firstName: 'Ada', email: 'a@b.de' },
    wdRequestStatus: ['Pending', 'Error'],
    merchantId: '11',
    checksum: 'ignored',
    nothing: null,
    flag: true,
  };

  it('is merchantId, merchantSiteId, every other value in body order (nested flattened), timeStamp, then the secret', () => {
    expect(withdrawalChecksumValues(body)).toEqual([
      '11',
      '22',
      'u1',
      '10.00',
      'Ada',
      'a@b.de',
      'Pending',
      'Error',
      'true',
      '20260504100000',
    ]);
    expect(sessionChecksum(withdrawalChecksumValues(body), new Secret('s3'))).toBe(
      sha('1122u110.00Adaa@b.dePendingErrortrue20260504100000s3'),
    );
  });

  it('writes a boolean as the PHP SDK does when asked: true as 1, false as empty (docs/decisions/0123)', () => {
    expect(withdrawalChecksumValues({ ...body, off: false }, 'php')).toEqual([
      '11',
      '22',
      'u1',
      '10.00',
      'Ada',
      'a@b.de',
      'Pending',
      'Error',
      '1',
      '',
      '20260504100000',
    ]);
    expect(hasBoolean(body)).toBe(true);
    expect(hasBoolean({ a: { b: ['x', 1, null] } })).toBe(false);
  });

  it('is computed the same way by @gatehouse/client', () => {
    expect(kitValues(body)).toEqual(withdrawalChecksumValues(body));
    const creds = { merchantId: '11', merchantSiteId: '22', merchantSecretKey: 's3' };
    const signed = buildWithdrawalRequest(
      creds,
      { userTokenId: 'u1', wdRequestId: 5 },
      { now: new Date(Date.UTC(2026, 4, 4)) },
    );
    expect(Object.keys(signed)).toEqual([
      'merchantId',
      'merchantSiteId',
      'userTokenId',
      'wdRequestId',
      'timeStamp',
      'checksum',
    ]);
    expect(signed.checksum).toBe(sessionChecksum(withdrawalChecksumValues(signed), new Secret('s3')));
  });

  it('leaves out sourceApplication and webMasterId, which the PHP SDK appends after the checksum (server facts 1.3)', () => {
    const php = {
      merchantId: '1',
      merchantSiteId: '2',
      userTokenId: 'u',
      timeStamp: 't',
      checksum: 'c',
      sourceApplication: 'PHP_SDK',
      webMasterId: '8.2.10',
    };
    expect(withdrawalChecksumValues(php)).toEqual(['1', '2', 'u', 't']);
  });

  it('depends on the order of the members', () => {
    const a = { merchantId: '1', merchantSiteId: '2', x: 'a', y: 'b', timeStamp: 't' };
    const b = { merchantId: '1', merchantSiteId: '2', y: 'b', x: 'a', timeStamp: 't' };
    expect(withdrawalChecksumValues(a)).not.toEqual(withdrawalChecksumValues(b));
  });
});
