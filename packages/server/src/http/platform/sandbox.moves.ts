import type { FastifyInstance } from 'fastify';
import { moveKycStatus, movePayoutStatus } from '../../domain/platform/platform.service.js';
import { moveSplitStatus } from '../../domain/platform/split.service.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import {
  AccountOwnerWire,
  CodeParams,
  KycMoveRequest,
  PayoutMoveRequest,
  PayoutWire,
  SplitMoveRequest,
  SplitTransactionWire,
} from '../../schemas/platform/platform.schema.js';
import { platformAuth, platformOf } from './auth.js';
import { accountOwnerToWire, payoutToWire, splitToWire } from './platform.wire.js';

const errors = { '4xx': ErrorResponse, 500: ErrorResponse };
const note =
  'Sandbox only (404 in production mode): the platform operator’s move, as an API call. A move the state machine forbids answers 409 naming the current status, and changes nothing. Each move sends its webhook and one e-mail per enabled configuration.';

/** The sandbox moves of docs/platform.md, registered only when GATEHOUSE_MODE is `sandbox`. */
export function registerSandboxMoves(app: FastifyInstance): void {
  app.post<{ Params: CodeParams; Body: KycMoveRequest }>(
    '/api/v2/sandbox/account-owners/:code/kyc-status',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Move a seller’s KYC status (sandbox)',
        description: `${note} MISSING_DATA → IN_PROGRESS → ACTIVE | FAILED | REJECTED; FAILED → IN_PROGRESS.`,
        tags: ['platform sandbox'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        body: KycMoveRequest,
        response: { 200: AccountOwnerWire, ...errors },
      },
    },
    async (request) =>
      accountOwnerToWire(
        await moveKycStatus(
          app.services.deps,
          platformOf(request),
          request.params.code,
          request.body.status,
          request.body.reason,
        ),
      ),
  );
  app.post<{ Params: CodeParams; Body: PayoutMoveRequest }>(
    '/api/v2/sandbox/payouts/:code/status',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Move a payout (sandbox)',
        description: `${note} WAITING → ACCEPTED → PROCESSED → RETURNED; WAITING | ACCEPTED → CANCELLED; ACCEPTED → FAILED.`,
        tags: ['platform sandbox'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        body: PayoutMoveRequest,
        response: { 200: PayoutWire, ...errors },
      },
    },
    async (request) =>
      payoutToWire(
        await movePayoutStatus(
          app.services.deps,
          platformOf(request),
          request.params.code,
          request.body.status,
          request.body.reason,
        ),
      ),
  );
  app.post<{ Params: CodeParams; Body: SplitMoveRequest }>(
    '/api/v2/sandbox/split-transactions/:code/status',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Move a split transaction (sandbox)',
        description: `${note} PENDING_SPLIT → PENDING_SETTLEMENT → RECONCILED; either pending status → CANCELLED.`,
        tags: ['platform sandbox'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        body: SplitMoveRequest,
        response: { 200: SplitTransactionWire, ...errors },
      },
    },
    async (request) =>
      splitToWire(
        await moveSplitStatus(
          app.services.deps,
          platformOf(request),
          request.params.code,
          request.body.status,
          request.body.reason,
        ),
      ),
  );
}
