/* eslint-disable @typescript-eslint/no-explicit-any -- axe's results, read in the page */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in `frame`'s document, once per document (it is half a megabyte of script to compile).
 * Evaluated rather than added as a <script>, so that the frames' strict CSP (no inline script) is not
 * in the way.
 */
export async function ensureAxe(frame: Frame | Page): Promise<void> {
  if (!(await frame.evaluate(() => typeof (window as any).axe === 'object'))) await frame.evaluate(AXE);
}

/** WCAG 2.2 A and AA, as axe-core tags them. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface ScanOptions {
  /**
   * Also axe's best practices (landmarks, one h1, page regions): for a page of its own, like the ACS
   * and APM pages; a checkout's card frames are widgets inside the merchant's page, where they do not apply.
   */
  bestPractices?: boolean;
}

/**
 * axe-core in the page and in each of its frames (the card frames, the 3-D Secure issuer's page), every
 * impact counted: each violation as `<frame path> <rule> (<impact>): <targets>`.
 */
export async function axeScan(p: Page, o: ScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  const tags = o.bestPractices ? [...WCAG, 'best-practice'] : WCAG;
  for (const frame of p.frames()) {
    // a frame not yet navigated (a card frame still loading) has no document of ours to scan
    if (!/^https?:/.test(frame.url()) || frame.isDetached()) continue;
    let violations: string[];
    try {
      await ensureAxe(frame);
      violations = await frame.evaluate(async (runTags) => {
        const r = await (window as any).axe.run(document, {
          runOnly: { type: 'tag', values: runTags },
          resultTypes: ['violations'],
          // each frame is scanned here on its own: axe is not to reach into the frames from their parent
          iframes: false,
        });
        return r.violations.map(
          (v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`,
        );
      }, tags);
    } catch (err) {
      // a frame that navigated away meanwhile (an auto-posting page) has nothing left to scan
      if (frame.isDetached() || /destroyed|detached|navigat/i.test(String(err))) continue;
      throw err;
    }
    const url = new URL(frame.url());
    found.push(...violations.map((v) => `${url.pathname} ${v}`));
  }
  return found;
}
