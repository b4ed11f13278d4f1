import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../../domain/errors.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { AuditPage, AuditQuery } from '../../../schemas/dashboard/users.schema.js';
import { API_BASE, permit, userOf } from './auth.js';

const PAGE = 50;

/** GET /dashboard/api/v1/audit: the merchant's audit log, newest first. */
export function registerListAudit(app: FastifyInstance): void {
  app.get<{ Querystring: AuditQuery }>(
    `${API_BASE}/audit`,
    {
      onRequest: permit('audit.read'),
      schema: {
        summary: 'The audit log',
        description:
          'Every change made through the control panel (sign-ins, money moves, keys, users), newest first, 50 a page; `action` keeps one action (`key.create`, `transaction.refund`, …).',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: AuditQuery,
        response: { 200: AuditPage, ...ERRORS },
      },
    },
    async (request): Promise<AuditPage> => {
      const cursor = request.query.cursor;
      if (cursor !== undefined && !/^\d{1,18}$/.test(cursor))
        throw new Invalid('cursor', 'is not a cursor of this list');
      const rows = await app.services.deps.storage.read.dashboard.listAudit(
        userOf(request).merchantId,
        PAGE + 1,
        cursor === undefined ? undefined : Number(cursor),
        request.query.action,
      );
      const items = rows.slice(0, PAGE);
      return {
        items: items.map((e) => ({
          at: new Date(e.at).toISOString(),
          userEmail: e.userEmail,
          action: e.action,
          target: e.target,
          detail: e.detail,
        })),
        nextCursor: rows.length > PAGE ? String(items[items.length - 1]!.id) : null,
      };
    },
  );
}
