import { restErrorHandler } from '../shared/rest-errors.js';

/**
 * The admin API answers errors exactly as the REST 2.0 interface does (same shape, codes and
 * statuses, docs/rest-orders.md), so it shares that interface's error handler.
 */
export const adminErrorHandler = restErrorHandler;
