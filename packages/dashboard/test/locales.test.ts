import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES, LOCALE_NAMES, pickLocale } from '../src/i18n.js';

/**
 * Every text the panel's code asks for (`t('…')`, and the families it builds: `role.<role>`,
 * `status.<status>`, `op.<op>`, …) is in en.json; every locale file has exactly en.json's keys, none
 * empty, with the same `{placeholders}` in each text; and every file is registered in i18n.ts.
 */
const SRC = new URL('../src/', import.meta.url).pathname;
const LOCALES = join(SRC, 'locales');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const table = (file: string) => JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Record<string, string>;

describe('the control panel texts', () => {
  const en = table('en.json');
  const used = new Set<string>();
  for (const file of sources(SRC))
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]!);
  const families: Record<string, string[]> = {
    role: ['admin', 'developer', 'temp', 'finance', 'viewer'],
    status: ['APPROVED', 'DECLINED', 'ERROR', 'PENDING'],
    op: ['settle', 'refund', 'void'],
    'detail.confirm': ['settle', 'refund', 'void'],
    'detail.explain': ['settle', 'void'],
    'keys.type': ['operations', 'dispute'],
    'ntf.kind': ['webhook', 'dmn', 'email'],
    nav: ['transactions', 'keys', 'notifications', 'users'],
  };
  for (const [family, members] of Object.entries(families)) for (const m of members) used.add(`${family}.${m}`);

  it('has English for every text the code uses', () => {
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
  });

  const files = readdirSync(LOCALES).filter((f) => f.endsWith('.json'));

  it.each(files)('%s has exactly the keys of en.json, none empty', (file) => {
    const texts = table(file);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(texts).filter((k) => typeof texts[k] !== 'string' || texts[k].trim() === '')).toEqual([]);
  });

  it.each(files)('%s keeps the placeholders of each English text', (file) => {
    const texts = table(file);
    const names = (text: string | undefined) => (text?.match(/\{\w+\}/g) ?? []).sort();
    const differing = Object.keys(en).filter((k) => names(texts[k]).join() !== names(en[k]).join());
    expect(differing.map((k) => `${k}: ${texts[k]}`)).toEqual([]);
  });

  // a row's button shows "Remove" and is named "Remove Ann" (`<key>Of`): its name must contain the words
  // it shows (WCAG 2.5.3, axe's label-content-name-mismatch), in every language
  it.each(files)('%s names each row button with the words it shows', (file) => {
    const texts = table(file);
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s]/gu, '')
        .split(/\s+/)
        .join(' ');
    const pairs = Object.keys(en).filter((k) => k.endsWith('Of') && k !== 'doc.titleOf' && k.slice(0, -2) in en);
    expect(pairs.length).toBeGreaterThan(3);
    const lost = pairs.filter((k) => !words(texts[k]!).includes(words(texts[k.slice(0, -2)]!)));
    expect(lost.map((k) => `${k}: ${texts[k]}`)).toEqual([]);
  });

  it('registers every locale file in i18n.ts, each with its own name for the picker', () => {
    expect(Object.keys(LOCALE_FILES).sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual(Object.keys(LOCALE_FILES).sort());
    for (const file of files) expect(LOCALE_FILES[file.replace(/\.json$/, '')]).toEqual(table(file));
  });
});

describe('the locale the panel starts in', () => {
  it("is the one chosen in the panel, else the browser's first language with a file, else English", () => {
    expect(pickLocale('he', ['de-DE', 'en'])).toBe('he');
    expect(pickLocale(null, ['nl-NL', 'pt-BR', 'de'])).toBe('pt');
    expect(pickLocale('xx', ['FR-ca'])).toBe('fr');
    expect(pickLocale(null, ['nl', 'ja'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
  });
});
