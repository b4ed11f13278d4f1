import { NotFound } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import type { Merchant, ProcessingEntity, Site } from './merchant.types.js';

/** What an operator lists: merchants, their sites (never a secret) and their processing entities. */

export async function listMerchants(deps: DomainDeps): Promise<Merchant[]> {
  return deps.storage.read.merchants.listMerchants();
}

async function knownMerchant(deps: DomainDeps, merchantId: string | undefined): Promise<void> {
  if (merchantId !== undefined && !(await deps.storage.read.merchants.findMerchant(merchantId)))
    throw new NotFound('merchant');
}

export async function listSites(deps: DomainDeps, merchantId?: string): Promise<Site[]> {
  await knownMerchant(deps, merchantId);
  return deps.storage.read.merchants.listSites(merchantId);
}

export async function listEntities(deps: DomainDeps, merchantId?: string): Promise<ProcessingEntity[]> {
  await knownMerchant(deps, merchantId);
  return deps.storage.read.merchants.listEntities(merchantId);
}
