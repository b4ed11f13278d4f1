import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type WireClient, wireClient } from '../packages/server/test/wire-client.js';
import { CATALOGUE_CHECKSUM_FIELDS as F } from '../packages/server/src/security/catalogue-checksum.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';
import { demoUser, openPanel, type PanelPage, signIn } from './dashboard-page.js';

/**
 * The merchant's stored payment options, sites and platform in the control panel, in real headless
 * Chromium: a stored card suspended and deleted, a webhook secret rotated and shown once, a seller seen
 * on the platform page; axe-core finds nothing on the three pages and their dialogs.
 */
describe('control panel: payment options, sites, platform', () => {
  let gw: Gateway;
  let browser: Browser;
  let w: WireClient;
  let panel: PanelPage;
  let page: Page;
  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS' });
    return r.json;
  };
  const scan = async (what: string) => expect(await axeScan(page, { bestPractices: true }), what).toEqual([]);

  beforeAll(async () => {
    gw = await startGateway();
    browser = await launchChromium();
    w = wireClient(gw);
    panel = await openPanel(browser, gw, '/dashboard/payment-options');
    page = panel.page;
    const { email, password } = demoUser(gw);
    await signIn(page, email, password);
  });
  afterAll(async () => {
    await panel?.close();
    await browser?.close();
    await gw?.close();
  });

  it('finds a customer’s stored card, suspends it, then deletes it after a confirmation', async () => {
    const base = { userTokenId: 'e2e-customer', clientRequestId: 'e2e-1' };
    ok(
      await w.call('createUser', F.createUser, {
        ...base,
        firstName: 'Ada',
        lastName: 'Byron',
        countryCode: 'GB',
        email: 'ada@example.com',
      }),
    );
    const card = ok(
      await w.call('addUPOCreditCard', F.addUPOCreditCard, {
        ...base,
        ccCardNumber: '4761344136141390',
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'Ada Byron',
      }),
    );
    await page.getByRole('heading', { name: 'Stored payment options' }).waitFor();
    await scan('payment options, empty');
    await page.getByLabel('Customer (userTokenId)').fill('e2e-customer');
    await page.getByRole('button', { name: 'Find' }).click();
    const row = page.locator(`tr[data-upo="${card.userPaymentOptionId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('12/2030');
    expect(await row.innerText()).toContain('Enabled');
    expect(new URL(page.url()).searchParams.get('userTokenId')).toBe('e2e-customer');
    await scan('payment options, a customer');

    await row.getByRole('button', { name: /^Suspend / }).click();
    await row.getByText('Suspended').waitFor();
    const listed = ok(await w.call('getUserUPOs', F.getUserDetails, { ...base }));
    expect(listed.paymentMethods[0].upoStatus).toBe('disabled');

    await row.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete .*\?$/ });
    await confirm.waitFor();
    await scan('delete a payment option');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No stored payment options for e2e-customer.').waitFor();
    expect(ok(await w.call('getUserUPOs', F.getUserDetails, { ...base })).paymentMethods).toEqual([]);
  });

  it('rotates a site’s webhook secret: shown once, never listed', async () => {
    await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('heading', { name: 'Sites' }).waitFor();
    const row = page.locator(`tr[data-site="${gw.demo.merchantSiteId}"]`);
    await row.waitFor();
    await scan('sites');

    await row.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: /^Settings of / });
    await edit.waitFor();
    await scan('site settings');
    await edit.getByLabel('DMN address (notificationUrl)').fill('https://shop.example/dmn');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('https://shop.example/dmn').waitFor();

    await row.getByRole('button', { name: /^Rotate secret of / }).click();
    const confirm = page.getByRole('dialog', { name: /^Rotate the webhook secret/ });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByRole('dialog', { name: /^New webhook secret/ });
    await shown.waitFor();
    expect(await shown.innerText()).toContain('shown this once');
    const secret = (await shown.getByLabel('Webhook signing secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(gw.demo.webhookSecret);
    await scan('a new webhook secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await row.getByText(/The previous secret also signs until/).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('shows a seller of the platform with its KYC status, and moves it in the sandbox', async () => {
    await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Platform' }).click();
    await page.getByRole('heading', { name: 'Marketplace platform' }).waitFor();
    await page.getByText('This merchant does not use the marketplace platform').waitFor();
    await scan('platform, not used');

    const made = await gw.request('POST', '/api/v2/account-owners', {
      headers: { 'x-api-key': gw.demo.apiKey },
      body: { extRef: 'seller-e2e', name: 'Seller Seventy', email: 'seller70@example.com', country: 'DE' },
    });
    expect(made.status, made.text).toBe(201);
    await page.reload();
    const row = page.locator(`tr[data-owner="${made.json.accountOwnerCode}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Seller Seventy');
    expect(await row.innerText()).toContain('MISSING_DATA');
    await scan('platform, a seller');

    await row.getByRole('button', { name: 'Move Seller Seventy to a new status' }).click();
    const move = page.getByRole('dialog', { name: /^Move Seller Seventy/ });
    await move.waitFor();
    await scan('move a seller');
    await move.getByLabel('New status').selectOption('IN_PROGRESS');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.waitFor({ state: 'detached' });
    await row.getByText('IN_PROGRESS').waitFor();
    expect(panel.problems).toEqual([]);
  });

  it('the three pages have no violation at a 768 px tablet in dark colours, and none is wider than the window', async () => {
    const tablet = await openPanel(browser, gw, '/dashboard/sites', { width: 768, colorScheme: 'dark' });
    const { email, password } = demoUser(gw);
    await signIn(tablet.page, email, password);
    for (const [path, heading] of [
      ['/dashboard/sites', 'Sites'],
      ['/dashboard/payment-options?userTokenId=e2e-customer', 'Stored payment options'],
      ['/dashboard/platform', 'Marketplace platform'],
    ] as const) {
      await tablet.page.goto(gw.url + path);
      await tablet.page.getByRole('heading', { name: heading }).waitFor();
      await tablet.page.locator('.gh-table, .dash-note').first().waitFor();
      expect(await axeScan(tablet.page, { bestPractices: true }), path).toEqual([]);
      const overflow = await tablet.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path}: wider than the window`).toBeLessThanOrEqual(0);
    }
    expect(tablet.problems).toEqual([]);
    await tablet.close();
  });
});
