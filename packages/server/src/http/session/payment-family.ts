import type { FastifyInstance } from 'fastify';
import { registerPaymentCC } from './payments.pay-cc.js';
import { registerPaymentAPM } from './payments.pay-apm.js';
import { registerPayment3D } from './payments.pay-3d.js';
import { registerDynamic3D } from './payments.dynamic-3d.js';
import { registerAuthorize3d } from './payments.authorize-3d.js';
import { registerAuthenticate3d } from './payments.authenticate-3d.js';
import { registerVerify3d } from './payments.verify-3d.js';

/** The session payment family, one file per method, registered in the order the API reference lists them. */
export function registerPaymentFamily(app: FastifyInstance): void {
  registerPaymentCC(app);
  registerPaymentAPM(app);
  registerPayment3D(app);
  registerDynamic3D(app);
  registerAuthorize3d(app);
  registerAuthenticate3d(app);
  registerVerify3d(app);
}
