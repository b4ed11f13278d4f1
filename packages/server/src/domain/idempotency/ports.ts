export interface IdempotencyRecord {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
  expiresAt: number;
  /** the transaction the request created, once its first write has created it */
  transactionId?: string | null;
  /** a session answer without the transaction's members, which recovery completes (docs/decisions/0805) */
  replayFrame?: string | null;
}

export interface IdempotencyRepo {
  /** Inserts the record unless one exists for (entity, scope, key); true when this call inserted it. */
  claim(record: IdempotencyRecord): Promise<boolean>;
  find(entityId: string, scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  complete(entityId: string, scope: string, key: string, status: number, body: string): Promise<void>;
  remove(entityId: string, scope: string, key: string): Promise<void>;
  /** Names the transaction the record's request created (in the write that creates it). */
  attach(entityId: string, scope: string, key: string, transactionId: string): Promise<void>;
  /** The records still waiting for the answer of `transactionId`'s request. */
  openFor(transactionId: string): Promise<IdempotencyRecord[]>;
  purgeExpired(now: number): Promise<number>;
}
