import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { sessionChecksum } from '../../security/checksum.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { verifyCatalogueChecksum } from '../../security/catalogue-checksum.js';
import { hasBoolean, withdrawalChecksumValues } from '../../security/withdrawal-checksum.js';
import { checksumAuth } from './auth.js';

/**
 * Authentication of the withdrawal management calls: the session interface's order of refusals
 * (unknown merchant 1013, unknown or foreign site 1022, malformed timeStamp 1021, wrong checksum
 * 1001), with the body-order checksum rule of security/withdrawal-checksum.ts (docs/withdrawals.md), or,
 * for the methods the server facts mark [REQ], also the listed `required` fields in order.
 */
export function withdrawalChecksumAuth(
  app: FastifyInstance,
  required?: readonly string[],
): preValidationAsyncHookHandler {
  return checksumAuth(app, (secret, presented, body) => {
    const given = presented.toLowerCase();
    const expected = sessionChecksum(withdrawalChecksumValues(body), secret);
    // [REQ] methods: the PHP SDK's required-field order, or [BODY]; either matches (docs/decisions/0131)
    const byRequired = required !== undefined && verifyCatalogueChecksum(required, body, secret, given);
    // the PHP SDK writes true as 1 and false as empty (docs/decisions/0123)
    const byPhpText =
      hasBoolean(body) && constantTimeEqual(sessionChecksum(withdrawalChecksumValues(body, 'php'), secret), given);
    return constantTimeEqual(expected, given) || byRequired || byPhpText;
  });
}
