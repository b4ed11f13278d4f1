/**
 * Theme tokens (docs/decisions/0431): every colour, radius, font and spacing of the hosted screens is a
 * CSS custom property on the screen's root (`--gh-…`), read by the foundation's and the screens' style
 * sheets. A merchant changes them with an appearance object, in the spirit of Stripe's Appearance API:
 * `{ variables: { colorPrimary: '#0a7d38', borderRadius: '4px' } }`, no selector of ours needed. The four
 * layouts (tiles, accordion, horizontal, cashier) are token sets over the same defaults.
 */

export interface AppearanceVariables {
  colorPrimary: string;
  colorBackground: string;
  colorText: string;
  colorTextSecondary: string;
  colorDanger: string;
  colorSuccess: string;
  colorBorder: string;
  colorSelectedBackground: string;
  fontFamily: string;
  fontSizeBase: string;
  borderRadius: string;
  /** the radius of the method buttons (tiles, pills, accordion rows) */
  methodRadius: string;
  spacingUnit: string;
}
export type AppearanceVariable = keyof AppearanceVariables;

export interface Appearance {
  variables?: Partial<AppearanceVariables>;
}

/** The defaults (WCAG AA contrast on white): the `tiles` token set. */
export const DEFAULT_VARIABLES: AppearanceVariables = {
  colorPrimary: '#1a56db',
  colorBackground: '#ffffff',
  colorText: '#1f2933',
  colorTextSecondary: '#52606d',
  colorDanger: '#b42318',
  colorSuccess: '#03543f',
  colorBorder: '#8a96a3',
  colorSelectedBackground: '#eef4ff',
  fontFamily: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  fontSizeBase: '15px',
  borderRadius: '6px',
  methodRadius: '8px',
  spacingUnit: '4px',
};

export const APPEARANCE_VARIABLES = Object.keys(DEFAULT_VARIABLES) as AppearanceVariable[];

/** What each layout changes of the defaults. */
export const THEME_TOKENS: Record<'tiles' | 'accordion' | 'horizontal' | 'cashier', Partial<AppearanceVariables>> = {
  tiles: {},
  accordion: { methodRadius: '0' },
  horizontal: { methodRadius: '999px' },
  cashier: { methodRadius: '6px', colorSelectedBackground: '#f0f5ff' },
};

/** `colorPrimary` → `--gh-color-primary` */
export const tokenName = (v: string) => `--gh-${v.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`;

/** A value a merchant may give a token: no way out of a declaration (`;`, braces, `<`, url(), expressions). */
export const safeTokenValue = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 200 && !/[;{}<>\\]|url\s*\(|expression|@import/i.test(v);

/** The merchant's variables that are known and safe (the rest is left out). */
export function themeVariables(appearance?: Appearance): Partial<AppearanceVariables> {
  const out: Partial<AppearanceVariables> = {};
  for (const [k, v] of Object.entries(appearance?.variables ?? {}))
    if (k in DEFAULT_VARIABLES && safeTokenValue(v)) out[k as AppearanceVariable] = v;
  return out;
}

/** The custom properties that differ from the style sheets' defaults, for the root's `style`. */
export function themeStyle(theme: keyof typeof THEME_TOKENS, appearance?: Appearance): Record<string, string> {
  const out: Record<string, string> = {};
  const vars = { ...THEME_TOKENS[theme], ...appearance?.variables };
  for (const [k, v] of Object.entries(vars)) if (k in DEFAULT_VARIABLES && safeTokenValue(v)) out[tokenName(k)] = v;
  return out;
}

/** The defaults as one CSS declaration list (`--gh-color-primary:#1a56db;…`), for a screen's root rule. */
export const TOKEN_DEFAULTS = APPEARANCE_VARIABLES.map((k) => `${tokenName(k)}:${DEFAULT_VARIABLES[k]}`).join(';');

/**
 * The hosted card frames' input style for a layout and the merchant's tokens: their inputs look like the
 * screen's own (an allow-listed style, docs/decisions/0400, 0431).
 */
export function frameStyleOf(theme: keyof typeof THEME_TOKENS, appearance?: Appearance) {
  const v = { ...DEFAULT_VARIABLES, ...THEME_TOKENS[theme], ...themeVariables(appearance) };
  return {
    base: { borderColor: v.colorBorder, borderRadius: v.borderRadius, color: v.colorText },
    invalid: { borderColor: v.colorDanger },
  };
}
