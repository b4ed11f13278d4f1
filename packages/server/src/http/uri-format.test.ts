import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { isUri } from './uri-format.js';

const full = fullFormats.uri as (value: string) => boolean;

/** What the bench's order and merchants send, and the edges of the fast path. */
const CORPUS = [
  'https://merchant.example/success',
  'https://merchant.example/webhooks/gatehouse?site=12&x=a%20b#frag',
  'http://localhost:3000/notify',
  'http://127.0.0.1:8080/orders/return?x=1',
  'https://shop.example.com:443/a/b/c/',
  "https://shop.example.com/p;a=1,b=2/@user/~me/it's(1)*!$",
  'https://a.b/?q=/x?y=:@',
  'https://UPPER.Example/Path',
  'https://under_score.example/',
  'https://host-.example/',
  'https://x',
  'http://',
  'http:/x',
  'https:///path',
  'https://exa mple.com/',
  'https://example.com/a b',
  'https://example.com/%zz',
  'https://example.com/%2F',
  'https://example.com:99999999/',
  'https://example.com:/',
  'https://user:pw@example.com/',
  'https://[::1]:8443/x',
  'https://[fe80::1%25eth0]/',
  'https://例え.jp/',
  'https://example.com/ü',
  'https://example.com/"quoted"',
  'https://example.com/<tag>',
  'https://example.com/a#b#c',
  'https://example.com/a\\b',
  'mailto:merchant@example.com',
  'urn:isbn:0451450523',
  'ftp://files.example/x',
  'www.example.com',
  '/relative/path',
  'example',
  '',
  ' https://example.com/',
  'https://example.com/ ',
  'https://example.com/\n',
  'javascript:alert(1)',
];

describe('the uri format', () => {
  it.each(CORPUS)('decides %j as the full RFC 3986 check does', (value) => {
    expect(isUri(value)).toBe(full(value));
  });

  it('decides 20,000 generated URL-like strings as the full check does', () => {
    // Pieces that the fast path treats specially, joined at random (a fixed seed: the same strings each run).
    const pieces = [
      'http',
      'https',
      's',
      '://',
      ':',
      '/',
      '//',
      '?',
      '#',
      '%',
      '2f',
      'zz',
      '@',
      'a',
      'Z',
      '0',
      '9',
      '-',
      '.',
      '_',
      '~',
      '!',
      "'",
      '(',
      '*',
      ',',
      ';',
      '=',
      '&',
      '$',
      '+',
      ' ',
      '[',
      ']',
      '::1',
      'ü',
      '"',
      '<',
      '\\',
      '443',
    ];
    let seed = 0x2f6b3c1d;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    let disagreements = 0;
    for (let i = 0; i < 20_000; i++) {
      let value = next() < 0.7 ? (next() < 0.5 ? 'https://' : 'http://') : '';
      const n = 1 + Math.floor(next() * 12);
      for (let k = 0; k < n; k++) value += pieces[Math.floor(next() * pieces.length)];
      if (isUri(value) !== full(value)) disagreements++;
    }
    expect(disagreements).toBe(0);
  });

  it('accepts the common http(s) URLs and rejects what is not a URI', () => {
    expect(isUri('https://merchant.example/success')).toBe(true);
    expect(isUri('mailto:merchant@example.com')).toBe(true);
    expect(isUri('https://exa mple.com/')).toBe(false);
    expect(isUri('www.example.com')).toBe(false);
  });
});
