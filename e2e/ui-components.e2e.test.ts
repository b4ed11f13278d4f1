import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The UI foundation's components (packages/web-sdk/src/ui) in real headless Chromium, each on its own
 * page (ui-fixture.tsx): the modal's focus trap and Escape, the result and pending states, the error
 * summary, the brand marks and the loading states, with an axe-core scan of each.
 */

describe('UI foundation components in a real browser', () => {
  let browser: Browser;
  let script: string;

  beforeAll(async () => {
    const out = await build({
      entryPoints: [new URL('./ui-fixture.tsx', import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2019',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'warning',
    });
    script = out.outputFiles[0]!.text;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scenario(name: string): Promise<Page> {
    const p = await browser.newPage();
    await p.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UI ${name}</title></head><body><main><div id="root"></div></main></body></html>`,
    );
    await p.addScriptTag({ content: script });
    await p.evaluate((n) => (window as unknown as { show: (n: string) => void }).show(n), name);
    return p;
  }
  const active = (p: Page) => p.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  const log = (p: Page) => p.evaluate(() => (window as unknown as { log: string[] }).log);

  it('Modal: a named dialog that takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    const p = await scenario('modal');
    await p.locator('#opener').focus();
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog', { name: 'Remove Visa •••• 1390?' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await active(p)).toBe('keep');
    // what is behind it is shut out: inert and hidden from screen readers, up to the page's body
    const behind = () =>
      p.evaluate(() =>
        ['opener', 'behind-link'].map((id) => {
          const el = document.getElementById(id)!;
          return `${String(el.closest('[inert]') !== null)} ${String(el.closest('[aria-hidden=true]') !== null)}`;
        }),
      );
    expect(await behind()).toEqual(['true true', 'true true']);
    expect(await p.getByRole('link', { name: 'A link behind' }).count()).toBe(0);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await p.keyboard.press('Tab');
      seen.add(String(await active(p)));
    }
    expect([...seen].sort()).toEqual(['keep', 'remove']);
    await p.keyboard.press('Shift+Tab');
    await p.keyboard.press('Shift+Tab');
    expect(['keep', 'remove']).toContain(await active(p));
    expect(await axe(p)).toEqual([]);
    await p.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await log(p)).toEqual(['closed']);
    expect(await active(p)).toBe('opener');
    expect(await behind()).toEqual(['false false', 'false false']);
    await p.close();
  });

  it('ResultState: a polite status region, focusable, final results marked, what happens next shown', async () => {
    const p = await scenario('results');
    const states = p.locator('[role=status]');
    expect(await states.count()).toBe(4);
    expect(await states.first().getAttribute('aria-live')).toBe('polite');
    expect(await states.first().getAttribute('tabindex')).toBe('-1');
    expect(await p.locator('[data-ghc-result=approved]').innerText()).toContain('Payment approved.');
    expect(await p.locator('[data-ghc-result=pending] .ghc-next').innerText()).toBe('Transfer the amount.');
    expect(await states.nth(2).getAttribute('data-ghc-result')).toBeNull();
    // the tone has an icon (never colour alone), an empty message none
    expect(await states.nth(0).locator('svg[aria-hidden=true]').count()).toBe(1);
    expect(await states.nth(3).locator('svg').count()).toBe(0);
    await states.first().focus();
    expect(await p.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('ErrorSummary: an alert listing the fields, each moving to its field; nothing when all is well', async () => {
    const p = await scenario('summary');
    const summary = p.getByRole('alert');
    expect(await summary.innerText()).toContain('Please correct:');
    await p.getByRole('button', { name: 'Name on card' }).click();
    expect(await log(p)).toEqual(['pick:cardHolderName']);
    expect(await p.locator('#empty').innerHTML()).toBe('');
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('BrandMark: an SVG mark named for each scheme, hidden when a text beside it names it', async () => {
    const p = await scenario('brands');
    const names = await p.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Maestro',
      'JCB',
      'UnionPay',
      'Diners Club',
    ]);
    expect(await p.locator('svg[aria-hidden=true][data-brand=visa]').count()).toBe(1);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('Spinner and Skeleton: a labelled status while loading; the skeleton keeps the space, silently', async () => {
    const p = await scenario('loading');
    expect(await p.getByRole('status').innerText()).toBe('Loading payment methods…');
    const skeleton = p.locator('.gh-skeleton');
    expect(await skeleton.getAttribute('aria-hidden')).toBe('true');
    expect((await skeleton.boundingBox())!.height).toBe(44);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });
  it('DataTable: column headers, rows in a named focusable region; skeleton rows while loading; the empty text', async () => {
    const p = await scenario('table');
    const region = p.getByRole('region', { name: 'Payments' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await p.getByRole('columnheader').allInnerTexts()).toEqual(['Payment', 'Amount']);
    expect(await p.locator('th').first().getAttribute('scope')).toBe('col');
    expect(await p.locator('tbody tr[data-id]').count()).toBe(2);
    expect(await p.getByRole('cell', { name: '€7.50' }).getAttribute('class')).toBe('gh-num');
    expect(await axe(p)).toEqual([]);
    await p.evaluate(() => (window as unknown as { show: (n: string) => void }).show('table-loading'));
    expect(await p.locator('table').getAttribute('aria-busy')).toBe('true');
    expect(await p.locator('tbody tr[aria-hidden=true] .gh-skeleton').count()).toBe(5);
    expect(await axe(p)).toEqual([]);
    await p.evaluate(() => (window as unknown as { show: (n: string) => void }).show('table-empty'));
    expect(await p.locator('[data-empty]').innerText()).toBe('No payment yet.');
    expect(await p.locator('tbody tr').count()).toBe(0);
    await p.close();
  });

  it('FormField: the label names the control, which is described by its hint and its error', async () => {
    const p = await scenario('field');
    const input = p.getByRole('textbox', { name: 'Amount' });
    expect(await input.getAttribute('aria-describedby')).toBe('amount-hint amount-error');
    const description = await input.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(description).toBe('At most 40.00. Enter an amount.');
    expect(await axe(p)).toEqual([]);
    await p.close();
  });
});
