/** @gatehouse/merchant-kit: what a merchant server needs to call the Gatehouse session API. */
export { checksum, timeStamp } from './checksum.js';
export { CHECKSUM_FIELDS, URL_DETAILS_ORDER, checksumValues, type SessionMethod } from './checksum-fields.js';
export * from './requests.js';
export * from './withdrawals.js';
