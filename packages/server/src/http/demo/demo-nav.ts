/**
 * The tabs of the demo shop (docs/decisions/0540): one page each, linked as a navigation bar whose
 * current page is marked with `aria-current`, so that it works with the keyboard and without script.
 */

const TABS = [
  ['/demo', 'Card fields'],
  ['/demo/checkout', 'Hosted checkout'],
  ['/demo/cashier', 'Cashier (withdrawals)'],
] as const;

export type DemoTab = (typeof TABS)[number][0];

/** The style of the tabs, for the page's nonce'd style sheet. */
export const DEMO_NAV_CSS = `.tabs{display:flex;flex-wrap:wrap;gap:.25rem;margin:0 0 1rem;padding:0;list-style:none;border-bottom:1px solid #c5ccd3}
.tabs a{display:block;padding:.45rem .8rem;border:1px solid transparent;border-bottom:0;border-radius:6px 6px 0 0;color:#1d4ed8;text-decoration:none}
.tabs a:hover{text-decoration:underline}.tabs a:focus-visible{outline:3px solid #3b6fd8;outline-offset:1px}
.tabs a[aria-current=page]{border-color:#c5ccd3;background:#fff;color:#1f2933;font-weight:600;margin-bottom:-1px}`;

/** The tabs, the current one marked. */
export function demoNav(current: DemoTab): string {
  const items = TABS.map(
    ([href, label]) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('');
  return `<nav aria-label="Demo shop"><ul class="tabs">${items}</ul></nav>`;
}
