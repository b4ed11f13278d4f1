import type { FastifyInstance } from 'fastify';
import { registerAdvanceClock } from './clock.advance.js';
import { registerResetClock } from './clock.reset.js';
import { registerShowClock } from './clock.show.js';
import { registerFaultRoutes } from './faults.routes.js';

/**
 * Test clocks and acquirer faults (docs/decisions/0940, 0941). Registered in both modes: production
 * mode answers them 403, so a script pointed at the wrong server learns why.
 */
export function registerSandboxRoutes(app: FastifyInstance): void {
  registerShowClock(app);
  registerAdvanceClock(app);
  registerResetClock(app);
  registerFaultRoutes(app);
}
