import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { axeScan } from './axe-scan.js';
import { launchChromium } from './chromium.js';

/**
 * The demo shop's card fields page (`/demo`) on a phone, 390 px wide, in real headless Chromium: the
 * card field's iframe lies wholly inside the window and inside its container (it was clipped), the page
 * scrolls no sideways, every control is reached with the keyboard, and axe finds nothing.
 */

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

describe('/demo at 390 px', () => {
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

  it('shows the whole card field inside the window and its container', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${gw.url}/demo`);
      await page.frameLocator('#card iframe').locator('input[autocomplete="cc-number"]').waitFor({ timeout: 30_000 });
      const { frame, container, inner, width } = await page.evaluate(() => {
        const box = (el: Element): Box => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        const iframe = document.querySelector('#card iframe')!;
        const card = document.getElementById('card')!;
        return {
          frame: box(iframe),
          container: box(card),
          // the container's content box: inside its border and padding
          inner: (() => {
            const s = getComputedStyle(card);
            const r = card.getBoundingClientRect();
            const px = (v: string) => Number.parseFloat(v);
            return {
              left: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
              right: r.right - px(s.borderRightWidth) - px(s.paddingRight),
              top: r.top + px(s.borderTopWidth) + px(s.paddingTop),
              bottom: r.bottom - px(s.borderBottomWidth) - px(s.paddingBottom),
            };
          })(),
          width: document.documentElement.clientWidth,
        };
      });
      expect(frame.left).toBeGreaterThanOrEqual(0);
      expect(frame.right).toBeLessThanOrEqual(width);
      expect(container.right).toBeLessThanOrEqual(width);
      expect(frame.left).toBeGreaterThanOrEqual(inner.left - 0.5);
      expect(frame.right).toBeLessThanOrEqual(inner.right + 0.5);
      expect(frame.top).toBeGreaterThanOrEqual(inner.top - 0.5);
      expect(frame.bottom).toBeLessThanOrEqual(inner.bottom + 0.5);
      // inside the frame: the card form's inputs are not cut off at its right edge
      const cut = await page
        .frameLocator('#card iframe')
        .locator('body')
        .evaluate((body) => body.scrollWidth - body.clientWidth);
      expect(cut, 'card form wider than its frame').toBeLessThanOrEqual(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      // a whole card number is seen: the number input is wide enough for it
      const number = page.frameLocator('#card iframe').locator('input[autocomplete="cc-number"]');
      await number.fill('4761344136141390');
      expect(await number.inputValue()).toBe('4761 3441 3614 1390');
      expect(await number.evaluate((i: HTMLInputElement) => i.scrollWidth - i.clientWidth)).toBeLessThanOrEqual(0);
      for (const part of ['cc-exp', 'cc-csc']) {
        const box = await page.frameLocator('#card iframe').locator(`input[autocomplete="${part}"]`).boundingBox();
        expect(box!.x + box!.width, part).toBeLessThanOrEqual(inner.right + 0.5);
      }
    } finally {
      await page.close();
    }
  });

  it('is reached with the keyboard and axe-clean', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${gw.url}/demo`);
      const number = page.frameLocator('#card iframe').locator('input[autocomplete="cc-number"]');
      await number.waitFor({ timeout: 30_000 });
      // WCAG only: the card frame is a widget inside the page, where best practices do not apply
      expect(await axeScan(page)).toEqual([]);
      const reached: string[] = [];
      for (let i = 0; i < 20 && !reached.includes('pay'); i++) {
        await page.keyboard.press('Tab');
        reached.push(
          await page.evaluate(() => {
            const a = document.activeElement;
            return a?.id || a?.tagName.toLowerCase() || '';
          }),
        );
      }
      expect(reached).toEqual(expect.arrayContaining(['holder', 'iframe', 'pay']));
    } finally {
      await page.close();
    }
  });
});
