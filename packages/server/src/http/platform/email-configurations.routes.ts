import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  createEmailConfiguration,
  createEmailConfigurationOnce,
  listEmailConfigurations,
  updateEmailConfiguration,
} from '../../domain/platform/email-configuration.service.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import {
  ConfigurationParams,
  EmailConfigurationList,
  EmailConfigurationRequest,
  EmailConfigurationWire,
} from '../../schemas/platform/platform.schema.js';
import { platformAuth, platformOf } from './auth.js';
import { configurationToWire } from './platform.wire.js';

const errors = { '4xx': ErrorResponse, 500: ErrorResponse };
const PATH = '/api/v2/notification/email/configuration';

/** docs/platform.md: the platform's e-mail notification configurations (bodies: docs/platform.md). */
export function registerEmailConfigurations(app: FastifyInstance): void {
  app.post<{ Body: EmailConfigurationRequest; Headers: { 'idempotency-key'?: string } }>(
    PATH,
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Create an e-mail notification configuration',
        description:
          'Every status change of the configuration’s type is e-mailed, while it is enabled, to all of its addresses (one message per configuration). Each address is validated. With `idempotency-key`, a retry with the same key and body replays the first answer (header `idempotent-replayed: true`) and creates no second configuration; the same key with another body is 409 5000.1090.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 255,
              description: 'Retries with the same key and body replay the first response',
            }),
          ),
        }),
        body: EmailConfigurationRequest,
        response: { 201: EmailConfigurationWire, ...errors },
      },
    },
    async (request, reply) => {
      const { platformId } = platformOf(request);
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        const c = await createEmailConfiguration(app.services.deps, platformId, request.body);
        return reply.code(201).send(configurationToWire(c));
      }
      const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
      const result = await createEmailConfigurationOnce(
        app.services.deps,
        platformId,
        request.body,
        { key, requestHash },
        (c) => ({ status: 201, body: JSON.stringify(configurationToWire(c)) }),
      );
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
    },
  );
  app.get(
    PATH,
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'List e-mail notification configurations',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        response: { 200: EmailConfigurationList, ...errors },
      },
    },
    async (request): Promise<EmailConfigurationList> => ({
      configurations: (await listEmailConfigurations(app.services.deps, platformOf(request).platformId)).map(
        configurationToWire,
      ),
    }),
  );
  app.put<{ Params: ConfigurationParams; Body: EmailConfigurationRequest }>(
    `${PATH}/:configurationId`,
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Update an e-mail notification configuration',
        description:
          'Replaces type, addresses and `enabled`. A configuration of another platform is answered as a missing one: 404.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        params: ConfigurationParams,
        body: EmailConfigurationRequest,
        response: { 200: EmailConfigurationWire, ...errors },
      },
    },
    async (request) =>
      configurationToWire(
        await updateEmailConfiguration(
          app.services.deps,
          platformOf(request).platformId,
          request.params.configurationId,
          request.body,
        ),
      ),
  );
}
