import type { FastifyInstance } from 'fastify';
import { registerShowAsset } from './assets.show.js';
import { registerShowShell } from './shell.show.js';

/**
 * The control panel's pages (docs/dashboard.md): the HTML shell at /dashboard and its pages, and the
 * panel's script and style sheet. Its JSON API lives under /dashboard/api/v1, registered apart.
 * Registered after the Web SDK's plugin, which has loaded the bundles.
 */
export async function dashboardPagesPlugin(app: FastifyInstance): Promise<void> {
  registerShowShell(app);
  registerShowAsset(app);
}
