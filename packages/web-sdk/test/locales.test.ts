import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES } from '../src/checkout/i18n.js';
import { LOCALES } from '../src/checkout/options.js';
import { WD_LOCALE_FILES } from '../src/withdrawal/i18n.js';
import { WD_LOCALES } from '../src/withdrawal/names.js';
import { LISTED_STATUSES } from '../src/withdrawal/load.js';

/**
 * Every text the checkout's and the withdrawal's code asks for is in every locale file: the keys its sources name (`t('…')`)
 * and the families it builds (`field.<part>.<problem>`), and one file per locale that checkout() takes.
 * (That every file has exactly the keys of en.json is checked in checkout-payloads.test.ts.)
 */

const SRC = new URL('../src/checkout/', import.meta.url).pathname;
const WD_SRC = new URL('../src/withdrawal/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

describe('locale completeness', () => {
  const keys = new Set<string>();
  for (const file of sources(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) keys.add(m[1]!);
  }
  for (const part of ['number', 'exp', 'cvc'])
    for (const p of ['incomplete', 'invalid']) keys.add(`field.${part}.${p}`);
  for (const k of ['differentCard', 'retry', 'nextPm', 'type1', 'type2', 'type3', 'cc_card']) keys.add(k);

  it('finds the texts the code uses', () => {
    expect(keys.size).toBeGreaterThan(50);
    expect(keys).toContain('cardNumber');
    expect(keys).toContain('field.exp.format');
  });

  it('has a locale file for every locale checkout() accepts, and no other', () => {
    expect(Object.keys(LOCALE_FILES).sort()).toEqual([...LOCALES].sort());
    const files = readdirSync(join(SRC, 'locales')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s has every text the code asks for', (locale) => {
    const table = LOCALE_FILES[locale] as Record<string, string>;
    const missing = [...keys].filter((k) => typeof table[k] !== 'string' || table[k]!.trim() === '');
    expect(missing).toEqual([]);
  });
});

describe('withdrawal locale completeness', () => {
  const keys = new Set<string>();
  for (const file of sources(WD_SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) keys.add(m[1]!);
  }
  // the families the code builds: each card part's problem, each listed status's words, the card's name
  for (const part of ['number', 'exp', 'cvc']) keys.add(`cardInvalid.${part}`);
  for (const status of LISTED_STATUSES) keys.add(`status.${status}`);
  keys.add('cc_card');
  const en = WD_LOCALE_FILES.en;

  it('finds the texts the code uses', () => {
    expect(keys.size).toBeGreaterThan(35);
    expect(keys).toContain('withdrawAmount');
    expect(keys).toContain('limitReached');
  });

  it('has a locale file for every locale withdrawal() accepts, and no other', () => {
    expect(Object.keys(WD_LOCALE_FILES).sort()).toEqual([...WD_LOCALES].sort());
    const files = readdirSync(join(WD_SRC, 'locales')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...WD_LOCALES].sort());
  });

  it.each([...WD_LOCALES])(
    '%s has every text the code asks for, the keys of en.json and its placeholders',
    (locale) => {
      const table = WD_LOCALE_FILES[locale];
      const missing = [...keys].filter((k) => typeof table[k] !== 'string' || table[k].trim() === '');
      expect(missing).toEqual([]);
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      for (const [k, text] of Object.entries(en)) {
        const vars = (t: string) => [...t.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
        expect(vars(table[k]!), `${locale} ${k}`).toEqual(vars(text));
      }
    },
  );
});
