/**
 * REST's error answers: the REST-shaped table and handler live in `http/shared/rest-errors.ts`,
 * because the admin and platform APIs answer in the same shape (docs/rest-orders.md, docs/platform.md).
 */
export { domainToWire, errorBody, restErrorHandler } from '../shared/rest-errors.js';
