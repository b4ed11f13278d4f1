import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { CodeParams } from '../../../schemas/dashboard/platform.schema.js';
import { permit } from './auth.js';

/** What the three sandbox moves of the platform (platform-*.move.ts) have in common. */
export const PLATFORM_MOVE = {
  onRequest: permit('platform.manage'),
  tags: ['dashboard'],
  security: [{ dashboardSession: [] }],
  params: CodeParams,
  errors: ERRORS,
  description:
    'Sandbox only (404 in production mode): the platform operator’s move, the same as `POST /api/v2/sandbox/…` and `gatehouse platform …`, for the merchant’s own resources (another platform’s is 404). A move the state machine forbids is 409 `conflict` naming the status, and changes nothing. Needs `x-csrf-token`.',
};
