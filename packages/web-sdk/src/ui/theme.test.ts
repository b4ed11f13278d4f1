import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_VARIABLES,
  DEFAULT_VARIABLES,
  safeTokenValue,
  THEME_TOKENS,
  themeStyle,
  TOKEN_DEFAULTS,
  tokenName,
} from './theme.js';

describe('theme tokens', () => {
  it('names each variable as a custom property', () => {
    expect(tokenName('colorPrimary')).toBe('--gh-color-primary');
    expect(tokenName('borderRadius')).toBe('--gh-border-radius');
    expect(TOKEN_DEFAULTS).toContain('--gh-color-primary:#1a56db');
    expect(TOKEN_DEFAULTS.split(';')).toHaveLength(APPEARANCE_VARIABLES.length);
  });

  it('each layout is a token set over the defaults; tiles is the defaults themselves', () => {
    expect(themeStyle('tiles')).toEqual({});
    expect(themeStyle('horizontal')).toEqual({ '--gh-method-radius': '999px' });
    expect(themeStyle('accordion')).toEqual({ '--gh-method-radius': '0' });
    for (const set of Object.values(THEME_TOKENS))
      for (const k of Object.keys(set)) expect(Object.keys(DEFAULT_VARIABLES)).toContain(k);
  });

  it("the merchant's variables win over the layout's; unknown names and unsafe values are left out", () => {
    expect(
      themeStyle('horizontal', {
        variables: { colorPrimary: '#0a7d38', methodRadius: '4px', fontFamily: 'Georgia, serif' },
      }),
    ).toEqual({ '--gh-color-primary': '#0a7d38', '--gh-method-radius': '4px', '--gh-font-family': 'Georgia, serif' });
    const sneaky = { colorPrimary: 'red;}body{display:none', colorText: 'url(https://x.example/a)', nope: 'blue' };
    expect(themeStyle('tiles', { variables: sneaky as never })).toEqual({});
  });

  it.each([
    ['#fff', true],
    ['rgb(1, 2, 3)', true],
    ['12px', true],
    ['"Inter", sans-serif', true],
    ['a;b', false],
    ['</style>', false],
    ['url(x)', false],
    ['expression(alert(1))', false],
    ['x'.repeat(201), false],
    [12, false],
  ])('safeTokenValue(%j) is %s', (v, ok) => {
    expect(safeTokenValue(v)).toBe(ok);
  });
});
