import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, validOrder } from '../packages/server/test/harness.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, signIn } from './dashboard-page.js';

/**
 * REST 2.0 keys in the control panel, in real headless Chromium: a key created, its secret shown once,
 * renamed, used for POST /orders, then revoked, after which the API refuses it.
 */
describe('control panel keys', () => {
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

  it('creates a key shown once, which works for POST /orders until it is revoked', async () => {
    const { page, problems, close } = await openPanel(browser, gw, '/dashboard/keys');
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'REST API keys', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create key' });
    await form.getByLabel('Label (optional)').fill('e2e server');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    await shown.waitFor();
    expect(await shown.innerText()).toContain('it will not be shown again');
    const field = shown.getByLabel('Secret key');
    expect(await field.getAttribute('aria-readonly')).toBe('true');
    // shown whole, as text: the reader sees and copies all of it
    const secret = (await field.innerText()).trim();
    expect(secret).toMatch(/^gh_key_/);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // the list shows the key by its label and hint, never the secret
    const named = page.locator('tr[data-key]', { hasText: 'e2e server' });
    await named.waitFor();
    const row = page.locator(`tr[data-key="${await named.getAttribute('data-key')}"]`);
    expect(await page.content()).not.toContain(secret);

    // renamed: the row follows, the secret still works
    await row.getByRole('button', { name: 'Rename e2e server' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename e2e server' });
    await rename.getByLabel('Label').fill('e2e checkout server');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('e2e checkout server');

    const order = await gw.request('POST', '/orders', { headers: { 'x-api-key': secret }, body: validOrder(gw) });
    expect(order.status, order.text).toBe(201);

    await row.getByRole('button', { name: 'Revoke e2e checkout server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke e2e checkout server?' });
    // the safe choice takes the focus first
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Revoked');

    const refused = await gw.request('POST', '/orders', { headers: { 'x-api-key': secret }, body: validOrder(gw) });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('7300.3000');
    expect(problems).toEqual([]);
    await close();
  });
});
