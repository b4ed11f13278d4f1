import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../packages/server/test/harness.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, signIn } from './dashboard-page.js';

/**
 * Notifications in the control panel, in real headless Chromium: a test webhook queued through the
 * admin API is listed with its target and attempts, its payload can be opened, and Resend queues it
 * again (announced); the page has no axe violation.
 */
describe('control panel notifications', () => {
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

  it('lists a webhook with its attempts and payload, and resends it', async () => {
    const queued = await gw.request('POST', '/admin/v1/test-notifications', {
      headers: apiKey(gw),
      body: { kind: 'webhook', url: 'http://127.0.0.1:9/hook' },
    });
    expect(queued.status, queued.text).toBe(202);

    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/notifications');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const row = page.locator('tr[data-notification]').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('test.notification');
    expect(await row.innerText()).toContain('http://127.0.0.1:9/hook');
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);

    await row.locator('summary').click();
    expect(await row.locator('details pre').last().innerText()).toContain('test.notification');
    expect(await axeScan(page, { bestPractices: true })).toEqual([]);

    await row.getByRole('button', { name: 'Resend test.notification' }).click();
    await expect
      .poll(() => page.locator('[data-dash-announcer]').innerText())
      .toBe('test.notification is queued to be sent again.');
    expect(problems).toEqual([]);
    await close();
  });
});
