import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, restSale, signIn } from './dashboard-page.js';

/**
 * axe-core (WCAG 2.2 A/AA and best practices) on every page of the control panel and its dialogs, in
 * light and dark colour schemes, at a desktop and a tablet width; and no page wider than the window.
 */
describe('control panel accessibility', () => {
  let gw: Gateway;
  let browser: Browser;
  let paid: string;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
    paid = await restSale(gw, 33.3);
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('the sign-in page has no violation', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard/login');
    await page.getByLabel('E-mail').waitFor();
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Enter your e-mail').waitFor();
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    await close();
  });

  for (const [width, scheme] of [
    [1280, 'light'],
    [768, 'dark'],
  ] as const) {
    it(`every signed-in page and dialog has no violation (${width} px, ${scheme})`, async () => {
      const { page, problems, close } = await openPanel(browser, gw, '/dashboard/transactions', {
        width,
        colorScheme: scheme,
      });
      const { email, password } = demoUser(gw);
      await signIn(page, email, password);
      const scan = async (what: string) => {
        const found = await axeScan(page, { bestPractices: true });
        expect(found, what).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${what}: wider than the window`).toBeLessThanOrEqual(0);
      };

      await page.locator('tr[data-tx]').first().waitFor();
      await scan('transactions');

      await page.getByRole('link', { name: paid }).click();
      await page.getByRole('heading', { name: `Transaction ${paid}` }).waitFor();
      await scan('transaction');
      await page.getByRole('button', { name: 'Void' }).click();
      await page.getByRole('dialog').waitFor();
      await scan('void dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Keys' }).click();
      await page.getByRole('heading', { name: 'REST API keys', level: 1 }).waitFor();
      await page.locator('tr[data-key]').first().waitFor();
      await scan('keys');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('dialog').waitFor();
      await scan('create key dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Users' }).click();
      await page.locator('tr[data-user]').first().waitFor();
      await scan('users');
      await page.getByRole('button', { name: 'Invite a user' }).click();
      await page.getByRole('dialog').getByLabel('Role').selectOption('temp');
      await page.getByRole('dialog').getByLabel('Access ends on').waitFor();
      await scan('invite dialog');
      await page.keyboard.press('Escape');
      expect(problems).toEqual([]);
      await close();
    });
  }
});
