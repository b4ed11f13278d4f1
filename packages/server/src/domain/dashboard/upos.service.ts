import { realNow } from '../../lib/clock.js';
import { NotFound } from '../errors.js';
import type { Upo } from '../payment-methods/ports.js';
import { deleteUpo, listUpos } from '../payment-methods/upos.service.js';
import type { DomainDeps } from '../ports.js';
import { setUpoSuspended } from '../users/upo-admin.service.js';
import { appendAudit } from './audit.js';
import type { DashboardUser } from './ports.js';

/**
 * Stored payment options as the control panel shows them (docs/dashboard.md): a user's UPOs on every
 * site of the merchant, suspended, enabled and deleted through the session API's own operations
 * (`suspendUPO`, `enableUPO`, `deleteUPO`). A UPO of another merchant is not found.
 */

export interface ShownUpo {
  upo: Upo;
  suspended: boolean;
}

/** The live UPOs of `userTokenId` on each site of the user's merchant, oldest first per site. */
export async function listMerchantUpos(
  deps: DomainDeps,
  user: DashboardUser,
  userTokenId: string,
): Promise<ShownUpo[]> {
  const sites = await deps.storage.read.merchants.listSites(user.merchantId);
  const upos = (await Promise.all(sites.map((s) => listUpos(deps, s.id, userTokenId)))).flat();
  const suspended = await deps.storage.read.upoAdmin.suspended(upos.map((u) => u.id));
  return upos.map((upo) => ({ upo, suspended: suspended.has(upo.id) }));
}

/** A live UPO of the user's merchant; another merchant's, a deleted one or an unknown id: not found. */
async function merchantUpo(deps: DomainDeps, user: DashboardUser, id: string): Promise<Upo> {
  const upo = /^\d{1,20}$/.test(id) ? await deps.storage.read.upos.find(id) : undefined;
  if (!upo || upo.merchantId !== user.merchantId || upo.deletedAt !== null)
    throw new NotFound('entity', 'Payment option not found');
  return upo;
}

/** suspendUPO / enableUPO for the UPO's own site and user; audited. */
export async function setMerchantUpoSuspended(
  deps: DomainDeps,
  user: DashboardUser,
  id: string,
  suspended: boolean,
): Promise<ShownUpo> {
  const upo = await merchantUpo(deps, user, id);
  await setUpoSuspended(deps, { merchantId: upo.merchantId, siteId: upo.siteId }, upo.userTokenId, id, suspended);
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), suspended ? 'upo.suspend' : 'upo.enable', id, {
      siteId: upo.siteId,
      userTokenId: upo.userTokenId,
    }),
  );
  return { upo, suspended };
}

/** deleteUPO for the UPO's own site and user; audited. */
export async function deleteMerchantUpo(deps: DomainDeps, user: DashboardUser, id: string): Promise<void> {
  const upo = await merchantUpo(deps, user, id);
  await deleteUpo(deps, { siteId: upo.siteId, userTokenId: upo.userTokenId }, id);
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), 'upo.delete', id, {
      siteId: upo.siteId,
      userTokenId: upo.userTokenId,
    }),
  );
}
