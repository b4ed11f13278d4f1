import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { launchChromium } from './chromium.js';

/**
 * A new user's first pages in real headless Chromium: `/`, `/docs`, `/demo` and the
 * sandbox inbox load with no console error (no CSP violation, no missing favicon), at a desktop and a
 * phone width. Screenshots go to E2E_SCREENSHOTS when it is set, for a person to look at.
 */

const PAGES = ['/', '/docs', '/demo', '/demo/inbox'];
const WIDTHS = [1280, 375];

describe('the first pages in Chromium', () => {
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

  for (const path of PAGES) {
    for (const width of WIDTHS) {
      it(`${path} at ${width} px: loads with no console error and nothing wider than the window`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
        page.on('response', (r) => {
          if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
        });
        try {
          const res = await page.goto(gw.url + path, { waitUntil: 'load' });
          expect(res?.status()).toBe(200);
          if (path === '/demo') await page.frameLocator('#card iframe').locator('input').first().waitFor();
          // The favicon is fetched after load: wait for the network to settle before judging.
          await page.waitForLoadState('networkidle');
          expect(await page.title()).toMatch(/Gatehouse/);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
          if (process.env.E2E_SCREENSHOTS) {
            await mkdir(process.env.E2E_SCREENSHOTS, { recursive: true });
            const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}.png`;
            await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, name), fullPage: false });
          }
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const [card, kind, text] of [
    ['4761344136141390', 'ok', /^✓ Payment approved: 15\.00 EUR, transaction \d+$/],
    ['4000128449498204', 'bad', /^✗ Payment declined/],
  ] as const) {
    it(`/demo shows a clear ${kind === 'ok' ? 'success' : 'decline'} state after paying with ${card}`, async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 900 } });
      try {
        await page.goto(`${gw.url}/demo`);
        const frame = page.frameLocator('#card iframe');
        await frame.locator('input[autocomplete="cc-number"]').fill(card, { timeout: 30_000 });
        await frame.locator('input[autocomplete="cc-exp"]').fill('12/30', { timeout: 30_000 });
        await frame.locator('input[autocomplete="cc-csc"]').fill('217', { timeout: 30_000 });
        await page.click('#pay');
        await page.waitForFunction(
          () =>
            !/\bwait\b/.test(document.getElementById('outcome')!.className) &&
            document.getElementById('outcome')!.className !== 'outcome',
          null,
          { timeout: 30_000 },
        );
        expect(await page.getAttribute('#outcome', 'class')).toBe(`outcome ${kind}`);
        expect((await page.textContent('#outcome'))!.trim()).toMatch(text);
        expect(await page.isVisible('#outcome')).toBe(true);
      } finally {
        await page.close();
      }
    });
  }
});
