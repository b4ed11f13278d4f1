import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { signInDemo } from '../packages/server/test/dashboard-client.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, restSale, signIn } from './dashboard-page.js';

/**
 * The overview and the audit log in real headless Chromium: charts with their text alternative for
 * payments just made, the period in the URL; the audit log listing a change just made, filtered by
 * action; axe-core on both, at a desktop and a tablet width.
 */
describe('control panel overview and audit log', () => {
  let gw: Gateway;
  let browser: Browser;
  let invited: string;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
    await restSale(gw, 12.34);
    const declined = await gw.request('POST', '/payment-api/payments', {
      headers: { 'x-api-key': gw.demo.apiKey },
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Sale',
        amount: 5,
        currency: 'EUR',
        paymentOption: {
          card: {
            cardNumber: '4000000000009995',
            cardHolderName: 'Jane Roe',
            expirationMonth: '12',
            expirationYear: '2030',
            CVV: '217',
          },
        },
      },
    });
    expect(declined.json.result.status, declined.text).toBe('declined');
    invited = `audited.${Date.now()}@shop.example`;
    const admin = await signInDemo(gw);
    const made = await admin.call('POST', '/users', { email: invited, name: 'Audie Ted', role: 'viewer' });
    expect(made.status, made.text).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('/dashboard leads to the overview: its charts and their tables hold the payments just made', async () => {
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    const nav = page.getByRole('navigation', { name: 'Control panel' });
    expect((await nav.getByRole('link').allInnerTexts())[0]).toBe('Overview');

    const totals = page.locator('[data-totals]');
    await totals.waitFor();
    expect(await totals.innerText()).toContain('€12.34');
    expect(await totals.innerText()).toContain('50%');

    // the drawing is hidden from screen readers; the table beside it is the chart's text alternative
    const volume = page.locator('[data-chart="chart-volume"]');
    expect(await volume.locator('svg.dash-chart-svg').getAttribute('aria-hidden')).toBe('true');
    expect(await volume.locator('svg.dash-chart-svg rect').count()).toBe(1);
    const volumeTable = page.getByRole('table', { name: 'Approved volume in EUR' });
    expect(await volumeTable.getByRole('row').count()).toBe(25);
    expect(await volumeTable.innerText()).toContain('€12.34');
    const rates = page.getByRole('table', { name: 'Approval rate' });
    expect(await rates.innerText()).toContain('50%');
    const declines = page.getByRole('table', { name: 'Declines by reason' });
    expect(await declines.getByRole('columnheader').allInnerTexts()).toEqual(['Hour (UTC)', 'Insufficient Funds']);
    expect(await page.locator('[data-chart="chart-declines"] figcaption').innerText()).toContain(
      'Insufficient Funds: 1',
    );

    await page.getByLabel('Period').selectOption('week');
    await expect.poll(() => new URL(page.url()).search).toBe('?period=week');
    await expect.poll(() => page.getByRole('table', { name: 'Approval rate' }).getByRole('row').count()).toBe(8);
    expect(problems).toEqual([]);
    await close();
  });

  it('lists a change just made in the audit log, and filters it by action', async () => {
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/overview');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const row = page.locator('tr[data-audit="user.create"]').filter({ hasText: invited });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(email);
    expect(text).toContain('Invited a user');
    expect(text).toContain('viewer');

    await page.getByLabel('Action').selectOption('user.create');
    await expect.poll(() => new URL(page.url()).search).toBe('?action=user.create');
    await row.waitFor();
    expect(
      await page.locator('tr[data-audit]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-audit'))),
    ).toEqual(['user.create']);
    await page.getByLabel('Action').selectOption('key.revoke');
    await page.getByText('No entry of this action.').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  for (const [width, scheme] of [
    [1024, 'light'],
    [768, 'dark'],
  ] as const) {
    it(`the overview and the audit log have no axe violation and fit the window (${width} px, ${scheme})`, async () => {
      const { page, problems, close } = await openPanel(browser, gw, '/dashboard/overview', {
        width,
        colorScheme: scheme,
      });
      const { email, password } = demoUser(gw);
      await signIn(page, email, password);
      const scan = async (what: string) => {
        expect(await axeScan(page, { bestPractices: true }), what).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${what}: wider than the window`).toBeLessThanOrEqual(0);
      };
      await page.locator('[data-totals]').waitFor();
      await scan('overview');
      await page.getByLabel('Period').selectOption('month');
      await expect.poll(() => page.getByRole('table', { name: 'Approval rate' }).getByRole('row').count()).toBe(31);
      await scan('overview, month');
      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.locator('tr[data-audit]').first().waitFor();
      await scan('audit log');
      expect(problems).toEqual([]);
      await close();
    });
  }
});
