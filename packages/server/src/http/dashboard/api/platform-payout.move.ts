import type { FastifyInstance } from 'fastify';
import { moveMerchantPlatform } from '../../../domain/dashboard/platform.service.js';
import type { Payout } from '../../../domain/platform/platform.types.js';
import { type CodeParams, PayoutMoveRequest, MovedPayout } from '../../../schemas/dashboard/platform.schema.js';
import { payoutToWire } from '../../platform/platform.wire.js';
import { API_BASE, userOf } from './auth.js';
import { PLATFORM_MOVE } from './platform-move.common.js';

/** POST /dashboard/api/v1/platform/payouts/{code}/status: moves a payout (docs/platform.md), in sandbox mode only. */
export function registerMovePayout(app: FastifyInstance): void {
  if (app.services.config.GATEHOUSE_MODE !== 'sandbox') return;
  app.post<{ Params: CodeParams; Body: PayoutMoveRequest }>(
    `${API_BASE}/platform/payouts/:code/status`,
    {
      onRequest: PLATFORM_MOVE.onRequest,
      schema: {
        summary: 'Move a payout (sandbox)',
        description: PLATFORM_MOVE.description,
        tags: PLATFORM_MOVE.tags,
        security: PLATFORM_MOVE.security,
        params: PLATFORM_MOVE.params,
        body: PayoutMoveRequest,
        response: { 200: MovedPayout, ...PLATFORM_MOVE.errors },
      },
    },
    async (request) => {
      const moved = (await moveMerchantPlatform(app.services.deps, userOf(request), {
        kind: 'payout',
        code: request.params.code,
        ...request.body,
      })) as Payout;
      return { payout: payoutToWire(moved) };
    },
  );
}
