import { realNow } from '../../lib/clock.js';
import type { Secret } from '../../lib/secret.js';
import { NotFound } from '../errors.js';
import { createApiKey, revokeApiKey } from '../merchants/merchant.service.js';
import type { ApiKeyInfo, ApiKeyType, ProcessingEntity } from '../merchants/merchant.types.js';
import type { DomainDeps } from '../ports.js';
import { appendAudit } from './audit.js';
import type { DashboardUser } from './ports.js';

/** REST 2.0 keys as the control panel manages them, through domain/merchants (docs/dashboard.md). */

/** Every processing entity of the user's merchant with its own keys (never an ancestor's under a child). */
export async function listMerchantKeys(
  deps: DomainDeps,
  user: DashboardUser,
): Promise<Array<{ entity: ProcessingEntity; keys: ApiKeyInfo[] }>> {
  const read = deps.storage.read.merchants;
  const entities = await read.listEntities(user.merchantId);
  return Promise.all(entities.map(async (entity) => ({ entity, keys: await read.listApiKeys(entity.id) })));
}

async function merchantEntity(deps: DomainDeps, user: DashboardUser, entityId: string): Promise<ProcessingEntity> {
  const entity = await deps.storage.read.merchants.findEntity(entityId);
  if (!entity || entity.merchantId !== user.merchantId) throw new NotFound('entity');
  return entity;
}

/** A key of the user's merchant; another merchant's is not found. */
async function merchantKey(deps: DomainDeps, user: DashboardUser, keyId: string): Promise<ApiKeyInfo> {
  const key = await deps.storage.read.merchants.findApiKey(keyId);
  if (!key || key.merchantId !== user.merchantId) throw new NotFound('key');
  const { secretHash: _h, merchantId: _m, ...info } = key;
  return info;
}

/** A new key for an entity of the user's merchant, on the merchant's first site: its secret is shown once. */
export async function createMerchantKey(
  deps: DomainDeps,
  user: DashboardUser,
  input: { entityId: string; type: ApiKeyType; label?: string },
): Promise<{ key: ApiKeyInfo; plaintext: Secret<string> }> {
  const entity = await merchantEntity(deps, user, input.entityId);
  const [site] = await deps.storage.read.merchants.listSites(user.merchantId);
  if (!site) throw new NotFound('site');
  const made = await createApiKey(deps, {
    entityId: entity.id,
    siteId: site.id,
    type: input.type,
    ...(input.label !== undefined ? { label: input.label } : {}),
  });
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), 'key.create', made.key.id, {
      entityId: entity.id,
      type: input.type,
      label: made.key.label,
    }),
  );
  return made;
}

export async function relabelMerchantKey(
  deps: DomainDeps,
  user: DashboardUser,
  keyId: string,
  label: string,
): Promise<ApiKeyInfo> {
  const key = await merchantKey(deps, user, keyId);
  await deps.storage.write(async (repos) => {
    await repos.dashboard.setApiKeyLabel(keyId, label);
    await appendAudit(repos, user, realNow(deps.clock), 'key.update', keyId, { label });
  });
  return { ...key, label };
}

/** Revokes a key (the CLI's `revokeApiKey`): refused from the next request on. */
export async function revokeMerchantKey(deps: DomainDeps, user: DashboardUser, keyId: string): Promise<ApiKeyInfo> {
  await merchantKey(deps, user, keyId);
  const key = await revokeApiKey(deps, keyId);
  await deps.storage.write((repos) => appendAudit(repos, user, realNow(deps.clock), 'key.revoke', keyId));
  return key;
}
