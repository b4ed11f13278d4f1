import type { FastifyInstance } from 'fastify';
import { listEmails } from '../../domain/platform/emails.view.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { EmailList, EmailListQuery } from '../../schemas/platform/emails.schema.js';
import { adminAuth, scopeOf } from './auth.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /admin/v1/emails: the platform e-mails of the key's merchant, sent or (without SMTP_URL) kept. */
export function registerListEmails(app: FastifyInstance): void {
  app.get<{ Querystring: EmailListQuery }>(
    '/admin/v1/emails',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'List platform e-mails',
        description:
          'The marketplace platform’s status e-mails, newest first: recipients, subject, text and HTML exactly as sent. Without `SMTP_URL` they are kept here (status `pending`) instead of being sent.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        querystring: EmailListQuery,
        response: { 200: EmailList, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request): Promise<EmailList> => {
      const limit = request.query.limit === undefined ? 50 : Number(request.query.limit);
      const rows = await listEmails(app.services.deps, scopeOf(request).merchantId ?? null, limit);
      return {
        emails: rows.map((e) => ({
          id: e.id,
          notificationType: e.notificationType,
          to: e.to,
          subject: e.subject,
          text: e.text,
          html: e.html,
          status: e.status,
          attemptCount: e.attempts,
          lastError: e.lastError,
          createdAt: iso(e.createdAt),
          deliveredAt: e.deliveredAt === null ? null : iso(e.deliveredAt),
        })),
      };
    },
  );
}
