import type { MerchantRepo } from '../domain/merchants/ports.js';

/** The most merchants and sites one process keeps; past it the cache starts over. */
const MAX_ENTRIES = 10_000;

/**
 * Every session call looks up its merchant and its site (the site's owner and sealed secret key)
 * before anything else. Those rows never change once created: nothing updates a merchant, or a site's
 * id, owner, name or sealed key (a site's settings change, and are not part of this record). So a
 * record found is kept for the life of the process, without a time limit and the same on every node.
 * What is not found is not kept: a merchant or site created meanwhile, by this process, another node
 * or the CLI, is found at its first call. The sealed key is kept sealed; it is opened per call.
 */
export function cachedMerchantsAndSites(repo: MerchantRepo): MerchantRepo {
  type Merchant = NonNullable<Awaited<ReturnType<MerchantRepo['findMerchant']>>>;
  type Site = NonNullable<Awaited<ReturnType<MerchantRepo['findSite']>>>;
  const merchants = new Map<string, Merchant>();
  const sites = new Map<string, Site>();
  const keep = <T>(map: Map<string, T>, id: string, found: T | undefined): T | undefined => {
    if (found === undefined) return undefined;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(id, found);
    return found;
  };
  return {
    ...repo,
    findMerchant: async (id) => merchants.get(id) ?? keep(merchants, id, await repo.findMerchant(id)),
    findSite: async (id) => sites.get(id) ?? keep(sites, id, await repo.findSite(id)),
  };
}
