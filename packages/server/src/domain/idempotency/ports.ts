export interface IdempotencyRecord {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface IdempotencyRepo {
  /** Inserts the record unless one exists for (entity, scope, key); true when this call inserted it. */
  claim(record: IdempotencyRecord): Promise<boolean>;
  find(entityId: string, scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  complete(entityId: string, scope: string, key: string, status: number, body: string): Promise<void>;
  remove(entityId: string, scope: string, key: string): Promise<void>;
  purgeExpired(now: number): Promise<number>;
}
