import { describe, expect, it } from 'vitest';
import {
  BadRequest,
  DuplicateRequest,
  Invalid,
  InvalidChecksum,
  InvalidCurrency,
  MethodNotEnabled,
  Missing,
  NotFound,
  SessionExpired,
  TransactionRefused,
  UnsupportedCurrency,
  WithdrawalLimitReached,
} from '../../domain/errors.js';
import { Type } from 'typebox';
import { withSubject } from '../../schemas/shared/subject.js';
import { schemaErrorToDomain } from '../validation.js';
import { domainToWire as restWire } from '../rest/errors.js';
import { domainToWire } from './errors.js';

describe('the one error catalogue on the session API (docs/decisions/0600)', () => {
  it('answers each refusal with its errCode and message', () => {
    const code = (e: Parameters<typeof domainToWire>[0]) => domainToWire(e).errCode;
    expect(code(new InvalidChecksum())).toBe(1001);
    expect(code(new NotFound('merchant', 'Invalid merchant ID'))).toBe(1013);
    expect(code(new NotFound('site', 'Invalid merchant site id'))).toBe(1022);
    expect(code(new NotFound('order', 'Invalid order ID'))).toBe(1057);
    expect(code(new NotFound('transaction'))).toBe(1000);
    expect(code(new SessionExpired())).toBe(1069);
    expect(code(new DuplicateRequest())).toBe(1066);
    expect(code(new BadRequest('Malformed JSON'))).toBe(1066);
    expect(code(new MethodNotEnabled('paymentOption.alternativePaymentMethod.paymentMethod', 'x is not enabled'))).toBe(
      1068,
    );
    expect(code(new UnsupportedCurrency('currency', 'Currency not supported: XDR'))).toBe(1070);
    expect(code(new TransactionRefused('voided', 'The transaction is voided'))).toBe(1058);
    expect(code(new WithdrawalLimitReached(1))).toBe(1058);
    expect(domainToWire(new NotFound('merchant', 'Invalid merchant ID')).reason).toBe('Invalid merchant ID');
  });

  it('gives a field error the errCode of its subject, never of its path', () => {
    const code = (e: Missing | Invalid | InvalidCurrency) => domainToWire(e).errCode;
    expect(code(new Missing('amount', 'amount'))).toBe(1040);
    expect(code(new Invalid('amount', 'is out of range'))).toBe(1019);
    expect(code(new Invalid('items[0].price', 'is out of range', 'amount'))).toBe(1040);
    expect(code(new InvalidCurrency('originalCurrency'))).toBe(1041);
    expect(code(new Invalid('cardData.cardNumber', 'is not a valid card number', 'card_number'))).toBe(1004);
    expect(code(new Invalid('paymentOption.card.expirationYear', 'the card has expired', 'card_expiry'))).toBe(1029);
    expect(code(new Invalid('paymentOption.card.CVV', 'must be 3 or 4 digits', 'card_cvv'))).toBe(1062);
    expect(code(new Missing('paymentOption', 'payment_option'))).toBe(1060);
    expect(code(new Invalid('userPMId', 'is not a payment option of this user', 'stored_option'))).toBe(1011);
  });

  it('reads the subject a schema gives its field with x-subject', () => {
    const amount = withSubject(Type.String({ maxLength: 12 }), 'amount');
    const body = Type.Object({ amount, note: Type.String({ maxLength: 12 }) });
    const required = schemaErrorToDomain({
      keyword: 'required',
      params: { missingProperty: 'amount' },
      parentSchema: body as never,
      instancePath: '',
    });
    expect(domainToWire(required)).toEqual({ errCode: 1040, reason: '[amount] must not be null' });
    const tooLong = (parentSchema: unknown, field: string) =>
      domainToWire(
        schemaErrorToDomain({
          keyword: 'maxLength',
          params: { limit: 12 },
          parentSchema: parentSchema as never,
          instancePath: `/${field}`,
        }),
      );
    expect(tooLong(amount, 'amount').errCode).toBe(1040);
    expect(tooLong(body.properties.note, 'note').errCode).toBe(1019);
    // the annotated copy keeps TypeBox's hidden members and leaves the original alone
    expect(Type.Optional(amount)).toMatchObject({ maxLength: 12, 'x-subject': 'amount' });
    expect(body.properties.note).not.toHaveProperty('x-subject');
  });

  it('keeps the REST answers of the same errors', () => {
    expect(restWire(new Invalid('paymentOption.card.CVV', 'must be 3 or 4 digits', 'card_cvv'))).toEqual({
      status: 400,
      body: {
        result: {
          status: 'error',
          errors: { code: '5000.1001', reason: '[paymentOption.card.CVV] must be 3 or 4 digits' },
        },
      },
    });
    expect(
      restWire(new UnsupportedCurrency('currency', '[currency] EUR is not supported by sofort')).body.result.errors
        .code,
    ).toBe('5000.1001');
    expect(restWire(new TransactionRefused('voided', 'The transaction is voided')).status).toBe(400);
  });
});
