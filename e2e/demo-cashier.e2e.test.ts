import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { Relay, relayOptionsOf } from '../packages/server/src/delivery/relay.js';
import { setSiteNotificationUrl } from '../packages/server/src/domain/notifications/notification.service.js';
import { INBOX_PATHS } from '../packages/server/src/http/demo/inbox.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';

/**
 * The demo shop's cashier tab (`/demo/cashier`, docs/decisions/0540) in real headless Chromium: the
 * user asks for a withdrawal, the request is Pending; the back-office steps approve it and settle its
 * order, each showing the session call and its answer; the DMNs arrive in the sandbox inbox. With the
 * keyboard only, and axe-clean.
 */

const WAIT = { timeout: 30_000 };

describe('the demo cashier in Chromium', () => {
  let gw: Gateway;
  let browser: Browser;
  let relay: Relay;
  beforeAll(async () => {
    gw = await startGateway();
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${gw.url}${INBOX_PATHS.dmn}`);
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, relayOptionsOf(gw.rt.config));
    relay.start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await relay?.stop();
    await gw?.close();
  });

  const text = (page: Page, selector: string) => page.locator(selector).innerText();

  /** The user's part: asks for 15.00 EUR to the saved card, which the component selected. */
  async function withdraw(page: Page): Promise<void> {
    await expect(page.locator('.ghc-pay').textContent(WAIT)).resolves.toContain('Withdraw €15.00');
    await page.locator('.ghc-pay').click(WAIT);
  }

  it('clicks through: Pending, approved, settled, and the DMNs in the inbox', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    try {
      await page.goto(`${gw.url}/demo/cashier`);
      await withdraw(page);
      await page.waitForFunction(
        () => /sent: Pending/.test(document.getElementById('outcome')!.textContent!),
        null,
        WAIT,
      );
      const wdRequestId = JSON.parse(await text(page, '#result')).wdRequestId as number;

      await page.locator('#lookup').click(WAIT);
      await page.waitForFunction(
        () => / is Pending: 15\.00 EUR/.test(document.getElementById('outcome')!.textContent!),
        null,
        WAIT,
      );
      expect(await text(page, '#lookup-out')).toContain('POST /ppp/api/withdrawal/getRequests.do');

      await page.locator('#approve').click(WAIT);
      await page.waitForFunction(
        () => /is InProgress; order \d+ is Approved/.test(document.getElementById('outcome')!.textContent!),
        null,
        WAIT,
      );
      expect(await text(page, '#approve-out')).toContain('"wdOrderStatus": "Approved"');

      await page.locator('#settle').click(WAIT);
      await page.waitForFunction(
        () => /is Settled: paid out/.test(document.getElementById('outcome')!.textContent!),
        null,
        WAIT,
      );
      expect(await text(page, '#settle-out')).toContain('POST /ppp/api/withdrawal/settleWithdrawalOrder.do');

      // the DMNs: shown on the page, and in the sandbox inbox
      const rows = () =>
        page.$$eval('#dmn tr', (trs) =>
          trs.map((tr) =>
            [...tr.cells]
              .slice(1, 3)
              .map((td) => td.textContent)
              .join(' '),
          ),
        );
      await page.waitForFunction(() => document.querySelectorAll('#dmn tr').length >= 5, null, WAIT);
      expect(await rows()).toEqual(
        expect.arrayContaining([
          `request ${wdRequestId} Pending`,
          `request ${wdRequestId} InProgress`,
          expect.stringMatching(/^order \d+ Approved$/),
          expect.stringMatching(/^order \d+ Settled$/),
          `request ${wdRequestId} Approved`,
        ]),
      );
      expect(await page.locator('#dmn').innerText()).not.toContain('invalid');
      await page.goto(`${gw.url}/demo/inbox`);
      const inbox = await page.locator('main').innerText();
      expect(inbox).toContain(`"wdRequestId": "${wdRequestId}"`);
      expect(inbox).toContain('"wdOrderStatus": "Settled"');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('works with the keyboard alone and is axe-clean, at 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    try {
      await page.goto(`${gw.url}/demo/cashier`);
      await page.locator('.ghc-pay').waitFor(WAIT);
      expect(await axeScan(page, { bestPractices: true })).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      // Tab to the withdrawal button, then to each step's button as it becomes enabled
      const tabTo = async (selector: string) => {
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
        }
        throw new Error(`Tab never reached ${selector}`);
      };
      await tabTo('.ghc-pay');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('#lookup')!.disabled, null, WAIT);
      await tabTo('#lookup');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('#approve')!.disabled, null, WAIT);
      await tabTo('#approve');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('#settle')!.disabled, null, WAIT);
      await tabTo('#settle');
      await page.keyboard.press('Space');
      await page.waitForFunction(() => /is Settled/.test(document.getElementById('outcome')!.textContent!), null, WAIT);
      expect(await axeScan(page, { bestPractices: true })).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
