import type { FastifyInstance } from 'fastify';
import { showMerchantPlatform } from '../../../domain/dashboard/platform.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { PlatformOverview } from '../../../schemas/dashboard/platform.schema.js';
import { accountOwnerToWire, configurationToWire, payoutToWire, splitToWire } from '../../platform/platform.wire.js';
import { API_BASE, permit, userOf } from './auth.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /dashboard/api/v1/platform: the merchant's marketplace platform, as the platform API shows it. */
export function registerShowPlatform(app: FastifyInstance): void {
  app.get(
    `${API_BASE}/platform`,
    {
      onRequest: permit('platform.read'),
      schema: {
        summary: 'Show the merchant’s marketplace platform',
        description:
          'Sellers (account owners) with their KYC status, payouts, split transactions, e-mail configurations and the e-mails sent, newest first (100 of each). `enabled` is false for a merchant that does not use the platform; `sandbox` says whether the sandbox moves are offered.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { 200: PlatformOverview, ...ERRORS },
      },
    },
    async (request): Promise<PlatformOverview> => {
      const v = await showMerchantPlatform(app.services.deps, userOf(request));
      return {
        enabled: v.enabled,
        sandbox: app.services.config.GATEHOUSE_MODE === 'sandbox',
        accountOwners: v.accountOwners.map(accountOwnerToWire),
        payouts: v.payouts.map(payoutToWire),
        splits: v.splits.map(splitToWire),
        emailConfigurations: v.emailConfigurations.map(configurationToWire),
        emails: v.emails.map((e) => ({
          id: e.id,
          notificationType: e.notificationType,
          to: e.to,
          subject: e.subject,
          text: e.text,
          status: e.status,
          attempts: e.attempts,
          lastError: e.lastError,
          createdAt: new Date(e.createdAt).toISOString(),
          deliveredAt: iso(e.deliveredAt),
        })),
      };
    },
  );
}
