import { describe, expect, it } from 'vitest';
import type { MerchantRepo } from '../domain/merchants/ports.js';
import { cachedMerchantsAndSites } from './merchant-cache.js';

/** A repository over two plain maps, counting its reads: only what the cache wraps is used. */
function counting() {
  const merchants = new Map<string, { id: string; name: string; createdAt: number }>();
  const sites = new Map<
    string,
    { id: string; merchantId: string; name: string; createdAt: number; secretKeySealed: string }
  >();
  const reads = { merchants: 0, sites: 0 };
  const repo = {
    findMerchant: async (id: string) => (reads.merchants++, merchants.get(id)),
    findSite: async (id: string) => (reads.sites++, sites.get(id)),
  } as unknown as MerchantRepo;
  return { merchants, sites, reads, repo };
}

describe('the merchant and site cache of session calls', () => {
  it('reads a merchant and a site once, then answers from memory', async () => {
    const s = counting();
    s.merchants.set('m1', { id: 'm1', name: 'M', createdAt: 1 });
    s.sites.set('s1', { id: 's1', merchantId: 'm1', name: 'S', createdAt: 1, secretKeySealed: 'v1.sealed' });
    const repo = cachedMerchantsAndSites(s.repo);
    for (let i = 0; i < 3; i++) {
      expect(await repo.findMerchant('m1')).toEqual({ id: 'm1', name: 'M', createdAt: 1 });
      expect(await repo.findSite('s1')).toMatchObject({ merchantId: 'm1', secretKeySealed: 'v1.sealed' });
    }
    expect(s.reads).toEqual({ merchants: 1, sites: 1 });
  });

  it('keeps no miss: a merchant or site created after a refused call is found at the next one', async () => {
    const s = counting();
    const repo = cachedMerchantsAndSites(s.repo);
    expect(await repo.findMerchant('m2')).toBeUndefined();
    expect(await repo.findSite('s2')).toBeUndefined();
    s.merchants.set('m2', { id: 'm2', name: 'M', createdAt: 2 });
    s.sites.set('s2', { id: 's2', merchantId: 'm2', name: 'S', createdAt: 2, secretKeySealed: 'v1.x' });
    expect(await repo.findMerchant('m2')).toMatchObject({ id: 'm2' });
    expect(await repo.findSite('s2')).toMatchObject({ id: 's2' });
    expect(s.reads).toEqual({ merchants: 2, sites: 2 });
  });
});
