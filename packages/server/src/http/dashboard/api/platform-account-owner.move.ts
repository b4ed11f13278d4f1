import type { FastifyInstance } from 'fastify';
import { moveMerchantPlatform } from '../../../domain/dashboard/platform.service.js';
import type { AccountOwner } from '../../../domain/platform/platform.types.js';
import { type CodeParams, KycMoveRequest, MovedAccountOwner } from '../../../schemas/dashboard/platform.schema.js';
import { accountOwnerToWire } from '../../platform/platform.wire.js';
import { API_BASE, userOf } from './auth.js';
import { PLATFORM_MOVE } from './platform-move.common.js';

/** POST /dashboard/api/v1/platform/account-owners/{code}/status: moves a seller’s KYC status (docs/platform.md), in sandbox mode only. */
export function registerMoveAccountOwner(app: FastifyInstance): void {
  if (app.services.config.GATEHOUSE_MODE !== 'sandbox') return;
  app.post<{ Params: CodeParams; Body: KycMoveRequest }>(
    `${API_BASE}/platform/account-owners/:code/status`,
    {
      onRequest: PLATFORM_MOVE.onRequest,
      schema: {
        summary: 'Move a seller’s KYC status (sandbox)',
        description: PLATFORM_MOVE.description,
        tags: PLATFORM_MOVE.tags,
        security: PLATFORM_MOVE.security,
        params: PLATFORM_MOVE.params,
        body: KycMoveRequest,
        response: { 200: MovedAccountOwner, ...PLATFORM_MOVE.errors },
      },
    },
    async (request) => {
      const moved = (await moveMerchantPlatform(app.services.deps, userOf(request), {
        kind: 'kyc',
        code: request.params.code,
        ...request.body,
      })) as AccountOwner;
      return { accountOwner: accountOwnerToWire(moved) };
    },
  );
}
