import type { FastifyInstance } from 'fastify';
import { moveMerchantPlatform } from '../../../domain/dashboard/platform.service.js';
import type { AccountOwner, Payout, SplitTransaction } from '../../../domain/platform/platform.types.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import {
  CodeParams,
  KycMoveRequest,
  MovedAccountOwner,
  MovedPayout,
  MovedSplit,
  PayoutMoveRequest,
  SplitMoveRequest,
} from '../../../schemas/dashboard/platform.schema.js';
import { accountOwnerToWire, payoutToWire, splitToWire } from '../../platform/platform.wire.js';
import { API_BASE, permit, userOf } from './auth.js';

const note =
  'Sandbox only (404 in production mode): the platform operator’s move, the same as `POST /api/v2/sandbox/…` and `gatehouse platform …`, for the merchant’s own resources (another platform’s is 404). A move the state machine forbids is 409 `conflict` naming the status, and changes nothing. Needs `x-csrf-token`.';

/**
 * POST /dashboard/api/v1/platform/{account-owners|payouts|splits}/{code}/status: the sandbox moves of
 * docs/platform.md, registered in sandbox mode only.
 */
export function registerMovePlatform(app: FastifyInstance): void {
  if (app.services.config.GATEHOUSE_MODE !== 'sandbox') return;
  const base = {
    onRequest: permit('platform.manage'),
    tags: ['dashboard'],
    security: [{ dashboardSession: [] }],
    params: CodeParams,
  };
  app.post<{ Params: CodeParams; Body: KycMoveRequest }>(
    `${API_BASE}/platform/account-owners/:code/status`,
    {
      onRequest: base.onRequest,
      schema: {
        summary: 'Move a seller’s KYC status (sandbox)',
        description: note,
        tags: base.tags,
        security: base.security,
        params: base.params,
        body: KycMoveRequest,
        response: { 200: MovedAccountOwner, ...ERRORS },
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
  app.post<{ Params: CodeParams; Body: PayoutMoveRequest }>(
    `${API_BASE}/platform/payouts/:code/status`,
    {
      onRequest: base.onRequest,
      schema: {
        summary: 'Move a payout (sandbox)',
        description: note,
        tags: base.tags,
        security: base.security,
        params: base.params,
        body: PayoutMoveRequest,
        response: { 200: MovedPayout, ...ERRORS },
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
  app.post<{ Params: CodeParams; Body: SplitMoveRequest }>(
    `${API_BASE}/platform/splits/:code/status`,
    {
      onRequest: base.onRequest,
      schema: {
        summary: 'Move a split transaction (sandbox)',
        description: note,
        tags: base.tags,
        security: base.security,
        params: base.params,
        body: SplitMoveRequest,
        response: { 200: MovedSplit, ...ERRORS },
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
