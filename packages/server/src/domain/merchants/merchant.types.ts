export type ApiKeyType = 'operations' | 'dispute';

export interface Merchant {
  id: string;
  name: string;
  createdAt: number;
}

export interface Site {
  id: string;
  merchantId: string;
  name: string;
  createdAt: number;
}

export interface ProcessingEntity {
  id: string;
  merchantId: string;
  parentId: string | null;
  name: string;
  createdAt: number;
}

export interface ApiKeyInfo {
  id: string;
  entityId: string;
  siteId: string;
  type: ApiKeyType;
  label: string;
  createdAt: number;
  revokedAt: number | null;
}

/** Who is calling, resolved by an interface's authentication from a key, token or checksum. */
export interface MerchantContext {
  merchantId: string;
  siteId: string;
  /** the entity the credential belongs to */
  entityId: string;
  keyId: string;
  keyType: ApiKeyType;
  via: 'api-key' | 'access-token';
  /** scopes of an access token; an API key carries every scope of its type */
  scopes: ReadonlySet<'payments' | 'operations'>;
}
