import { addSheet, installStyles } from '../ui/screen.styles.js';

/** The withdrawal's few rules beyond the screens' sheet (ui/screen.styles.ts), scoped under `.ghw`. */
const WD_CSS = `
.ghw .ghw-state{font-weight:600}
.ghw .ghc-notice{border:1px solid var(--gh-color-border);border-inline-start-width:4px;border-radius:var(--gh-border-radius);padding:6px 10px;margin:8px 0 0}
.ghw #ghw-amount{max-width:12em}
`;

export function installWithdrawalStyles(nonce = ''): void {
  installStyles(nonce);
  addSheet('gatehouse-withdrawal-css', WD_CSS, nonce);
}
