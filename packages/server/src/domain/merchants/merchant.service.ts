import { Secret } from '../../lib/secret.js';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { ApiKeyRecord } from './ports.js';
import type { ApiKeyInfo, ApiKeyType, MerchantContext, Merchant, ProcessingEntity, Site } from './merchant.types.js';

/** Merchant credentials: merchants, sites, processing entities in a tree, REST API keys. */

export const SITE_SECRET_PURPOSE = 'site.secret_key';

export interface CreatedMerchant {
  merchant: Merchant;
  site: Site;
  merchantSecretKey: Secret<string>;
}

export async function createMerchant(
  deps: DomainDeps,
  input: { name: string; siteName?: string },
): Promise<CreatedMerchant> {
  const now = deps.clock.now();
  const merchant: Merchant = { id: deps.ids.numeric(18), name: input.name, createdAt: now };
  const { site, secret } = newSite(deps, merchant.id, input.siteName ?? `${input.name} site`, now);
  await deps.storage.write(async (repos) => {
    await repos.merchants.insertMerchant(merchant);
    await repos.merchants.insertSite({ ...site, secretKeySealed: deps.vault.seal(secret, SITE_SECRET_PURPOSE) });
  });
  return { merchant, site, merchantSecretKey: secret };
}

export async function createSite(
  deps: DomainDeps,
  input: { merchantId: string; name: string },
): Promise<{ site: Site; merchantSecretKey: Secret<string> }> {
  const now = deps.clock.now();
  const { site, secret } = newSite(deps, input.merchantId, input.name, now);
  await deps.storage.write(async (repos) => {
    if (!(await repos.merchants.findMerchant(input.merchantId))) throw new NotFound('merchant');
    await repos.merchants.insertSite({ ...site, secretKeySealed: deps.vault.seal(secret, SITE_SECRET_PURPOSE) });
  });
  return { site, merchantSecretKey: secret };
}

function newSite(deps: DomainDeps, merchantId: string, name: string, now: number) {
  const site: Site = { id: deps.ids.numeric(10), merchantId, name, createdAt: now };
  return { site, secret: new Secret(deps.ids.token(64)) };
}

export async function createEntity(
  deps: DomainDeps,
  input: { merchantId?: string; parentId?: string; name: string },
): Promise<ProcessingEntity> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    let merchantId = input.merchantId;
    if (input.parentId) {
      const parent = await repos.merchants.findEntity(input.parentId);
      if (!parent) throw new NotFound('entity');
      if (merchantId && merchantId !== parent.merchantId) {
        throw new Invalid('parent', 'must belong to the same merchant');
      }
      merchantId = parent.merchantId;
    }
    if (!merchantId) throw new Invalid('merchant', 'is required when no parent is given');
    if (!(await repos.merchants.findMerchant(merchantId))) throw new NotFound('merchant');
    const entity: ProcessingEntity = {
      id: deps.ids.uuid(),
      merchantId,
      parentId: input.parentId ?? null,
      name: input.name,
      createdAt: now,
    };
    await repos.merchants.insertEntity(entity);
    return entity;
  });
}

export async function createApiKey(
  deps: DomainDeps,
  input: { entityId: string; siteId: string; type: ApiKeyType; label?: string },
): Promise<{ key: ApiKeyInfo; plaintext: Secret<string> }> {
  const issued = deps.secrets.apiKey();
  const key: ApiKeyInfo = {
    id: issued.id,
    entityId: input.entityId,
    siteId: input.siteId,
    type: input.type,
    label: input.label ?? '',
    createdAt: deps.clock.now(),
    revokedAt: null,
  };
  await deps.storage.write(async (repos) => {
    const entity = await repos.merchants.findEntity(input.entityId);
    if (!entity) throw new NotFound('entity');
    const site = await repos.merchants.findSite(input.siteId);
    if (!site) throw new NotFound('site');
    if (site.merchantId !== entity.merchantId) throw new Invalid('site', 'must belong to the merchant of the entity');
    await repos.merchants.insertApiKey({ ...key, secretHash: issued.secretHash });
  });
  return { key, plaintext: issued.plaintext };
}

/** The keys of one entity only: an ancestor's keys are never listed from a child. */
export async function listApiKeys(deps: DomainDeps, entityId: string): Promise<ApiKeyInfo[]> {
  if (!(await deps.storage.read.merchants.findEntity(entityId))) throw new NotFound('entity');
  return deps.storage.read.merchants.listApiKeys(entityId);
}

export async function revokeApiKey(deps: DomainDeps, keyId: string): Promise<ApiKeyInfo> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const key = await repos.merchants.findApiKey(keyId);
    if (!key) throw new NotFound('key');
    if (key.revokedAt === null) await repos.merchants.revokeApiKey(keyId, now);
    const { secretHash: _h, merchantId: _m, ...info } = key;
    return { ...info, revokedAt: key.revokedAt ?? now };
  });
}

/**
 * The context of an API key whose secret the interface verified (http/api-key-auth.ts): a revoked
 * key is refused; an Operations key also holds the operations scope.
 */
export function contextOfApiKey(key: ApiKeyRecord): MerchantContext {
  if (key.revokedAt !== null) throw new Unauthenticated('revoked api key');
  return contextOf(key, 'api-key', key.type === 'operations' ? ['payments', 'operations'] : []);
}

/** The context of an access token, after checking that the key that obtained it is still active. */
export async function contextOfAccessToken(
  repos: Repos,
  claims: { kid: string; sub: string; scope: string },
): Promise<MerchantContext> {
  const key = await repos.merchants.findApiKey(claims.kid);
  if (!key || key.revokedAt !== null || key.entityId !== claims.sub) throw new Unauthenticated('token key revoked');
  const scopes = claims.scope
    .split(' ')
    .filter((s): s is 'payments' | 'operations' => s === 'payments' || s === 'operations');
  return contextOf(key, 'access-token', scopes);
}

function contextOf(
  key: { id: string; merchantId: string; siteId: string; entityId: string; type: ApiKeyType },
  via: MerchantContext['via'],
  scopes: Array<'payments' | 'operations'>,
): MerchantContext {
  return {
    merchantId: key.merchantId,
    siteId: key.siteId,
    entityId: key.entityId,
    keyId: key.id,
    keyType: key.type,
    via,
    scopes: new Set(scopes),
  };
}

/**
 * May `ctx` act for `targetEntityId`? Yes for the credential's own entity; for a descendant, only when
 * the nearest entity on the path up from the target that holds an active key of the credential's
 * type is the credential's own entity (docs/rest-orders.md: a child without a key inherits its parent's).
 */
export async function authorizeEntity(repos: Repos, ctx: MerchantContext, targetEntityId: string): Promise<void> {
  if (ctx.entityId === targetEntityId) return;
  const chain = await repos.merchants.entityChain(targetEntityId, ctx.keyType);
  const holder = chain.find((e) => e.hasKey);
  if (!holder || holder.id !== ctx.entityId) throw new Forbidden('entity not reachable with this credential');
}

export function requireOperationsKey(ctx: MerchantContext): void {
  if (ctx.keyType !== 'operations') throw new Forbidden('dispute keys reach dispute endpoints only');
}
