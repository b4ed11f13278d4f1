import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import type { ManualClock } from '../../lib/clock.js';
import { createEntity, createMerchant } from './merchant.service.js';
import { listEntities, listMerchants, listSites } from './merchant.list.js';

/** What `merchants list`, `sites list` and `entities list` read, on each store. */

describe.each(dialects())('listing merchants, sites and entities on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 15) });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('lists oldest first, filters by merchant, and refuses an unknown merchant', async () => {
    const deps = gw.rt.deps;
    // A millisecond apart each: "oldest first" is then one order, not a tie broken by random ids.
    const tick = () => (gw.clock as ManualClock).advance(1);
    tick();
    const a = await createMerchant(deps, { name: 'Alpha', siteName: 'Alpha EU' });
    tick();
    const b = await createMerchant(deps, { name: 'Beta' });
    tick();
    const top = await createEntity(deps, { merchantId: a.merchant.id, name: 'Alpha Ltd' });
    tick();
    const child = await createEntity(deps, { parentId: top.id, name: 'Alpha Shop' });

    expect((await listMerchants(deps)).map((m) => m.name)).toEqual(['Demo Merchant', 'Alpha', 'Beta']);
    expect(await listSites(deps, a.merchant.id)).toEqual([
      { id: a.site.id, merchantId: a.merchant.id, name: 'Alpha EU', createdAt: expect.any(Number) },
    ]);
    expect((await listSites(deps)).map((s) => s.id)).toEqual([gw.demo.merchantSiteId, a.site.id, b.site.id]);
    expect(await listEntities(deps, a.merchant.id)).toEqual([
      { id: top.id, merchantId: a.merchant.id, parentId: null, name: 'Alpha Ltd', createdAt: expect.any(Number) },
      { id: child.id, merchantId: a.merchant.id, parentId: top.id, name: 'Alpha Shop', createdAt: expect.any(Number) },
    ]);
    expect(await listEntities(deps, b.merchant.id)).toEqual([]);
    await expect(listSites(deps, '999')).rejects.toThrow('Merchant not found');
    await expect(listEntities(deps, '999')).rejects.toThrow('Merchant not found');
  });
});
