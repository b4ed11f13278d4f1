import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text the panel's code asks for (`t('…')`, and the families it builds: `role.<role>`,
 * `status.<status>`, `op.<op>`, …) is in en.json, and every locale file has exactly en.json's keys.
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

  it.each(readdirSync(LOCALES).filter((f) => f.endsWith('.json')))('%s has exactly the keys of en.json', (file) => {
    expect(Object.keys(table(file)).sort()).toEqual(Object.keys(en).sort());
  });
});
