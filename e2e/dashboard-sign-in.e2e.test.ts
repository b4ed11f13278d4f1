import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, restSale, signIn } from './dashboard-page.js';

/**
 * Signing in to the control panel in real headless Chromium: the form at whatever URL was asked, a
 * wrong password refused with no data shown, the keyboard alone enough, the page first asked shown
 * after signing in, and signing out.
 */
describe('control panel sign-in', () => {
  let gw: Gateway;
  let browser: Browser;
  let paid: string;
  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
    paid = await restSale(gw, 19.99);
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('unauthenticated, /dashboard/transactions shows the sign-in form and no transaction', async () => {
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/transactions');
    await page.getByRole('heading', { name: 'Sign in to the control panel' }).waitFor();
    const email = page.getByLabel('E-mail');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('autocomplete')).toBe('username');
    const password = page.getByLabel('Password');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.content()).not.toContain(paid);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('a wrong password is refused in an alert, and no data is shown', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard/transactions');
    await page.getByLabel('E-mail').fill(demoUser(gw).email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe('The e-mail or the password is not right.');
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.content()).not.toContain(paid);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await close();
  });

  it('signs in with the keyboard alone and lands on the page first asked, then signs out', async () => {
    const { page, problems, close } = await openPanel(browser, gw, `/dashboard/transactions/${paid}`);
    await page.getByLabel('E-mail').waitFor();
    const { email, password } = demoUser(gw);
    // Tab from the top of the page to the e-mail field, type, Tab to the password, Enter submits
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Transaction ${paid}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/transactions/${paid}`);
    const header = page.locator('header');
    expect(await header.innerText()).toContain('Admin');
    expect(await page.title()).toContain(`Transaction ${paid}`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the control panel' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the control panel' }).waitFor();
    expect(await page.content()).not.toContain('19.99');
    expect(problems).toEqual([]);
    await close();
  });

  it('/dashboard leads to the overview after signing in', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.locator(`[data-tx="${paid}"]`).waitFor();
    await close();
  });
  it('after too many failed attempts, the form says how long to wait', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard/login');
    const alert = page.getByRole('alert');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('E-mail').fill('nobody@shop.example');
      await page.getByLabel('Password').fill(`guess ${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // a refused attempt empties the password field
      await expect.poll(() => page.getByLabel('Password').inputValue()).toBe('');
      expect(await alert.innerText()).toBe('The e-mail or the password is not right.');
    }
    await page.getByLabel('Password').fill('guess 5');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => alert.innerText()).toMatch(/^Too many attempts\. Try again in \d+ min\.$/);
    await close();
  });

  it('a session ended on the server brings the form back at the same URL on the next request', async () => {
    const { page, context, close } = await openPanel(browser, gw, '/dashboard/transactions');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.locator('tr[data-tx]').first().waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'gh_dash')!;
    const me = await gw.request('GET', '/dashboard/api/v1/me', { headers: { cookie: `gh_dash=${cookie.value}` } });
    const out = await gw.request('DELETE', '/dashboard/api/v1/session', {
      headers: { cookie: `gh_dash=${cookie.value}`, 'x-csrf-token': me.json.csrfToken },
    });
    expect(out.status).toBe(204);
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('heading', { name: 'Sign in to the control panel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'REST API keys', level: 1 }).waitFor();
    await close();
  });
  it('signed in, the keyboard alone skips to the content and moves between pages, the focus on each heading', async () => {
    const { page, close } = await openPanel(browser, gw, '/dashboard/transactions');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.locator('tr[data-tx]').first().waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const active = () =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
    await page.keyboard.press('Tab');
    expect(await active()).toBe('A Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // back from the content, through the nav's later links (Audit log … Notifications) to Keys
    for (let i = 0; i < 14 && (await active()) !== 'A Keys'; i++) await page.keyboard.press('Shift+Tab');
    expect(await active()).toBe('A Keys');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'REST API keys', level: 1 }).waitFor();
    await expect.poll(() => active()).toBe('H1 REST API keys');
    expect(await page.title()).toBe('REST API keys · Demo Merchant · Gatehouse');
    await page.goBack();
    await expect.poll(() => active()).toBe('H1 Transactions');
    await close();
  });
});
