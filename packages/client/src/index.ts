/**
 * @gatehouse/client: what a merchant server needs to talk to Gatehouse. The REST API (orders,
 * payments, access tokens), the session API (checksums, time stamps, request builders, a signing
 * client) and the verification of what Gatehouse sends (Standard Webhooks and DMNs).
 */
export { GatehouseApiError } from './api-error.js';
export type { Fetch } from './http.js';
export { restApi, REST_OPERATIONS, type RestApi, type RestApiOptions, type IdempotencyOption } from './rest-api.js';
export type * from './rest-types.js';
export { sessionApi, type SessionApi, type SessionApiOptions, type SessionAnswer } from './session-api.js';
export { checksum, timeStamp } from './checksum.js';
export { CHECKSUM_FIELDS, URL_DETAILS_ORDER, checksumValues, type SessionMethod } from './checksum-fields.js';
export * from './requests.js';
export * from './withdrawals.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
} from './webhook-verify.js';
export { verifyDmn, dmnChecksum, DMN_CHECKSUM_FIELDS } from './dmn-verify.js';
