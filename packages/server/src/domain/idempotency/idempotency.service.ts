import { IdempotencyMismatch, InFlight } from '../errors.js';
import type { Repos } from '../ports.js';
import type { IdempotencyRecord } from './ports.js';

/** Idempotency records are kept 24 hours (DECISIONS.md 3). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyRequest {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  now: number;
}

/** The record that claims `req`'s key, its response still to come. */
export function idempotencyRecord(req: IdempotencyRequest): IdempotencyRecord {
  return {
    entityId: req.entityId,
    scope: req.scope,
    key: req.key,
    requestHash: req.requestHash,
    responseStatus: null,
    responseBody: null,
    createdAt: req.now,
    expiresAt: req.now + IDEMPOTENCY_TTL_MS,
  };
}

/**
 * Runs `produce` at most once per (entity, scope, key) inside the caller's transaction. The claim is
 * an insert settled by the primary key, so concurrent requests with one key wait for the first and
 * then replay its stored response instead of producing another.
 */
export async function runIdempotent(
  repos: Repos,
  req: IdempotencyRequest,
  produce: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const record = idempotencyRecord(req);
  if (!(await repos.idempotency.claim(record))) {
    const existing = await repos.idempotency.find(req.entityId, req.scope, req.key);
    if (existing && existing.expiresAt > req.now) {
      if (existing.requestHash !== req.requestHash) throw new IdempotencyMismatch();
      if (existing.responseStatus === null || existing.responseBody === null) throw new InFlight();
      return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
    }
    // Expired (or purged meanwhile): the key is free again.
    await repos.idempotency.remove(req.entityId, req.scope, req.key);
    await repos.idempotency.claim(record);
  }
  const response = await produce();
  await repos.idempotency.complete(req.entityId, req.scope, req.key, response.status, response.body);
  return { ...response, replayed: false };
}
