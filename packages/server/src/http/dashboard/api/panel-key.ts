import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredResponse } from '../../../domain/idempotency/idempotency.service.js';

/**
 * The `idempotency-key` of the panel's money actions (domain/dashboard/panel-keys.ts): `once` for the
 * domain call (the key, and how the first answer is stored), and the replay of a key answered before.
 */
export function onceOf<T>(
  request: FastifyRequest,
  answer: (result: T) => unknown,
): { key: string; render(result: T): StoredResponse } | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  return { key, render: (result) => ({ status: 200, body: JSON.stringify(answer(result)) }) };
}

/** The first answer of a key used before, marked `idempotent-replayed: true`. */
export function sendReplay(reply: FastifyReply, replay: StoredResponse): FastifyReply {
  void reply.header('idempotent-replayed', 'true');
  return reply.code(replay.status).type('application/json; charset=utf-8').send(replay.body);
}
