import { describe, expect, it } from 'vitest';
import { acceptedLanguages, dirOf, PAGE_LANGS, PAGE_TEXTS, pageAmount, pageLanguage, pageText } from './page-texts.js';

/** The hosted pages' texts (docs/decisions/0450): complete in every language, and how a page picks one. */

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('hosted page texts', () => {
  const keys = Object.keys(PAGE_TEXTS.en).sort();

  it.each(PAGE_LANGS.filter((l) => l !== 'en'))('%s has every key of en, each non-empty, no key of its own', (lang) => {
    const texts = PAGE_TEXTS[lang] as Record<string, string>;
    expect(Object.keys(texts).sort()).toEqual(keys);
    for (const key of keys) {
      expect(texts[key]?.trim(), `${lang}.${key}`).not.toBe('');
      // the same values put in as English
      expect(placeholders(texts[key]!), `${lang}.${key}`).toEqual(placeholders(PAGE_TEXTS.en[key as 'amount']));
    }
  });

  it('the checkout languages are all there, and Hebrew is right to left', () => {
    for (const l of ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru']) expect(PAGE_LANGS).toContain(l);
    expect(dirOf('he')).toBe('rtl');
    expect(dirOf('de')).toBe('ltr');
  });

  it('pageText puts values in', () => {
    expect(pageText('de', 'apmHeading', { method: 'RedirectPay' })).toBe('Mit RedirectPay bezahlen');
  });

  describe('pageLanguage: the first known candidate, else Accept-Language, else English', () => {
    it.each([
      [['de'], undefined, 'de'],
      [['pt-BR'], undefined, 'pt'],
      [['de_AT'], undefined, 'de'],
      [[undefined, 'fr'], 'it', 'fr'],
      [['xx', 'US'], 'pl-PL,pl;q=0.9,en;q=0.8', 'pl'],
      [[], 'ja, ru;q=0.5, en;q=0.7', 'en'],
      [[], 'ja, ru;q=0.5', 'ru'],
      [[], 'es;q=0, it;q=0.2', 'it'],
      [[], '*', 'en'],
      [[42, null], undefined, 'en'],
    ])('%j with Accept-Language %j → %s', (candidates, accept, lang) => {
      expect(pageLanguage(candidates as unknown[], accept)).toBe(lang);
    });
  });

  it('acceptedLanguages orders by q and keeps ties in order', () => {
    expect(acceptedLanguages('en;q=0.5, de, fr;q=0.9, it')).toEqual(['de', 'it', 'fr', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it.each([
    [1000, 'EUR', 'en', '10.00 EUR'],
    [123450, 'EUR', 'en', '1,234.50 EUR'],
    [123450, 'EUR', 'de', '1.234,50 EUR'],
    [1500, 'JPY', 'en', '1,500 JPY'],
    [1234567, 'BHD', 'fr', '1\u202f234,567 BHD'],
    [-250, 'GBP', 'ru', '-2,50 GBP'],
  ])('pageAmount(%i, %s, %s) = %s', (minor, currency, lang, text) => {
    expect(pageAmount(minor, currency, lang as 'en')).toBe(text);
  });
});
