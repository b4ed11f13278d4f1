import { describe, expect, it } from 'vitest';
import { fieldPath, schemaErrorToDomain } from './validation.js';

describe('schema errors become field-naming domain errors', () => {
  it('names nested fields by path', () => {
    expect(fieldPath('/items/0/name')).toBe('items[0].name');
    expect(fieldPath('/currencyConversion', 'originalAmount')).toBe('currencyConversion.originalAmount');
    expect(fieldPath('')).toBe('body');
    expect(fieldPath('/a~1b')).toBe('a/b');
  });

  it('words each rule', () => {
    const e = (keyword: string, params: Record<string, unknown>, parentSchema = {}, instancePath = '/x') =>
      schemaErrorToDomain({ keyword, params, parentSchema, instancePath }).message;
    expect(e('required', { missingProperty: 'name' }, {}, '/items/0')).toBe('[items[0].name] must not be null');
    expect(e('maxLength', { limit: 3 }, { minLength: 3, maxLength: 3 }, '/currency')).toBe('[currency] size must be 3');
    expect(e('maxLength', { limit: 45 }, { maxLength: 45 })).toBe('[x] size must be between 0 and 45');
    expect(e('enum', { allowedValues: ['Auth', 'PreAuth', 'Sale'] }, {}, '/transactionType')).toBe(
      '[transactionType] must be one of Auth, PreAuth, Sale',
    );
    expect(e('type', { type: 'integer' })).toBe('[x] must be an integer');
    expect(e('pattern', { pattern: '^[0-9]{8}$' })).toBe('[x] must be a date in format YYYYMMDD');
    expect(e('uniqueItems', { i: 1, j: 0 })).toBe('[x] must not contain duplicate items');
    expect(schemaErrorToDomain({ keyword: 'type', params: { type: 'number' }, instancePath: '/amount', data: null } as never).message).toBe(
      '[amount] must not be null',
    );
    expect(e('additionalProperties', { additionalProperty: 'foo' }, {}, '')).toBe('[foo] is not a known field');
  });
});
