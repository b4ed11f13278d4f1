import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/gateway-facts.md and the facts suites name the same facts: every `F-…` entry of the page has a
 * test of exactly its id and name in this folder, every facts test is on the page, and a fact the page
 * marks "Not honoured" is the only kind written `it.fails`.
 */

const here = dirname(fileURLToPath(import.meta.url));
const page = readFileSync(join(here, '../../../../../docs/gateway-facts.md'), 'utf8');

/** `- **F-x.y Name** — text`: id and name, and whether the entry says it is not honoured */
const entries = [...page.matchAll(/^- \*\*(F-[\d.]+ [^*]+)\*\*(.*(?:\n {2}.*)*)/gm)].map((m) => ({
  name: m[1]!.trim(),
  notHonoured: /\*\*Not honoured\*\*/i.test(m[2]!),
}));

const tests = readdirSync(here)
  .filter((f) => f.endsWith('.facts.test.ts'))
  .flatMap((file) =>
    [...readFileSync(join(here, file), 'utf8').matchAll(/\bit(\.fails)?\(\s*(['"`])(F-.*?)\2/g)].map((m) => ({
      file,
      name: m[3]!.replace(/\\(['"`])/g, '$1'),
      fails: m[1] !== undefined,
    })),
  );

describe('the gateway facts page and its tests', () => {
  it('lists facts with unique ids', () => {
    expect(entries.length).toBeGreaterThan(100);
    const ids = entries.map((e) => e.name.split(' ')[0]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has a test named exactly like each fact', () => {
    const names = new Set(tests.map((t) => t.name));
    expect(entries.map((e) => e.name).filter((n) => !names.has(n))).toEqual([]);
  });

  it('has no facts test without its entry on the page', () => {
    const names = new Set(entries.map((e) => e.name));
    expect(tests.filter((t) => !names.has(t.name)).map((t) => `${t.file}: ${t.name}`)).toEqual([]);
  });

  it('has each fact tested once', () => {
    const seen = tests.map((t) => t.name);
    expect(seen.filter((n, i) => seen.indexOf(n) !== i)).toEqual([]);
  });

  it('writes it.fails only for the facts the page marks not honoured', () => {
    const notHonoured = entries
      .filter((e) => e.notHonoured)
      .map((e) => e.name)
      .sort();
    expect(
      tests
        .filter((t) => t.fails)
        .map((t) => t.name)
        .sort(),
    ).toEqual(notHonoured);
  });
});
