import type { ApiKeyInfo, ApiKeyType, Merchant, ProcessingEntity, Site } from './merchant.types.js';

export interface ApiKeyRecord extends ApiKeyInfo {
  secretHash: string;
  merchantId: string;
}

/** Storage of merchants, sites, entities and keys; implemented in store/merchants.repo.ts. */
export interface MerchantRepo {
  countMerchants(): Promise<number>;
  insertMerchant(m: Merchant): Promise<void>;
  insertSite(s: Site & { secretKeySealed: string }): Promise<void>;
  insertEntity(e: ProcessingEntity): Promise<void>;
  insertApiKey(k: ApiKeyInfo & { secretHash: string }): Promise<void>;
  findMerchant(id: string): Promise<Merchant | undefined>;
  findSite(id: string): Promise<(Site & { secretKeySealed: string }) | undefined>;
  findEntity(id: string): Promise<ProcessingEntity | undefined>;
  findApiKey(id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * What `findApiKey` would answer, when it is known without I/O (a cache holds it): `null` for a key
   * known not to exist, `undefined` when only `findApiKey` can tell. Authentication answers at once
   * from it, without a promise, on every request of a key in use.
   */
  apiKeyAtHand?(id: string): ApiKeyRecord | null | undefined;
  listApiKeys(entityId: string): Promise<ApiKeyInfo[]>;
  /** every merchant, oldest first (the operator's `merchants list`) */
  listMerchants(): Promise<Merchant[]>;
  /** sites, of one merchant or all, oldest first; never their secrets */
  listSites(merchantId?: string): Promise<Site[]>;
  /** processing entities, of one merchant or all, oldest first */
  listEntities(merchantId?: string): Promise<ProcessingEntity[]>;
  revokeApiKey(id: string, at: number): Promise<boolean>;
  /**
   * The entity and its ancestors, nearest first, each with whether it holds an active key of `type`.
   */
  entityChain(entityId: string, type: ApiKeyType): Promise<Array<{ id: string; hasKey: boolean }>>;
}
