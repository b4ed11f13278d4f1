import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, restSale, signIn } from './dashboard-page.js';

/**
 * The transactions in the control panel, in real headless Chromium: a payment made through the REST
 * API found by its id, its page, and part of it refunded through the confirmation dialog.
 */
describe('control panel transactions', () => {
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

  it('finds a REST payment by its id and refunds part of it', async () => {
    const paid = await restSale(gw, 40);
    await restSale(gw, 12.5);
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/transactions');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);

    await page.getByRole('searchbox', { name: 'Transaction or order id' }).fill(paid);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe(paid);
    const rows = page.locator('tbody tr[data-tx]');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.innerText()).toContain('€40.00');
    expect(await row.innerText()).toContain('Approved');
    expect(await row.locator('[data-brand=visa]').count()).toBe(1);

    await row.getByRole('link', { name: paid }).click();
    const heading = page.getByRole('heading', { name: `Transaction ${paid}`, level: 1 });
    await heading.waitFor();
    // an in-app navigation moves the focus to the page's heading
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-heading');

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
    await dialog.waitFor();
    const amount = dialog.getByLabel('Amount to refund (EUR)');
    expect(await amount.inputValue()).toBe('40.00');
    await amount.fill('15.00');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });

    const announcer = page.locator('[data-dash-announcer]');
    await expect.poll(() => announcer.innerText()).toMatch(/^Refund of €15\.00: Approved/);
    const refundId = /\(transaction (\d+)\)/.exec(await announcer.innerText())![1]!;

    // what is left to refund is offered next time
    await page.getByRole('button', { name: 'Refund' }).click();
    expect(await page.getByRole('dialog').getByLabel('Amount to refund (EUR)').inputValue()).toBe('25.00');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // the refund is a transaction of its own in the list
    await page.getByRole('link', { name: 'Back to the transactions' }).click();
    const refund = page.locator(`tr[data-tx="${refundId}"]`);
    await refund.waitFor();
    expect(await refund.innerText()).toContain('€15.00');
    expect(problems).toEqual([]);
    await close();
  });

  it('shows an empty state for a search that matches nothing, and the filters stay in the URL', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard/transactions?status=DECLINED&last4=0000');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.locator('[data-empty]').waitFor();
    expect(await page.locator('[data-empty]').innerText()).toBe('No transaction matches these filters.');
    expect(await page.getByLabel('Status').inputValue()).toBe('DECLINED');
    expect(await page.getByLabel("Card's last four").inputValue()).toBe('0000');
    await page.getByRole('link', { name: 'Clear the filters' }).click();
    await expect.poll(() => page.locator('tbody tr[data-tx]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    await close();
  });
  it('settles one authorisation and voids another, each confirmed, the buttons following what the API allows', async () => {
    const toSettle = await restSale(gw, 30, undefined, 'Auth');
    const toVoid = await restSale(gw, 8, undefined, 'Auth');
    const { page, problems, close } = await openPanel(browser, gw, `/dashboard/transactions/${toSettle}`);
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: `Transaction ${toSettle}` }).waitFor();
    await page.getByRole('button', { name: 'Settle' }).click();
    const settle = page.getByRole('dialog', { name: 'Settle €30.00?' });
    await settle.getByRole('button', { name: 'Settle' }).click();
    await settle.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-dash-announcer]').innerText()).toMatch(/^Settle of €30\.00: Approved/);
    await expect.poll(() => page.locator('tr[data-step]').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Settle' }).count()).toBe(0);

    await page.goto(`${gw.url}/dashboard/transactions/${toVoid}`);
    await page.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: 'Void this transaction?' });
    await voiding.getByRole('button', { name: 'Void' }).click();
    await voiding.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('tr[data-step="Void"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Void' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});
