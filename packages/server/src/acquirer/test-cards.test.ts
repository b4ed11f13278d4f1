import { describe, expect, it } from 'vitest';
import { avsCodeFor, findTestCard, isApprovingCard, luhnValid, nameTrigger, TEST_CARDS } from './test-cards.js';

describe('test-card table', () => {
  it('holds every card of docs/testing.md exactly once', () => {
    const numbers = TEST_CARDS.map((c) => c.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.sort()).toEqual(
      [
        '4761344136141390',
        '4000027891380961',
        '5555555555554444',
        '375510288656924',
        '6011111111111117',
        '4000128449498204',
        '4000000000000002',
        '5333463046218753',
        '4000000000009995',
        '4000000000000069',
        '4000000000009987',
        '4000000000009979',
        '4000000000000127',
        '4000000000000119',
        '2221008123677736',
        '4000002760003184',
        '4000020951595032',
        '4000000000003220',
        '4000008400001629',
      ].sort(),
    );
  });

  it.each(TEST_CARDS.map((c) => [c.number, c.description]))('%s (%s) passes the Luhn check', (number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it('says which cards approve', () => {
    expect(isApprovingCard('4761344136141390')).toBe(true);
    expect(isApprovingCard('2221008123677736')).toBe(true);
    expect(isApprovingCard('4000000000000002')).toBe(false);
    expect(isApprovingCard('4000008400001629')).toBe(false);
    expect(isApprovingCard('4111111111111111')).toBe(true); // outside the table
    expect(findTestCard('4111111111111111')).toBeUndefined();
  });
});

describe('luhnValid', () => {
  it.each([
    '4111111111111111',
    '4242424242424242',
    '378282246310005',
    '6200000000000005',
    '3530111333300000',
    '000000000000',
  ])('accepts %s', (n) => expect(luhnValid(n)).toBe(true));

  it.each([
    ['a wrong check digit', '4111111111111112'],
    ['two adjacent digits swapped', '4242424242424224'],
    ['too short', '42424242424'],
    ['too long', '42424242424242424242'],
    ['spaces', '4242 4242 4242 4242'],
    ['letters', '4242a24242424242'],
    ['empty', ''],
  ])('refuses %s', (_label, n) => expect(luhnValid(n)).toBe(false));
});

describe('cardholder-name triggers', () => {
  it.each([
    ['CL-BRW1', 'challenge'],
    ['CL-BRW2', 'challenge'],
    ['FL-BRW1', 'frictionless'],
    ['FL-BRW2', 'frictionless'],
    [' cl-brw1 ', 'challenge'],
    ['John Smith', undefined],
    ['CL-BRW3', undefined],
    [undefined, undefined],
  ])('%j → %s', (name, flow) => expect(nameTrigger(name)).toBe(flow));
});

describe('AVS by billing zip', () => {
  it.each([
    ['00000', 'N'],
    [' 00000 ', 'N'],
    ['10001', 'Y'],
    ['SW1A 1AA', 'Y'],
    ['0000', 'Y'],
    [undefined, 'Y'],
  ])('zip %j → %s', (zip, code) => expect(avsCodeFor(zip)).toBe(code));
});
