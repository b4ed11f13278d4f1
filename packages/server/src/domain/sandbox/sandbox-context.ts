import { Invalid, NotFound } from '../errors.js';
import type { MerchantContext } from '../merchants/merchant.types.js';
import type { DomainDeps } from '../ports.js';

/**
 * Whom a sandbox trigger acts for (docs/decisions/0930): a merchant's Operations key acts for its own
 * site, or another site of its own merchant; an operator (the CLI on the store, or an operator
 * credential) names a site, and acts with that merchant's top-level processing entity.
 */
export async function sandboxContextOf(
  deps: DomainDeps,
  by: { key: MerchantContext } | { operator: true },
  siteId: string | undefined,
): Promise<MerchantContext> {
  if ('key' in by) {
    const { key } = by;
    if (siteId === undefined || siteId === key.siteId) return key;
    const site = await deps.storage.read.merchants.findSite(siteId);
    // another merchant's site is answered as a missing one
    if (!site || site.merchantId !== key.merchantId) throw new NotFound('site');
    return { ...key, siteId: site.id };
  }
  if (siteId === undefined) throw new Invalid('merchantSiteId', 'is needed: name the site to act for');
  const site = await deps.storage.read.merchants.findSite(siteId);
  if (!site) throw new NotFound('site');
  const entities = await deps.storage.read.merchants.listEntities(site.merchantId);
  const entity = entities.find((e) => e.parentId === null) ?? entities[0];
  if (!entity) throw new Invalid('merchantSiteId', 'belongs to a merchant without a processing entity');
  return {
    merchantId: site.merchantId,
    siteId: site.id,
    entityId: entity.id,
    keyId: 'operator',
    keyType: 'operations',
    via: 'api-key',
    scopes: new Set(['payments', 'operations']),
  };
}
