import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { bundle, type BundleName } from '../shared/bundles.js';
import { sendBundle } from '../hosted/websdk.plugin.js';

const YEAR = 31_536_000;

/**
 * GET /dashboard/assets/dashboard.<hash>.js and .css: the panel's script and style sheet under their
 * content addresses, immutable for a year and compressed as the browser accepts, exactly as the Web SDK's
 * bundles are sent (docs/decisions/0422, 1010). Another hash (an old build) is a 404.
 */
export function registerShowAsset(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    '/dashboard/assets/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const m = /^dashboard\.([0-9a-f]{16})\.(js|css)$/.exec(request.params.file);
      const name: BundleName | undefined = m ? (m[2] === 'css' ? 'dashboard-css' : 'dashboard') : undefined;
      const b = name ? bundle(name) : undefined;
      if (!m || !name || !b || b.hash !== m[1])
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const type = m[2] === 'css' ? 'text/css; charset=utf-8' : 'application/javascript; charset=utf-8';
      return sendBundle(request, reply, name, `public, max-age=${YEAR}, immutable`, type);
    },
  );
}
