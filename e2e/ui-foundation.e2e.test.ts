import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The UI foundation's screen parts (packages/web-sdk/src/ui) in real headless Chromium, each on its own
 * page (ui-fixture.tsx): the method list as tiles and as an accordion, the saved-method list with its
 * confirm-before-delete and where the focus goes after a delete, the hosted-field slot (skeleton, then
 * loaded; its error wired to the group), and the theme tokens (an appearance object restyles a screen).
 */

describe('UI foundation: method list, saved methods, hosted-field slot, theme tokens', () => {
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
  const active = (p: Page) =>
    p.evaluate(
      () =>
        document.activeElement?.id ||
        document.activeElement?.getAttribute('data-method') ||
        document.activeElement?.tagName,
    );
  const log = (p: Page) => p.evaluate(() => (window as unknown as { log: string[] }).log);

  it('MethodList (tiles): one named button per method, aria-pressed on the chosen one, keyboard selects, "show more" after', async () => {
    const p = await scenario('methods-tiles');
    const list = p.getByRole('list', { name: 'Payment method' });
    expect(await list.getByRole('button').count()).toBe(4);
    const card = p.getByRole('button', { name: 'Credit or debit card' });
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    await card.focus();
    await p.keyboard.press('Tab');
    expect(await active(p)).toBe('apmgw_BankTransfer');
    await p.keyboard.press('Enter');
    expect(await p.getByRole('button', { name: 'Bank transfer' }).getAttribute('aria-pressed')).toBe('true');
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    // tiles show no panel of their own: the screen puts the form beside them
    expect(await p.locator('.ghc-panel').count()).toBe(0);
    await p.getByRole('button', { name: 'Show more' }).click();
    expect(await log(p)).toEqual(['select:apmgw_BankTransfer', 'more']);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('MethodList (accordion): aria-expanded, and the open method shows its form right under its button', async () => {
    const p = await scenario('methods-accordion');
    const sepa = p.getByRole('button', { name: 'SEPA Direct Debit' });
    expect(await sepa.getAttribute('aria-expanded')).toBe('false');
    await sepa.click();
    expect(await sepa.getAttribute('aria-expanded')).toBe('true');
    const panel = p.locator('#panel-apmgw_DirectDebit');
    expect(await panel.innerText()).toBe('Form of SEPA Direct Debit');
    // the panel is in the same list item as its button
    expect(await panel.evaluate((e) => e.closest('li')?.querySelector('button')?.getAttribute('data-method'))).toBe(
      'apmgw_DirectDebit',
    );
    await p.getByRole('button', { name: 'Bank transfer' }).click();
    expect(await p.locator('.ghc-panel').count()).toBe(1);
    expect(await p.locator('#panel-apmgw_BankTransfer').count()).toBe(1);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('SavedMethodList: a radio group; delete asks first (Keep keeps), then the focus moves to the next method, then to the fallback', async () => {
    const p = await scenario('saved');
    expect(await p.getByRole('radio').count()).toBe(2);
    expect(await p.getByRole('radio', { name: /Visa •••• 1390 · expires 09\/31/ }).isChecked()).toBe(true);
    await p.getByRole('radio', { name: /Mastercard/ }).check();
    expect(await log(p)).toEqual(['select:2']);
    // asking first: a dialog named by its question, Keep focused; Keep deletes nothing
    await p.getByRole('button', { name: 'Remove Visa •••• 1390' }).click();
    const dialog = p.getByRole('dialog', { name: 'Remove Visa •••• 1390 from your saved payment methods?' });
    await dialog.waitFor();
    expect(await p.evaluate(() => document.activeElement?.hasAttribute('data-ghc-keep'))).toBe(true);
    await p.getByRole('button', { name: 'Keep' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await log(p)).toEqual(['select:2']);
    // confirmed: deleted, and the focus on the method that took its place
    await p.getByRole('button', { name: 'Remove Visa •••• 1390' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await p.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
    expect(await p.getByRole('radio').count()).toBe(1);
    expect(await p.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-upo'))).toBe('2');
    // the last one: the focus goes to the fallback, never to <body>
    await p.getByRole('button', { name: 'Remove Mastercard •••• 4444' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await p.waitForFunction(() => document.activeElement?.id === 'empty-focus');
    expect(await log(p)).toEqual(['select:2', 'delete:1', 'delete:2']);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('HostedFieldSlot: a labelled group, busy and a skeleton until the frame loads; its error described and aria-invalid', async () => {
    const p = await scenario('slot');
    const group = p.getByRole('group', { name: 'Card number' });
    expect(await group.getAttribute('data-ghc-frame')).toBe('ccNumber');
    expect(await group.getAttribute('aria-busy')).toBe('true');
    expect(await group.evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('linear-gradient');
    await p.evaluate(() => (window as any).slot.load());
    await p.waitForFunction(() => document.querySelector('[data-ghc-frame]')?.hasAttribute('data-ready'));
    expect(await group.getAttribute('aria-busy')).toBeNull();
    expect(await group.evaluate((e) => getComputedStyle(e).backgroundImage)).toBe('none');
    expect(await group.getAttribute('aria-invalid')).toBe('false');
    const errorId = await group.getAttribute('aria-describedby');
    expect(await p.locator(`#${errorId}`).innerText()).toBe('');
    await p.evaluate(() => (window as any).slot.fail());
    await p.waitForFunction(() => document.querySelector('[data-ghc-frame]')?.getAttribute('aria-invalid') === 'true');
    expect(await p.locator(`#${errorId}`).innerText()).toBe('The card number is not valid');
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it('theme tokens: an appearance object restyles a screen through custom properties; the defaults stay elsewhere', async () => {
    const p = await scenario('theme');
    const css = (sel: string, prop: string) =>
      p.locator(sel).evaluate(
        (e, pr) =>
          getComputedStyle(e)
            .getPropertyValue(pr as string)
            .trim(),
        prop,
      );
    expect(await css('#plain .ghc-pay', 'background-color')).toBe('rgb(26, 86, 219)');
    expect(await css('#themed .ghc-pay', 'background-color')).toBe('rgb(10, 125, 56)');
    expect(await css('#themed .ghc-pay', 'border-top-left-radius')).toBe('2px');
    expect(await css('#themed', 'font-family')).toBe('serif');
    // the horizontal layout's own token: pill-shaped method buttons
    expect(await css('#themed .ghc-method', 'border-top-left-radius')).toBe('999px');
    expect(await css('#plain', '--gh-method-radius')).toBe('8px');
    await p.close();
  });
});
