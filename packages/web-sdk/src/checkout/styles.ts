import { UI_CSS } from '../ui/ui.styles.js';

/**
 * The checkout's style sheet, added once to the merchant page's <head>. Every rule is scoped under
 * `.ghc` so the merchant's page is untouched; logical properties (inline-start/end) make the layout
 * follow `dir="rtl"`. Error lines keep their height when empty, so an error never moves the form.
 */
export const CSS = `
.ghc{box-sizing:border-box;max-width:560px;min-width:0;margin:0 auto;position:relative;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff;border:1px solid #d5dae0;border-radius:10px;padding:16px}
.ghc *,.ghc *::before,.ghc *::after{box-sizing:border-box}
.ghc h2{font-size:17px;margin:0 0 4px}
.ghc h3{font-size:14px;margin:14px 0 6px;color:#3e4c59;font-weight:600}
.ghc-amount{font-size:22px;font-weight:700;margin:0 0 8px}
.ghc-muted{color:#52606d;font-size:13px}
.ghc button,.ghc input,.ghc select{font:inherit;color:inherit}
.ghc :focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.ghc-field{height:44px;border-radius:6px}
.ghc-field.sfc-focus{outline:3px solid #1a56db;outline-offset:1px}
.ghc-field.sfc-invalid{box-shadow:0 0 0 1px #b42318}
.ghc-label{display:block;font-size:13px;font-weight:600;margin:8px 0 3px}
.ghc-input{display:block;width:100%;height:40px;padding:6px 10px;border:1px solid #8a96a3;border-radius:6px;background:#fff}
.ghc-input[aria-invalid=true]{border-color:#b42318}
.ghc-input[readonly]{background:#f3f4f6}
.ghc-err{min-height:18px;font-size:12.5px;line-height:18px;color:#b42318;margin:2px 0 0}
.ghc-row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:0 12px}
.ghc-row>div{flex:1 1 140px;min-width:0}
.ghc-methods{display:grid;gap:8px;margin:0;padding:0;list-style:none}
.ghc-method{display:flex;align-items:center;gap:8px;width:100%;min-height:44px;padding:8px 12px;border:1px solid #8a96a3;border-radius:8px;background:#fff;cursor:pointer;text-align:start}
.ghc-method[aria-pressed=true],.ghc-method[aria-expanded=true]{border:2px solid #1a56db;background:#eef4ff}
.ghc-method img{width:28px;height:20px;flex:0 0 auto}
.ghc-theme-tiles .ghc-methods{grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
.ghc-theme-tiles .ghc-method{flex-direction:column;justify-content:center;text-align:center;min-height:72px}
.ghc-theme-horizontal .ghc-methods{display:flex;overflow-x:auto;gap:6px;padding-bottom:4px}
.ghc-theme-horizontal .ghc-method{flex:0 0 auto;width:auto;border-radius:999px;white-space:nowrap}
.ghc-theme-accordion .ghc-methods{gap:0}
.ghc-theme-accordion .ghc-method{border-radius:0;margin-top:-1px}
.ghc-theme-accordion .ghc-panel{border:1px solid #8a96a3;border-top:0;padding:8px 12px 12px}
.ghc-theme-cashier .ghc-body{display:flex;flex-wrap:wrap;gap:16px}
.ghc-theme-cashier .ghc-side{flex:1 1 160px;min-width:0}
.ghc-theme-cashier .ghc-main{flex:2 1 260px;min-width:0}
.ghc-upos{display:grid;gap:6px;margin:0;padding:0;list-style:none}
.ghc-upo{display:flex;align-items:center;gap:8px;border:1px solid #8a96a3;border-radius:8px;padding:6px 8px}
.ghc-upo.ghc-on{border:2px solid #1a56db;background:#eef4ff}
.ghc-upo label{flex:1 1 auto;display:flex;gap:8px;align-items:center;cursor:pointer;min-height:32px}
.ghc .ghc-del{border:0;background:transparent;color:#b42318;min-width:32px;min-height:32px;cursor:pointer;font-size:18px;border-radius:6px}
.ghc-check{display:flex;gap:8px;align-items:flex-start;margin:10px 0}
.ghc-check input{width:18px;height:18px;margin:2px 0 0}
.ghc .ghc-pay{display:block;width:100%;min-height:46px;margin:12px 0 0;border:0;border-radius:8px;background:#1a56db;color:#fff;font-weight:700;font-size:16px;cursor:pointer}
.ghc .ghc-pay[disabled]{background:#6b7c93;cursor:default}
.ghc .ghc-pay[aria-disabled=true]{background:#6b7c93;cursor:progress}
.ghc-next{display:block;margin-top:6px;font-weight:400;color:inherit}
.ghc-status:focus{outline:2px solid #1a56db;outline-offset:2px}
.ghc-field:not([data-ready]){background:#eef0f3}
.ghc .ghc-danger{border-color:#b42318;color:#b42318}
.ghc .ghc-pay .gh-spinner{margin-inline-end:6px}
.ghc-amount-box{margin:0}
.ghc-status{min-height:22px;margin:10px 0 0}
.ghc-status.ghc-ok{color:#03543f;font-weight:600}
.ghc-status.ghc-bad{color:#b42318;font-weight:600}
.ghc-recovery{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 0}
.ghc .ghc-link{border:1px solid #1a56db;background:#fff;color:#1a56db;border-radius:6px;min-height:36px;padding:4px 10px;cursor:pointer}
.ghc-suggest{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.ghc-logos{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 0;padding:0;list-style:none}
.ghc-brand{display:inline-flex;align-items:center;justify-content:center;min-width:40px;height:26px;font-size:10px;font-weight:700;border:1px solid #8a96a3;border-radius:4px;color:#3e4c59;padding:0 4px}
.ghc-logo{display:flex}
.ghc-numwrap{display:flex;align-items:center;gap:6px}
.ghc-brand:has(.gh-brand-mark){border:0;padding:0}
.ghc-numwrap .ghc-field{flex:1 1 0%;min-width:0}
.ghc-logo-left{flex-direction:row-reverse}
.ghc-overlay{position:absolute;inset:0;background:rgba(255,255,255,.6);border-radius:10px;z-index:2}
.ghc-dcc{border:1px dashed #8a96a3;border-radius:6px;padding:6px 8px;margin:8px 0}
.ghc-brands{border:1px solid #8a96a3;border-radius:6px;padding:4px 10px;margin:0 0 8px;min-width:0}
.ghc-brands legend{padding:0 4px;margin:0}
.ghc-brands .ghc-check{margin:6px 0}
.ghc-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (forced-colors:active){.ghc .ghc-pay{border:2px solid ButtonText}.ghc .ghc-pay[disabled],.ghc .ghc-pay[aria-disabled=true]{border-color:GrayText}.ghc-method[aria-pressed=true],.ghc-method[aria-expanded=true],.ghc-upo.ghc-on{outline:2px solid Highlight}}
@media (max-width:420px){.ghc{padding:12px;border-radius:0;border-left:0;border-right:0}.ghc-amount{font-size:19px}}
`;

export function installStyles(nonce = ''): void {
  if (document.getElementById('gatehouse-checkout-css')) return;
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.id = 'gatehouse-checkout-css';
  style.textContent = CSS + UI_CSS;
  document.head.append(style);
}
