/**
 * Entry of the control panel's bundle (/dashboard/assets/dashboard.<hash>.js), loaded by the HTML shell
 * that the gateway answers for every /dashboard page (docs/dashboard.md).
 */
import { render } from 'preact';
import { App } from './app.js';

const root = document.getElementById('app');
if (root) render(<App />, root);
