import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import type { ManualClock } from '../packages/server/src/lib/clock.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, signIn } from './dashboard-page.js';

/**
 * Users in the control panel, in real headless Chromium: a Finance user invited, its first password
 * shown once, that user signing in and seeing only what the role allows; then removed. A Temp user
 * invited until tomorrow works today, and is shown the sign-in form once the gateway's clock passes
 * that day, and cannot sign in again.
 */
describe('control panel users', () => {
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

  it('invites a user whose first password is shown once, who sees only what the role allows, then removes it', async () => {
    const admin = await openPanel(browser, gw, '/dashboard/users');
    const { email, password } = demoUser(gw);
    await signIn(admin.page, email, password);
    await admin.page.getByRole('button', { name: 'Invite a user' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Invite a user' });
    await form.getByLabel('E-mail').fill('fin@shop.example');
    await form.getByLabel('Name').fill('Fay Finance');
    await form.getByLabel('Role').selectOption('finance');
    await form.getByRole('button', { name: 'Invite a user' }).click();
    const shown = admin.page.getByRole('dialog', { name: 'Fay Finance is invited' });
    await shown.waitFor();
    expect(await shown.innerText()).toContain('it will not be shown again');
    const first = (await shown.getByLabel('First password').innerText()).trim();
    expect(first.length).toBeGreaterThan(8);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = admin.page.locator('tr[data-user="fin@shop.example"]');
    await row.waitFor();
    expect(await row.innerText()).toContain('Finance');

    // the new user: the overview, transactions and notifications, no keys, no users
    const fin = await openPanel(browser, gw, '/dashboard/transactions');
    await signIn(fin.page, 'fin@shop.example', first);
    const nav = fin.page.getByRole('navigation', { name: 'Control panel' });
    expect((await nav.getByRole('link').allInnerTexts()).sort()).toEqual([
      'Notifications',
      'Overview',
      'Payment options',
      'Platform',
      'Sites',
      'Transactions',
      'Withdrawals',
    ]);
    expect(await fin.page.locator('.dash-role').innerText()).toBe('Finance');
    await fin.close();

    await row.getByRole('button', { name: 'Remove Fay Finance' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Remove Fay Finance?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect(admin.problems).toEqual([]);
    await admin.close();
  });
});

describe('control panel Temp users', () => {
  let gw: Gateway;
  let browser: Browser;
  const DAY = 86_400_000;
  beforeAll(async () => {
    gw = await startGateway({ clockStart: Date.now() });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('invites a Temp user until tomorrow, who works today and is signed out once that day is over', async () => {
    const admin = await openPanel(browser, gw, '/dashboard/users');
    const { email, password } = demoUser(gw);
    await signIn(admin.page, email, password);
    await admin.page.getByRole('button', { name: 'Invite a user' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Invite a user' });
    await form.getByLabel('E-mail').fill('temp@shop.example');
    await form.getByLabel('Name').fill('Tim Temp');
    await form.getByLabel('Role').selectOption('temp');
    const tomorrow = new Date(gw.clock.now() + DAY).toISOString().slice(0, 10);
    await form.getByLabel('Access ends on').fill(tomorrow);
    await form.getByRole('button', { name: 'Invite a user' }).click();
    const shown = admin.page.getByRole('dialog', { name: 'Tim Temp is invited' });
    const first = (await shown.getByLabel('First password').innerText()).trim();
    await shown.getByRole('button', { name: 'Done' }).click();
    await admin.close();

    const temp = await openPanel(browser, gw, '/dashboard/keys');
    await signIn(temp.page, 'temp@shop.example', first);
    await temp.page.getByRole('heading', { name: 'REST API keys' }).waitFor();
    expect(await temp.page.locator('.dash-role').innerText()).toBe('Temp');

    // the day after tomorrow: the next request of the open page brings the sign-in form back
    (gw.clock as ManualClock).advance(3 * DAY);
    const nav = temp.page.getByRole('navigation', { name: 'Control panel' });
    await nav.getByRole('link', { name: 'Transactions' }).click();
    await temp.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await temp.page.getByLabel('E-mail').fill('temp@shop.example');
    await temp.page.getByLabel('Password').fill(first);
    await temp.page.getByRole('button', { name: 'Sign in' }).click();
    await temp.page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    expect(await nav.count()).toBe(0);
    await temp.close();
  });
});
