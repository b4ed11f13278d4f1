import type { FastifyInstance } from 'fastify';
import {
  createEmailConfiguration,
  listEmailConfigurations,
  updateEmailConfiguration,
} from '../../domain/platform/platform.service.js';
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

/** Spec 4.5: the platform's e-mail notification configurations (bodies: DECISIONS.md 10). */
export function registerEmailConfigurations(app: FastifyInstance): void {
  app.post<{ Body: EmailConfigurationRequest }>(
    PATH,
    {
      onRequest: platformAuth(app),
      schema: {
        summary: 'Create an e-mail notification configuration',
        description:
          'Every status change of the configuration’s type is e-mailed, while it is enabled, to all of its addresses (one message per configuration). Each address is validated.',
        tags: ['platform'],
        security: [{ apiKey: [] }],
        body: EmailConfigurationRequest,
        response: { 201: EmailConfigurationWire, ...errors },
      },
    },
    async (request, reply) => {
      const c = await createEmailConfiguration(app.services.deps, platformOf(request).platformId, request.body);
      return reply.code(201).send(configurationToWire(c));
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
