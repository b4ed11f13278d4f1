import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, restSale, signIn } from './dashboard-page.js';

/**
 * The control panel's languages, in real headless Chromium: the language picked in the header changes
 * the texts, dates and amounts in place (no reload) and is remembered; Hebrew turns the page right to
 * left, with amounts and transaction ids still reading left to right, and axe-core finds nothing.
 */

/**
 * The x of each visible character of `el`'s text, in reading (logical) order: increasing when the
 * text is drawn left to right. Bidi controls, marks and spaces draw nothing and are skipped.
 */
const charLefts = (el: Locator) =>
  el.evaluate((root) => {
    const lefts: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (/[\s\u200e\u200f\u2066-\u2069]/.test(text[i]!)) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        lefts.push(r.getBoundingClientRect().left);
      }
    }
    return lefts;
  });
const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);

describe('control panel languages', () => {
  let gw: Gateway;
  let browser: Browser;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('switches to German, then to Hebrew right to left with amounts and ids left to right, and remembers it', async () => {
    const paid = await restSale(gw, 1234.5);
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/transactions');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    const html = page.locator('html');
    const row = page.locator(`tr[data-tx="${paid}"]`);
    await row.waitFor();
    expect(await html.getAttribute('lang')).toBe('en');
    expect(await row.locator('td.gh-num').innerText()).toBe('€1,234.50');

    // German, chosen with the keyboard (type-ahead on the focused select): the texts, the amount and
    // the document's language change in place
    const picker = page.getByRole('combobox', { name: 'Language' });
    await picker.focus();
    await page.keyboard.type('D');
    await page.getByRole('navigation', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Transaktionen', level: 1 }).waitFor();
    expect(await html.getAttribute('lang')).toBe('de');
    expect(await html.getAttribute('dir')).toBe('ltr');
    expect(await page.title()).toMatch(/^Transaktionen · /);
    expect(await row.locator('td.gh-num').innerText()).toMatch(/^1\.234,50\s€$/);
    expect(await row.innerText()).toContain('Genehmigt');
    expect(await page.getByRole('button', { name: 'Abmelden' }).count()).toBe(1);
    // the same select, re-rendered rather than replaced: the keyboard's focus stays on it
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dash-locale');
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.dashboard.locale'))).toBe('de');

    // Hebrew: right to left; the amount and the transaction id read left to right
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('he');
    await page.getByRole('navigation', { name: 'לוח בקרה' }).waitFor();
    await page.getByRole('heading', { name: 'עסקאות', level: 1 }).waitFor();
    expect(await html.getAttribute('lang')).toBe('he');
    expect(await html.getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.dash').evaluate((e) => getComputedStyle(e).direction)).toBe('rtl');
    const amount = row.locator('td.gh-num');
    expect((await amount.innerText()).replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toMatch(/^1,234\.50\s€$/);
    const amountLefts = await charLefts(amount);
    expect(amountLefts.length).toBe(9);
    expect(increasing(amountLefts), `amount drawn at ${amountLefts.join(', ')}`).toBe(true);
    const id = row.getByRole('link', { name: paid });
    expect(await id.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    expect(increasing(await charLefts(id))).toBe(true);
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);

    // the transaction's page and its refund dialog in Hebrew, the amount in a sentence left to right
    await id.click();
    await page.getByRole('heading', { name: `עסקה ${paid}`, level: 1 }).waitFor();
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    await page.getByRole('button', { name: 'החזר', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'להחזיר תשלום זה?' });
    await dialog.waitFor();
    const most = dialog.getByText('לכל היותר');
    expect((await most.innerText()).replace(/[\u2066-\u2069]/g, '')).toMatch(/^לכל היותר 1,234\.50\s€\.$/);
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // the other pages in Hebrew: axe-core finds nothing, none wider than the window
    for (const [link, heading] of [
      ['מפתחות', 'מפתחות REST API'],
      ['התראות', 'התראות'],
      ['משתמשים', 'משתמשים'],
    ] as const) {
      await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
      expect(await axeScan(page, { bestPractices: true }), link).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    }

    // remembered: a new visit opens in Hebrew
    await page.reload();
    await page.getByRole('navigation', { name: 'לוח בקרה' }).waitFor();
    expect(await html.getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('combobox', { name: 'שפה' }).inputValue()).toBe('he');
    expect(problems).toEqual([]);
    await close();
  });

  it('offers the language on the sign-in page too, and the browser language decides first', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${gw.url}/dashboard/login`);
    await page.getByRole('heading', { name: 'Connexion au tableau de bord' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('pl');
    await page.getByRole('heading', { name: 'Zaloguj się do panelu sterowania' }).waitFor();
    expect(await page.getByLabel('Hasło').count()).toBe(1);
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    await context.close();
  });
});
