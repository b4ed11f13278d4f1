import { describe, expect, it } from 'vitest';
import { isEmailAddress, parseEmailList } from './email-address.js';

describe('e-mail addresses of a configuration', () => {
  it.each(['ops@example.com', 'a.b+tag@sub.example.co.uk', "o'neil@example.org", 'x@e-x.io'])('accepts %s', (a) => {
    expect(isEmailAddress(a)).toBe(true);
  });
  it.each([
    'not-an-address',
    '@example.com',
    'a@',
    'a@example',
    'a@@example.com',
    'a b@example.com',
    'a@exa mple.com',
    'a..b@example.com',
    'Ops <ops@example.com>',
    'a@-x.com',
    'a@example.123',
  ])('refuses %s', (a) => {
    expect(isEmailAddress(a)).toBe(false);
  });
  it('parses a comma-separated list, trimming spaces and dropping repeats', () => {
    expect(parseEmailList(' a@example.com, b@example.com ,A@example.com')).toEqual(['a@example.com', 'b@example.com']);
  });
  it('names the bad address and refuses an empty entry', () => {
    expect(() => parseEmailList('a@example.com,nope')).toThrow(/\[emails\] 'nope' is not a valid e-mail address/);
    expect(() => parseEmailList('a@example.com,,b@example.com')).toThrow(/address 2 is empty/);
    expect(() => parseEmailList('')).toThrow(/address 1 is empty/);
  });
});
