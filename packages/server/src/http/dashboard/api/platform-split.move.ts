import type { FastifyInstance } from 'fastify';
import { moveMerchantPlatform } from '../../../domain/dashboard/platform.service.js';
import type { SplitTransaction } from '../../../domain/platform/platform.types.js';
import { type CodeParams, SplitMoveRequest, MovedSplit } from '../../../schemas/dashboard/platform.schema.js';
import { splitToWire } from '../../platform/platform.wire.js';
import { API_BASE, userOf } from './auth.js';
import { PLATFORM_MOVE } from './platform-move.common.js';

/** POST /dashboard/api/v1/platform/splits/{code}/status: moves a split transaction (docs/platform.md), in sandbox mode only. */
export function registerMoveSplit(app: FastifyInstance): void {
  if (app.services.config.GATEHOUSE_MODE !== 'sandbox') return;
  app.post<{ Params: CodeParams; Body: SplitMoveRequest }>(
    `${API_BASE}/platform/splits/:code/status`,
    {
      onRequest: PLATFORM_MOVE.onRequest,
      schema: {
        summary: 'Move a split transaction (sandbox)',
        description: PLATFORM_MOVE.description,
        tags: PLATFORM_MOVE.tags,
        security: PLATFORM_MOVE.security,
        params: PLATFORM_MOVE.params,
        body: SplitMoveRequest,
        response: { 200: MovedSplit, ...PLATFORM_MOVE.errors },
      },
    },
    async (request) => {
      const moved = (await moveMerchantPlatform(app.services.deps, userOf(request), {
        kind: 'split',
        code: request.params.code,
        ...request.body,
      })) as SplitTransaction;
      return { split: splitToWire(moved) };
    },
  );
}
