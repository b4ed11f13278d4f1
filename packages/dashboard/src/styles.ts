import { UI_CSS } from '../../web-sdk/src/ui/ui.styles.js';
import { DATA_TABLE_CSS } from '../../web-sdk/src/ui/components/DataTable/DataTable.js';
import { FORM_FIELD_CSS } from '../../web-sdk/src/ui/components/FormField/FormField.js';

/**
 * The control panel's style sheet (dist/dashboard.css; the CSP allows no inline style): the UI
 * foundation's rules first, then the panel's. Every colour is a theme token (`--gh-…`, ui/theme.ts),
 * with a dark set under prefers-color-scheme; the layout holds from a 1440 px desktop down to a 768 px
 * tablet (the nav wraps, tables scroll inside their own focusable region). Right to left (`<html dir=rtl>`,
 * Hebrew) through logical properties; ids, keys and card digits stay left to right, isolated.
 */
const PANEL_CSS = `
@media (prefers-color-scheme:dark){.gh-theme{--gh-color-primary:#8ab4ff;--gh-color-background:#14181f;--gh-color-text:#e6e9ee;--gh-color-text-secondary:#aab4c0;--gh-color-danger:#ff8a80;--gh-color-success:#6ee7b7;--gh-color-border:#6b7785;--gh-color-selected-background:#1f2a3d;color-scheme:dark}}
html,body{margin:0;padding:0}
body{background:var(--gh-color-background)}
.dash{min-height:100vh;font:var(--gh-font-size-base)/1.5 var(--gh-font-family);color:var(--gh-color-text);background:var(--gh-color-background)}
.dash *,.dash *::before,.dash *::after{box-sizing:border-box}
.dash :focus-visible{outline:3px solid var(--gh-color-primary);outline-offset:2px}
.dash a{color:var(--gh-color-primary)}
.dash button{font:inherit}
.dash input,.dash select{font:inherit;color:inherit}
.dash-skip{position:absolute;inset-inline-start:8px;top:-60px;z-index:5;padding:8px 12px;background:var(--gh-color-background);border:2px solid var(--gh-color-primary);border-radius:var(--gh-border-radius)}
.dash-skip:focus{top:8px}
.dash-header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:10px 24px;border-bottom:1px solid var(--gh-color-border)}
.dash-brand{font-weight:700;font-size:17px;margin:0}
.dash-merchant{color:var(--gh-color-text-secondary)}
.dash-who{margin-inline-start:auto;display:flex;align-items:center;gap:12px;flex-wrap:wrap}
.dash-role{display:inline-block;padding:1px 8px;border:1px solid var(--gh-color-border);border-radius:999px;font-size:13px}
.dash-nav{border-bottom:1px solid var(--gh-color-border);padding:0 16px}
.dash-nav ul{display:flex;flex-wrap:wrap;gap:4px;margin:0;padding:0;list-style:none}
.dash-nav a{display:block;padding:10px 12px;text-decoration:none;color:var(--gh-color-text);border-bottom:3px solid transparent}
.dash-nav a[aria-current=page]{border-bottom-color:var(--gh-color-primary);font-weight:600}
.dash-main{max-width:1280px;margin:0 auto;padding:16px 24px 48px;outline:none}
.dash h1{font-size:22px;margin:8px 0 16px;outline:none}
.dash h2{font-size:17px;margin:24px 0 8px}
.dash-btn{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:6px 14px;border:1px solid var(--gh-color-primary);border-radius:var(--gh-border-radius);background:var(--gh-color-background);color:var(--gh-color-primary);cursor:pointer;font-weight:600}
.dash-btn.primary{background:var(--gh-color-primary);color:var(--gh-color-background)}
.dash-btn.danger{border-color:var(--gh-color-danger);color:var(--gh-color-danger)}
.dash-btn.link{border-color:transparent;padding:6px 8px}
.dash-btn[disabled],.dash-btn[aria-disabled=true]{opacity:.6;cursor:progress}
.dash-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:12px 0}
.dash-input{width:100%;min-height:40px;padding:6px 10px;border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);background:var(--gh-color-background)}
.dash-input[readonly]{font-family:ui-monospace,Menlo,Consolas,monospace}
.dash-input[aria-invalid=true]{border-color:var(--gh-color-danger)}
.dash-hint{font-size:13px;color:var(--gh-color-text-secondary);margin:0}
.dash-alert{border:1px solid var(--gh-color-danger);border-inline-start-width:4px;border-radius:var(--gh-border-radius);padding:8px 12px;margin:8px 0}
.dash-alert:empty{display:none}
.dash-note{border:1px solid var(--gh-color-border);border-inline-start:4px solid var(--gh-color-primary);border-radius:var(--gh-border-radius);padding:8px 12px;margin:8px 0}
.dash-warn{border-inline-start-color:var(--gh-color-danger);font-weight:600}
.dash-label{font-size:13px;font-weight:600}
.dash-filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px 12px;align-items:end;margin:0 0 8px}
.dash-filters .dash-search{grid-column:1/-1;max-width:480px}
.dash-mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
.dash-card{display:inline-flex;align-items:center;gap:6px}
.dash-badge{display:inline-block;padding:1px 8px;border-radius:999px;border:1px solid currentColor;font-size:12px;font-weight:700;letter-spacing:.02em}
.dash-badge.ok{color:var(--gh-color-success)}
.dash-badge.bad{color:var(--gh-color-danger)}
.dash-badge.wait{color:var(--gh-color-text-secondary)}
.dash-facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}
.dash-facts dt{color:var(--gh-color-text-secondary)}
.dash-facts dd{margin:0;overflow-wrap:anywhere}
.dash-tree,.dash-tree ul{list-style:none;margin:0;padding:0}
.dash-tree ul{padding-inline-start:24px;border-inline-start:2px solid var(--gh-color-border);margin-inline-start:8px}
.dash-entity{margin:0 0 16px}
.dash-entity h2{margin:12px 0 6px}
.dash-login{max-width:380px;margin:10vh auto 0;padding:24px;border:1px solid var(--gh-color-border);border-radius:10px}
.dash-login form{display:grid;gap:12px}
.dash-copy{display:flex;gap:8px}
.dash-copy .dash-input{flex:1 1 auto}
.dash-secret{flex:1 1 auto;min-width:0;padding:8px 10px;border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);background:var(--gh-color-selected-background);word-break:break-all;user-select:all}
.dash-form{display:grid;gap:12px}
.dash-check{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;align-items:center}
.dash-check input{width:20px;height:20px;margin:0}
.dash-check .dash-hint{grid-column:2}
.dash .gh-modal-backdrop{position:fixed;background:rgba(15,20,28,.55);border-radius:0}
.dash .gh-modal{max-width:480px}
.dash .gh-modal-title{margin:0 0 12px}
.dash-card .gh-brand-mark{margin-block:1px -1px}
.dash-locale{display:inline-flex;align-items:center;gap:6px}
.dash-locale .dash-input{width:auto;min-height:36px;padding-block:4px}
.dash-login .dash-locale{margin-top:20px}
.dash-mono{unicode-bidi:isolate}
[dir=rtl] .dash-mono{direction:ltr;text-align:right}
.dash-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.dash-ntf .gh-table td{vertical-align:top}
.dash-orders{list-style:none;margin:0;padding:0;display:grid;gap:4px}
.dash-row-actions{display:flex;flex-wrap:wrap;gap:6px}
.dash details summary{cursor:pointer;color:var(--gh-color-primary)}
.dash pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;max-width:60ch}
.dash-kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px;margin:8px 0 16px}
.dash-kpis>div{border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);padding:10px 14px}
.dash-kpis dt{font-size:13px;color:var(--gh-color-text-secondary)}
.dash-kpis dd{margin:2px 0 0;font-size:19px;font-weight:600;font-variant-numeric:tabular-nums}
.dash-charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(400px,1fr));gap:16px}
.dash-chart{margin:0;padding:12px 14px;border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius);min-width:0}
.dash-chart figcaption{display:grid;gap:2px;margin:0 0 8px}
.dash-chart-title{font-weight:600}
.dash-filters.dash-wide{grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.dash-chart-svg{display:block;width:100%;max-width:680px;height:auto}
.dash-axis{font-size:13px;fill:var(--gh-color-text-secondary);font-variant-numeric:tabular-nums}
.dash-grid{stroke:var(--gh-color-border);stroke-width:1;stroke-dasharray:3 3}
.dash-legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin:0 0 6px;padding:0;list-style:none;font-size:13px}
.dash-legend li{display:inline-flex;align-items:center;gap:6px}
.dash-swatch{width:12px;height:12px}
.dash-tone-1{fill:var(--gh-color-primary)}
.dash-tone-2{fill:var(--gh-color-danger)}
.dash-tone-3{fill:var(--gh-color-success)}
.dash-tone-4{fill:var(--gh-color-text-secondary)}
.dash-tone-5{fill:var(--gh-color-text)}
.dash-detail{grid-template-columns:max-content minmax(0,1fr);gap:0 8px;font-size:13px}
@media (max-width:900px){.dash-header,.dash-main{padding-inline:16px}.gh-table th,.gh-table td{padding:6px 8px}}
@media (max-width:600px){.dash-charts{grid-template-columns:1fr}}
@media (forced-colors:active){.dash-tone-1,.dash-tone-2,.dash-tone-3,.dash-tone-4,.dash-tone-5{fill:CanvasText}.dash-axis{fill:CanvasText}.dash-badge,.dash-btn,.dash-role{border-color:CanvasText}.dash-nav a[aria-current=page]{border-bottom-color:Highlight}}
`;

export const DASHBOARD_CSS = `${UI_CSS}\n${DATA_TABLE_CSS}\n${FORM_FIELD_CSS}\n${PANEL_CSS}`;
