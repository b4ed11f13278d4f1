import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES } from '../src/checkout/i18n.js';
import { LOCALES } from '../src/checkout/options.js';

/**
 * Every text the checkout's code asks for is in every locale file: the keys its sources name (`t('…')`)
 * and the families it builds (`field.<part>.<problem>`), and one file per locale that checkout() takes.
 * (That every file has exactly the keys of en.json is checked in checkout-payloads.test.ts.)
 */

const SRC = new URL('../src/checkout/', import.meta.url).pathname;
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
