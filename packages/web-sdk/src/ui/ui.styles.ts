import { TOKEN_DEFAULTS } from './theme.js';

/**
 * The foundation components' styles, added with the screen's own sheet. Colours come from the theme tokens'
 * custom properties (theme.ts), whose defaults `.gh-theme` sets: a screen's root carries that class.
 */
export const UI_CSS = `
.gh-theme{${TOKEN_DEFAULTS}}
.gh-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.gh-modal-backdrop{position:absolute;inset:0;z-index:3;display:flex;align-items:center;justify-content:center;padding:12px;background:rgba(31,41,51,.45);border-radius:inherit}
.gh-modal{max-width:360px;width:100%;background:var(--gh-color-background);color:var(--gh-color-text);border-radius:10px;padding:16px;box-shadow:0 8px 30px rgba(0,0,0,.25);outline:none}
.gh-modal-title{font-size:16px;margin:0 0 8px}
.gh-modal-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;margin-top:12px}
.gh-spinner{display:inline-flex;align-items:center;vertical-align:middle}
.gh-spinner-ring{width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:gh-spin .8s linear infinite}
.gh-skeleton{border-radius:var(--gh-border-radius);background:linear-gradient(90deg,#eef0f3 25%,#f7f8fa 50%,#eef0f3 75%);background-size:200% 100%;animation:gh-shimmer 1.2s ease-in-out infinite}
@keyframes gh-spin{to{transform:rotate(360deg)}}
@keyframes gh-shimmer{from{background-position:200% 0}to{background-position:-200% 0}}
@media (prefers-reduced-motion:reduce){.gh-spinner-ring,.gh-skeleton{animation:none}}
.gh-result-icon{vertical-align:-3px;margin-inline-end:6px}
.gh-error-summary{border:1px solid var(--gh-color-danger);border-inline-start-width:4px;border-radius:var(--gh-border-radius);padding:6px 10px;margin:10px 0 0;color:var(--gh-color-text)}
.gh-error-summary-title{margin:0 0 4px;font-weight:600;color:var(--gh-color-danger)}
.gh-error-summary ul{margin:0;padding-inline-start:18px}
.gh-error-summary-item{border:0;background:none;padding:2px 0;color:var(--gh-color-primary);text-decoration:underline;cursor:pointer}
.gh-brand-mark{display:block;flex:0 0 auto}
@media (forced-colors:active){.gh-brand-mark rect{stroke:CanvasText}}
`;
