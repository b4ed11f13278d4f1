import { UI_CSS } from './ui.styles.js';

/**
 * The hosted screens' style sheet (the checkout's and the withdrawal's), added once to the merchant
 * page's <head>. Every rule is scoped under
 * `.ghc` so the merchant's page is untouched; colours, radii and fonts are the theme tokens' custom
 * properties (ui/theme.ts, docs/decisions/0431); logical properties (inline-start/end) make the layout
 * follow `dir="rtl"`. Error lines keep their height when empty, so an error never moves the form.
 */
export const CSS = `
.ghc{box-sizing:border-box;max-width:560px;min-width:0;margin:0 auto;position:relative;font:var(--gh-font-size-base)/1.45 var(--gh-font-family);color:var(--gh-color-text);background:var(--gh-color-background);border:1px solid #d5dae0;border-radius:10px;padding:16px}
.ghc *,.ghc *::before,.ghc *::after{box-sizing:border-box}
.ghc h2{font-size:17px;margin:0 0 4px}
.ghc h3{font-size:14px;margin:14px 0 6px;color:#3e4c59;font-weight:600}
.ghc-amount{font-size:22px;font-weight:700;margin:0 0 8px}
.ghc-muted{color:var(--gh-color-text-secondary);font-size:13px}
.ghc button,.ghc input,.ghc select{font:inherit;color:inherit}
.ghc :focus-visible{outline:3px solid var(--gh-color-primary);outline-offset:2px}
.ghc-field{height:44px;border-radius:var(--gh-border-radius)}
.ghc-field.sfc-focus{outline:3px solid var(--gh-color-primary);outline-offset:1px}
.ghc-field.sfc-invalid{box-shadow:0 0 0 1px var(--gh-color-danger)}
.ghc-label{display:block;font-size:13px;font-weight:600;margin:8px 0 3px}
.ghc-input{display:block;width:100%;height:40px;padding:6px 10px;border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);background:var(--gh-color-background)}
.ghc-input[aria-invalid=true]{border-color:var(--gh-color-danger)}
.ghc-input[readonly]{background:#f3f4f6}
.ghc-err{min-height:18px;font-size:12.5px;line-height:18px;color:var(--gh-color-danger);margin:2px 0 0}
.ghc-row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:0 12px}
.ghc-row>div{flex:1 1 140px;min-width:0}
.ghc-methods{display:grid;gap:8px;margin:0;padding:0;list-style:none}
.ghc-method{display:flex;align-items:center;gap:8px;width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--gh-color-border);border-radius:var(--gh-method-radius);background:var(--gh-color-background);cursor:pointer;text-align:start}
.ghc-method[aria-pressed=true],.ghc-method[aria-expanded=true]{border:2px solid var(--gh-color-primary);background:var(--gh-color-selected-background)}
.ghc-method img{width:28px;height:20px;flex:0 0 auto}
.ghc-theme-tiles .ghc-methods{grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
.ghc-theme-tiles .ghc-method{flex-direction:column;justify-content:center;text-align:center;min-height:72px}
.ghc-theme-horizontal .ghc-methods{display:flex;overflow-x:auto;gap:6px;padding-bottom:4px}
.ghc-theme-horizontal .ghc-method{flex:0 0 auto;width:auto;white-space:nowrap}
.ghc-theme-accordion .ghc-methods{gap:0}
.ghc-theme-accordion .ghc-method{margin-top:-1px}
.ghc-theme-accordion .ghc-panel{border:1px solid var(--gh-color-border);border-top:0;padding:8px 12px 12px}
.ghc-theme-cashier .ghc-body{display:flex;flex-wrap:wrap;gap:16px}
.ghc-theme-cashier .ghc-side{flex:1 1 160px;min-width:0}
.ghc-theme-cashier .ghc-main{flex:2 1 260px;min-width:0}
.ghc-upos{display:grid;gap:6px;margin:0;padding:0;list-style:none}
.ghc-upo{display:flex;align-items:center;gap:8px;border:1px solid var(--gh-color-border);border-radius:var(--gh-method-radius);padding:6px 8px}
.ghc-upo.ghc-on{border:2px solid var(--gh-color-primary);background:var(--gh-color-selected-background)}
.ghc-upo label{flex:1 1 auto;display:flex;gap:8px;align-items:center;cursor:pointer;min-height:32px}
.ghc .ghc-del{border:0;background:transparent;color:var(--gh-color-danger);min-width:32px;min-height:32px;cursor:pointer;font-size:18px;border-radius:var(--gh-border-radius)}
.ghc-check{display:flex;gap:8px;align-items:flex-start;margin:10px 0}
.ghc-check input{width:18px;height:18px;margin:2px 0 0}
.ghc .ghc-pay{display:block;width:100%;min-height:46px;margin:12px 0 0;border:0;border-radius:var(--gh-border-radius);background:var(--gh-color-primary);color:#fff;font-weight:700;font-size:16px;cursor:pointer}
.ghc .ghc-pay[disabled]{background:#6b7c93;cursor:default}
.ghc .ghc-pay[aria-disabled=true]{background:#6b7c93;cursor:progress}
.ghc-next{display:block;margin-top:6px;font-weight:400;color:inherit}
.ghc-status:focus{outline:2px solid var(--gh-color-primary);outline-offset:2px}
.ghc-field:not([data-ready]){border-radius:var(--gh-border-radius);background:linear-gradient(90deg,#eef0f3 25%,#f7f8fa 50%,#eef0f3 75%);background-size:200% 100%;animation:gh-shimmer 1.2s ease-in-out infinite}
@media (prefers-reduced-motion:reduce){.ghc-field{animation:none!important}}
.ghc .ghc-danger{border-color:var(--gh-color-danger);color:var(--gh-color-danger)}
.ghc .ghc-pay .gh-spinner{margin-inline-end:6px}
.ghc-amount-box{margin:0}
.ghc-status{min-height:22px;margin:10px 0 0}
.ghc-status.ghc-ok{color:var(--gh-color-success);font-weight:600}
.ghc-status.ghc-bad{color:var(--gh-color-danger);font-weight:600}
.ghc-recovery{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 0}
.ghc .ghc-link{border:1px solid var(--gh-color-primary);background:var(--gh-color-background);color:var(--gh-color-primary);border-radius:var(--gh-border-radius);min-height:36px;padding:4px 10px;cursor:pointer}
.ghc-suggest{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.ghc-logos{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 0;padding:0;list-style:none}
.ghc-brand{display:inline-flex;align-items:center;justify-content:center;min-width:40px;height:26px;font-size:10px;font-weight:700;border:1px solid var(--gh-color-border);border-radius:4px;color:#3e4c59;padding:0 4px}
.ghc-logo{display:flex}
.ghc-numwrap{display:flex;align-items:center;gap:6px}
.ghc-brand:has(.gh-brand-mark){border:0;padding:0}
.ghc-numwrap .ghc-field{flex:1 1 0%;min-width:0}
.ghc-logo-left{flex-direction:row-reverse}
.ghc-overlay{position:absolute;inset:0;background:rgba(255,255,255,.6);border-radius:10px;z-index:2}
.ghc-dcc{border:1px dashed var(--gh-color-border);border-radius:var(--gh-border-radius);padding:6px 8px;margin:8px 0}
.ghc-brands{border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);padding:4px 10px;margin:0 0 8px;min-width:0}
.ghc-brands legend{padding:0 4px;margin:0}
.ghc-brands .ghc-check{margin:6px 0}
.ghc-wd-text{flex:1 1 auto}
@media (forced-colors:active){.ghc .ghc-pay{border:2px solid ButtonText}.ghc .ghc-pay[disabled],.ghc .ghc-pay[aria-disabled=true]{border-color:GrayText}.ghc-method[aria-pressed=true],.ghc-method[aria-expanded=true],.ghc-upo.ghc-on{outline:2px solid Highlight}}
@media (max-width:420px){.ghc{padding:12px;border-radius:0;border-left:0;border-right:0}.ghc-amount{font-size:19px}}
`;

/** Adds a style sheet once per page (by its id), with a strict-CSP page's nonce. */
export function addSheet(id: string, css: string, nonce = ''): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}

/** Adds the screens' sheet once per page (both screens use it). */
export const installStyles = (nonce = ''): void => addSheet('gatehouse-checkout-css', CSS + UI_CSS, nonce);
