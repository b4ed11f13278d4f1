import type { FastifyInstance } from 'fastify';
import { createPayout, getPayout } from '../../domain/platform/platform.service.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import {
  CodeParams,
  CreatePayoutRequest,
  ListQuery,
  PayoutList,
  PayoutWire,
} from '../../schemas/platform/platform.schema.js';
import { limitOf, platformAuth, platformOf } from './auth.js';
import { currencyOf, minorOf, payoutToWire } from './platform.wire.js';

const errors = { '4xx': ErrorResponse, 500: ErrorResponse };

/** POST/GET /api/v2/payouts[/{payoutCode}]: payouts to sellers (docs/platform.md). */
export function registerPayouts(app: FastifyInstance): void {
  app.post<{ Body: CreatePayoutRequest }>(
    '/api/v2/payouts',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Pay a seller out',
        description: 'Creates a payout in status `WAITING`. The seller’s KYC status must be `ACTIVE`.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        body: CreatePayoutRequest,
        response: { 201: PayoutWire, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const currency = currencyOf(b.currency);
      const payout = await createPayout(app.services.deps, platformOf(request), {
        accountOwnerCode: b.accountOwnerCode,
        amount: minorOf(b.amount, currency, 'amount'),
        currency,
      });
      return reply.code(201).send(payoutToWire(payout));
    },
  );
  app.get<{ Querystring: ListQuery }>(
    '/api/v2/payouts',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'List payouts',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        querystring: ListQuery,
        response: { 200: PayoutList, ...errors },
      },
    },
    async (request): Promise<PayoutList> => {
      const rows = await app.services.deps.storage.read.platform.listPayouts(
        platformOf(request).platformId,
        limitOf(request.query),
      );
      return { payouts: rows.map(payoutToWire) };
    },
  );
  app.get<{ Params: CodeParams }>(
    '/api/v2/payouts/:code',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Get a payout',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        response: { 200: PayoutWire, ...errors },
      },
    },
    async (request) =>
      payoutToWire(await getPayout(app.services.deps, platformOf(request).platformId, request.params.code)),
  );
}
