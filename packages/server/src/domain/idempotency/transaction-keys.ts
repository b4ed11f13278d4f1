import type { Renderers, Repos } from '../ports.js';
import type { Transaction } from '../payments/transaction.types.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import { claimIdempotencyKey, IDEMPOTENCY_TTL_MS, type StoredResponse } from './idempotency.service.js';
import type { IdempotencyRecord } from './ports.js';

/**
 * The idempotency key of a money operation (REST `idempotency-key`, or a signed session body,
 * docs/decisions/0805): claimed in the operation's pending write, named its transaction there, and
 * completed with the rendered answer in its outcome write. The rule is idempotency.service.ts's.
 */
export interface IdempotencyClaim {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  /** the first answer, stored in the outcome's write; `upoId`: the UPO the payment paid with or saved */
  render(tx: Transaction, upoId?: string): StoredResponse;
  /** session: the answer without the transaction's members, which recovery completes */
  frame?: string;
  /** session: the request's clientRequestId, claimed once a site asks for unique ones (docs/decisions/0104) */
  clientRequestId?: { siteId: string; value: string | null };
  /** how long the record is kept; default IDEMPOTENCY_TTL_MS (a signed session body: its timeStamp window, 0822) */
  ttlMs?: number;
}

/** The record that claims a key: no answer yet, no transaction yet. */
export function claimRecordOf(claim: IdempotencyClaim, now: number): IdempotencyRecord {
  return {
    entityId: claim.entityId,
    scope: claim.scope,
    key: claim.key,
    requestHash: claim.requestHash,
    responseStatus: null,
    responseBody: null,
    createdAt: now,
    expiresAt: now + (claim.ttlMs ?? IDEMPOTENCY_TTL_MS),
    transactionId: null,
    replayFrame: claim.frame ?? null,
  };
}

/**
 * Claims an idempotency key in the first write. A key already used answers its stored response; one
 * whose first request has not finished is `InFlight` (409 5300.1003); another body is a mismatch.
 */
export async function claimKey(
  repos: Repos,
  claim: IdempotencyClaim | undefined,
  now: number,
): Promise<StoredResponse | undefined> {
  if (!claim) return undefined;
  const replay = await claimIdempotencyKey(repos, claimRecordOf(claim, now), now);
  if (replay) return replay;
  // A replay answers its first answer above; a new request spends its clientRequestId (0104).
  if (claim.clientRequestId)
    await claimClientRequestId(repos, claim.clientRequestId.siteId, claim.clientRequestId.value, now);
  return undefined;
}

/** Names the transaction a claimed key's request created, in the write that creates it (0805). */
export async function attachKey(repos: Repos, claim: IdempotencyClaim | undefined, tx: Transaction): Promise<void> {
  if (claim) await repos.idempotency.attach(claim.entityId, claim.scope, claim.key, tx.id);
}

/** Completes a claimed key with the transaction's final answer, in the write of the outcome. */
export async function completeKey(repos: Repos, claim: IdempotencyClaim | undefined, tx: Transaction): Promise<void> {
  if (!claim) return;
  const rendered = claim.render(tx);
  await repos.idempotency.complete(claim.entityId, claim.scope, claim.key, rendered.status, rendered.body);
}

/**
 * The final answer of a request whose transaction recovery closed: REST records answer the payment
 * response; session records their stored envelope with the transaction's members (docs/decisions/0805).
 */
export function recoveredAnswer(render: Renderers, record: IdempotencyRecord, tx: Transaction): StoredResponse {
  return { status: 200, body: render.recoveredAnswer(tx, record.replayFrame ?? null) };
}

/** Finishes the open idempotency records of a transaction recovery closed, in recovery's write. */
export async function finishRecoveredKeys(repos: Repos, render: Renderers, tx: Transaction): Promise<void> {
  for (const record of await repos.idempotency.openFor(tx.id)) {
    const answer = recoveredAnswer(render, record, tx);
    await repos.idempotency.complete(record.entityId, record.scope, record.key, answer.status, answer.body);
  }
}
