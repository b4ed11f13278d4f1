import { canonicalJson } from '../../lib/canonical-json.js';
import { IdempotencyMismatch, InFlight } from '../errors.js';
import type { Repos, Vault } from '../ports.js';
import type { IdempotencyRecord } from './ports.js';

/**
 * Idempotency, one rule for every operation (orders, payments, follow-ups, payouts, withdrawal and
 * platform requests): a request names a key; the first request's answer is stored under
 * (entity, scope, key) with the request's hash; a retry with the same body replays that answer, one
 * with another body is a mismatch (409), one while the first is still running is `InFlight`.
 * See docs/decisions/0640-one-idempotency-rule.md.
 */

/** Idempotency records are kept 24 hours (docs/decisions/0640). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The purpose of the keyed hash of a request body (docs/decisions/0640). */
export const IDEMPOTENCY_HASH_PURPOSE = 'idempotency.request';

export interface StoredResponse {
  status: number;
  body: string;
}

/**
 * The one request-hash rule: HMAC-SHA-256 (the vault's key for this purpose) of the body as canonical
 * JSON. Keyed, because a payment body holds a card number, which must not be guessable from a record.
 */
export function requestHashOf(vault: Pick<Vault, 'mac'>, body: unknown): string {
  return vault.mac(IDEMPOTENCY_HASH_PURPOSE, canonicalJson(body)).toString('hex');
}

export interface IdempotencyRequest {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  now: number;
}

/** The record that claims `req`'s key, its response still to come. */
export function idempotencyRecord(req: IdempotencyRequest, ttlMs = IDEMPOTENCY_TTL_MS): IdempotencyRecord {
  return {
    entityId: req.entityId,
    scope: req.scope,
    key: req.key,
    requestHash: req.requestHash,
    responseStatus: null,
    responseBody: null,
    createdAt: req.now,
    expiresAt: req.now + ttlMs,
  };
}

/**
 * Claims `record`'s key in the caller's transaction. Undefined when this request now holds it (a new
 * request, or a key whose record had expired); the stored answer when the key was answered already.
 * Throws `IdempotencyMismatch` for another body under the key, `InFlight` while the first request runs.
 */
export async function claimIdempotencyKey(
  repos: Pick<Repos, 'idempotency'>,
  record: IdempotencyRecord,
  now: number,
): Promise<StoredResponse | undefined> {
  if (await repos.idempotency.claim(record)) return undefined;
  const existing = await repos.idempotency.find(record.entityId, record.scope, record.key);
  if (existing && existing.expiresAt > now) {
    if (existing.requestHash !== record.requestHash) throw new IdempotencyMismatch();
    if (existing.responseStatus === null || existing.responseBody === null) throw new InFlight();
    return { status: existing.responseStatus, body: existing.responseBody };
  }
  // Expired (or purged meanwhile): the key is free again.
  await repos.idempotency.remove(record.entityId, record.scope, record.key);
  await repos.idempotency.claim(record);
  return undefined;
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
  const replay = await claimIdempotencyKey(repos, idempotencyRecord(req), req.now);
  if (replay) return { ...replay, replayed: true };
  const response = await produce();
  await repos.idempotency.complete(req.entityId, req.scope, req.key, response.status, response.body);
  return { ...response, replayed: false };
}
