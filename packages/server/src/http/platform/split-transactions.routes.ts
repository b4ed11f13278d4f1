import type { FastifyInstance } from 'fastify';
import { createSplitTransaction, getSplitTransaction } from '../../domain/platform/split.service.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import {
  CodeParams,
  CreateSplitTransactionRequest,
  ListQuery,
  SplitTransactionList,
  SplitTransactionWire,
} from '../../schemas/platform/platform.schema.js';
import { limitOf, platformAuth, platformOf } from './auth.js';
import { minorOf, splitToWire } from './platform.wire.js';

const errors = { '4xx': ErrorResponse, 500: ErrorResponse };

/** POST/GET /api/v2/split-transactions[/{splitCode}]: a payment's settled amount split between sellers. */
export function registerSplitTransactions(app: FastifyInstance): void {
  app.post<{ Body: CreateSplitTransactionRequest }>(
    '/api/v2/split-transactions',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Split a payment between sellers',
        description:
          'Creates a split transaction in status `PENDING_SPLIT`. The payment must be an approved transaction of the platform; the splits, with every earlier live split of it, sum to at most its settled amount (a Sale’s amount less refunds, or what was settled of an Auth). A cancelled split gives its amount back.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        body: CreateSplitTransactionRequest,
        response: { 201: SplitTransactionWire, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const split = await createSplitTransaction(app.services.deps, platformOf(request), {
        transactionId: b.transactionId,
        extRef: b.extRef,
        splits: b.splits.map((s, i) => ({
          accountOwnerCode: s.accountOwnerCode,
          amount: (currency: string) => minorOf(s.amount, currency, `splits[${i}].amount`),
        })),
      });
      return reply.code(201).send(splitToWire(split));
    },
  );
  app.get<{ Querystring: ListQuery }>(
    '/api/v2/split-transactions',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'List split transactions',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        querystring: ListQuery,
        response: { 200: SplitTransactionList, ...errors },
      },
    },
    async (request): Promise<SplitTransactionList> => {
      const rows = await app.services.deps.storage.read.platform.listSplits(
        platformOf(request).platformId,
        limitOf(request.query),
      );
      return { splitTransactions: rows.map(splitToWire) };
    },
  );
  app.get<{ Params: CodeParams }>(
    '/api/v2/split-transactions/:code',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Get a split transaction',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        response: { 200: SplitTransactionWire, ...errors },
      },
    },
    async (request) =>
      splitToWire(await getSplitTransaction(app.services.deps, platformOf(request).platformId, request.params.code)),
  );
}
