import type { FastifyInstance } from 'fastify';
import { createAccountOwner, getAccountOwner } from '../../domain/platform/platform.service.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import {
  AccountOwnerList,
  AccountOwnerWire,
  CodeParams,
  CreateAccountOwnerRequest,
  ListQuery,
} from '../../schemas/platform/platform.schema.js';
import { limitOf, platformAuth, platformOf } from './auth.js';
import { accountOwnerToWire } from './platform.wire.js';

const errors = { '4xx': ErrorResponse, 500: ErrorResponse };

/** POST/GET /api/v2/account-owners[/{accountOwnerCode}]: the platform's sellers (docs/platform.md). */
export function registerAccountOwners(app: FastifyInstance): void {
  app.post<{ Body: CreateAccountOwnerRequest }>(
    '/api/v2/account-owners',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Onboard a seller (account owner)',
        description: 'Creates an account owner in KYC status `MISSING_DATA`, with its own virtual account.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        body: CreateAccountOwnerRequest,
        response: { 201: AccountOwnerWire, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const owner = await createAccountOwner(app.services.deps, platformOf(request), {
        extRef: b.extRef,
        name: b.name,
        email: b.email,
        country: b.country,
        webhookUrl: b.webhookUrl,
      });
      return reply.code(201).send(accountOwnerToWire(owner));
    },
  );
  app.get<{ Querystring: ListQuery }>(
    '/api/v2/account-owners',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'List sellers',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        querystring: ListQuery,
        response: { 200: AccountOwnerList, ...errors },
      },
    },
    async (request): Promise<AccountOwnerList> => {
      const rows = await app.services.deps.storage.read.platform.listAccountOwners(
        platformOf(request).platformId,
        limitOf(request.query),
      );
      return { accountOwners: rows.map(accountOwnerToWire) };
    },
  );
  app.get<{ Params: CodeParams }>(
    '/api/v2/account-owners/:code',
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Get a seller',
        description: 'A seller of another platform is answered as a missing one: 404.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        params: CodeParams,
        response: { 200: AccountOwnerWire, ...errors },
      },
    },
    async (request) =>
      accountOwnerToWire(await getAccountOwner(app.services.deps, platformOf(request).platformId, request.params.code)),
  );
}
