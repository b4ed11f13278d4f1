import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Gateway } from '../packages/server/test/harness.js';

/**
 * The control panel's browser suites' shared steps: a page that records every console error, failed
 * request and CSP violation, the demo admin's sign-in through the form, and a REST payment to find.
 */

export interface PanelPage {
  page: Page;
  context: BrowserContext;
  /** console errors, page errors and CSP violations seen so far */
  problems: string[];
  close(): Promise<void>;
}

export async function openPanel(
  browser: Browser,
  gw: Gateway,
  path: string,
  o: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<PanelPage> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: 900 },
    colorScheme: o.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // a 401 of GET /me before signing in is the panel asking, not a fault
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.goto(gw.url + path);
  return { page, context, problems, close: () => context.close() };
}

export const demoUser = (gw: Gateway) => {
  const d = gw.demo.dashboard;
  if (!d) throw new Error('the demo merchant has no dashboard user (demo-credentials.json "dashboard")');
  return d;
};

/** Fills the sign-in form and waits for the signed-in frame (its nav). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Control panel' }).waitFor();
}

/** An approved card Sale (or Auth) of `amount` EUR through the REST API: its transactionId. */
export async function restSale(
  gw: Gateway,
  amount: number,
  key = gw.demo.apiKey,
  transactionType: 'Sale' | 'Auth' = 'Sale',
): Promise<string> {
  const r = await gw.request('POST', '/payment-api/payments', {
    headers: { 'x-api-key': key },
    body: {
      processingEntityId: gw.demo.processingEntityId,
      transactionType,
      amount,
      currency: 'EUR',
      paymentOption: {
        card: {
          cardNumber: '4761344136141390',
          cardHolderName: 'Jane Roe',
          expirationMonth: '12',
          expirationYear: '2030',
          CVV: '217',
        },
      },
      billingAddress: { zip: '10001' },
    },
  });
  if (r.status !== 200 || !r.json?.transactionId) throw new Error(`the REST sale failed: ${r.status} ${r.text}`);
  return String(r.json.transactionId);
}
