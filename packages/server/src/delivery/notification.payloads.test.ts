import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../test/notify-verify.js';
import type { Minor } from '../lib/money.js';
import { dmnChecksum, dmnNotification, dmnParams, dmnTimeStamp, signedDmnBody } from './dmn.payload.js';
import type { TransactionOutcome } from '../domain/notifications/notification.types.js';
import { webhookBody, webhookNotification } from './webhook.payload.js';
import {
  formatWebhookSecret,
  webhookHeaders,
  webhookSecretKey,
  webhookSignature,
} from '../domain/notifications/webhook.signer.js';

const SECRET = formatWebhookSecret(Buffer.from('0123456789abcdef0123456789abcdef'));
const AT = Date.UTC(2026, 2, 4, 9, 5, 7, 123);

const outcome: TransactionOutcome = {
  merchantId: '123456789012345678',
  siteId: '1234567890',
  orderId: 100000042,
  sessionId: 'sess-1',
  transactionId: '7110000000001234567',
  pppTransactionId: '5550001',
  transactionType: 'Sale',
  status: 'DECLINED',
  amount: 1050 as Minor,
  currency: 'EUR',
  at: AT,
  errCode: -1,
  exErrCode: 1005,
  reason: 'Decline',
  productId: 'shoes & socks',
  clientUniqueId: 'cu-1',
  clientRequestId: 'cr-1',
  customData: 'a=b',
  customFields: ['one', 'two'],
  paymentMethod: 'cc_card',
  authCode: '',
  card: { nameOnCard: 'John Smith', bin: '400012', last4Digits: '8204' },
};

describe('Standard Webhooks signer', () => {
  it('signs "id.timestamp.body" with HMAC-SHA256 of the base64 key, verifiable with the standardwebhooks package', () => {
    const body = webhookBody('transaction.approved', AT, { a: 1 });
    const ts = Math.floor(AT / 1000);
    const headers = webhookHeaders([SECRET], 'ntf_1', ts, body);
    const mac = createHashHmac(Buffer.from('0123456789abcdef0123456789abcdef'), `ntf_1.${ts}.${body}`);
    expect(headers).toEqual({
      'webhook-id': 'ntf_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': `v1,${mac}`,
    });
    expect(verifyWebhook(SECRET, { headers, body, clockAt: AT })).toEqual(JSON.parse(body));
  });

  it('puts one signature per secret, space-separated: either secret verifies', () => {
    const other = formatWebhookSecret(Buffer.alloc(32, 9));
    const body = '{"x":1}';
    const sec = Math.floor(AT / 1000);
    const h = webhookHeaders([other, SECRET], 'ntf_2', sec, body);
    expect(h['webhook-signature']).toBe(
      `${webhookSignature(other, 'ntf_2', sec, body)} ${webhookSignature(SECRET, 'ntf_2', sec, body)}`,
    );
    const rec = { headers: h, body, clockAt: AT };
    expect(verifyWebhook(SECRET, rec)).toEqual({ x: 1 });
    expect(verifyWebhook(other, rec)).toEqual({ x: 1 });
    expect(() => verifyWebhook(formatWebhookSecret(Buffer.alloc(32, 1)), rec)).toThrow();
    // The receiver's tolerance: more than 5 minutes apart, refused.
    expect(() => verifyWebhook(SECRET, { ...rec, clockAt: AT + 6 * 60_000 })).toThrow(/too old/);
  });

  it('refuses malformed secrets and signing without a secret', () => {
    expect(() => webhookSecretKey('abc')).toThrow(/whsec_/);
    expect(() => webhookSecretKey('whsec_' + Buffer.alloc(8).toString('base64'))).toThrow(/24 to 64/);
    expect(() => webhookHeaders([], 'id', 1, '')).toThrow(/no webhook secret/);
  });

  it('builds the webhook body {type, timestamp, data}', () => {
    const e = webhookNotification({
      dedupeKey: 'k',
      merchantId: 'm',
      siteId: 's',
      orderId: 1,
      sessionId: 'sid',
      transactionId: 't',
      url: 'https://example.com/h',
      type: 'transaction.approved',
      data: { sessionId: 'sid', merchantTransactionId: 'mt' },
      at: AT,
    });
    expect(JSON.parse(e.payload)).toEqual({
      type: 'transaction.approved',
      timestamp: '2026-03-04T09:05:07.123Z',
      data: { sessionId: 'sid', merchantTransactionId: 'mt' },
    });
    expect(e).toMatchObject({ kind: 'webhook', eventType: 'transaction.approved', targetUrl: 'https://example.com/h' });
  });
});

describe('DMN builder', () => {
  it('formats responseTimeStamp as YYYY-MM-DD.HH:MM:SS in UTC', () => {
    expect(dmnTimeStamp(AT)).toBe('2026-03-04.09:05:07');
  });

  it('names the parameters as the real gateway does, in order, amounts with the currency exponent', () => {
    expect(dmnParams(outcome)).toEqual([
      ['ppp_status', 'FAIL'],
      ['Status', 'DECLINED'],
      ['ErrCode', '-1'],
      ['ExErrCode', '1005'],
      ['Reason', 'Decline'],
      ['PPP_TransactionID', '5550001'],
      ['TransactionID', '7110000000001234567'],
      ['transactionType', 'Sale'],
      ['totalAmount', '10.50'],
      ['currency', 'EUR'],
      ['responseTimeStamp', '2026-03-04.09:05:07'],
      ['productId', 'shoes & socks'],
      ['merchant_unique_id', 'cu-1'],
      ['clientUniqueId', 'cu-1'],
      ['clientRequestId', 'cr-1'],
      ['customData', 'a=b'],
      ['customField1', 'one'],
      ['customField2', 'two'],
      ['payment_method', 'cc_card'],
      ['AuthCode', ''],
      ['nameOnCard', 'John Smith'],
      ['bin', '400012'],
      ['last4Digits', '8204'],
      ['merchant_id', '123456789012345678'],
      ['merchant_site_id', '1234567890'],
    ]);
    const approved = dmnParams({
      ...outcome,
      status: 'APPROVED',
      amount: 1500 as Minor,
      currency: 'JPY',
      productId: undefined,
    });
    expect(Object.fromEntries(approved)).toMatchObject({ ppp_status: 'OK', totalAmount: '1500', productId: '' });
  });

  it('advanceResponseChecksum = sha256(secret + totalAmount + currency + responseTimeStamp + PPP_TransactionID + Status + productId)', () => {
    const e = dmnNotification(outcome, 'https://example.com/dmn');
    expect(e).toMatchObject({
      kind: 'dmn',
      dedupeKey: 'dmn:5550001:DECLINED',
      eventType: 'transaction.declined',
      orderId: 100000042,
    });
    expect(new URLSearchParams(e.payload).has('advanceResponseChecksum')).toBe(false);
    const body = signedDmnBody(e.payload, 'SECRETKEY');
    const f = Object.fromEntries(new URLSearchParams(body));
    const want = createHash('sha256')
      .update('SECRETKEY10.50EUR2026-03-04.09:05:075550001DECLINEDshoes & socks')
      .digest('hex');
    expect(f.advanceResponseChecksum).toBe(want);
    expect(dmnChecksum('SECRETKEY', new URLSearchParams(body))).toBe(want);
    // The form survives encoding: '&' in a value does not split it.
    expect(f.productId).toBe('shoes & socks');
  });
});

function createHashHmac(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64');
}
