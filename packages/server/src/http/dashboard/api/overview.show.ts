import type { FastifyInstance } from 'fastify';
import { merchantOverview, type Money, type OverviewBucket } from '../../../domain/dashboard/overview.service.js';
import { formatDecimal } from '../../../lib/money.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { OverviewAnswer, OverviewQuery } from '../../../schemas/dashboard/overview.schema.js';
import { API_BASE, permit, userOf } from './auth.js';

const volumeToWire = (v: Money[]) =>
  v.map((m) => ({ currency: m.currency, amount: formatDecimal(m.minor, m.currency) }));
const countsToWire = (b: Omit<OverviewBucket, 'start'>) => ({ ...b, volume: volumeToWire(b.volume) });

/** GET /dashboard/api/v1/overview: volume, approval rate and declines per hour or day. */
export function registerShowOverview(app: FastifyInstance): void {
  app.get<{ Querystring: OverviewQuery }>(
    `${API_BASE}/overview`,
    {
      onRequest: permit('transactions.read'),
      schema: {
        summary: 'Payments overview',
        description:
          'The merchant’s payments (Sale, Auth, PreAuth, Sale3D) over the last day (hourly buckets), week or month (daily, UTC): the approved volume per currency, the approval rate and the declines per reason, per bucket and in total.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: OverviewQuery,
        response: { 200: OverviewAnswer, ...ERRORS },
      },
    },
    async (request): Promise<OverviewAnswer> => {
      const period = request.query.period ?? 'day';
      const o = await merchantOverview(app.services.deps, userOf(request).merchantId, period);
      return {
        period,
        bucket: o.bucketMs === 3_600_000 ? 'hour' : 'day',
        from: new Date(o.from).toISOString(),
        to: new Date(o.to).toISOString(),
        buckets: o.buckets.map((b) => ({ ...countsToWire(b), start: new Date(b.start).toISOString() })),
        totals: countsToWire(o.totals),
      };
    },
  );
}
