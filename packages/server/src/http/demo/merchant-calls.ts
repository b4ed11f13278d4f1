import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DemoCredentials } from '../../bootstrap/demo.js';
import { sha256Hex } from '../../lib/hash.js';
import { withdrawalChecksumValues } from '../../security/withdrawal-checksum.js';
import { demoTimeStamp } from './demo-order.js';

/**
 * The demo cashier's "server side" (docs/withdrawals.md): the session calls a merchant's backend makes
 * for withdrawals, signed with the demo merchant's secret key and posted to this gateway's own session
 * API, as a shop's server would. Each is answered with the body sent and the answer received, which the
 * cashier page shows.
 */

export interface MerchantCall {
  /** the path called, e.g. `/ppp/api/withdrawal/approveRequest.do` */
  call: string;
  /** the body sent, checksum included (the secret key is never in it) */
  request: Record<string, unknown>;
  answer: Record<string, unknown>;
}

/**
 * A new user for one visit of the cashier: a withdrawal request left open by an earlier visit would
 * otherwise hold the component's `wdRequestsLimit` (1) and refuse the next (docs/decisions/0540).
 */
export const newDemoPayee = () => `demo-payee-${randomBytes(4).toString('hex')}`;

/** The sandbox card the cashier pays out to (approved by the test-card table). */
const DEMO_CARD = { ccCardNumber: '4761344136141390', ccExpMonth: '12', ccExpYear: '2030', ccNameOnCard: 'John Smith' };

/**
 * Signs `fields` and posts them to `path`. The checksum is the SHA-256 of merchantId, merchantSiteId,
 * the other values in the order of the body, timeStamp and the secret key: the withdrawal methods' rule,
 * which is also the listed order of the user methods when the fields are sent in that order.
 */
export async function merchantCall(
  app: FastifyInstance,
  c: DemoCredentials,
  path: string,
  fields: Record<string, unknown>,
): Promise<MerchantCall> {
  const body: Record<string, unknown> = {
    merchantId: c.merchantId,
    merchantSiteId: c.merchantSiteId,
    ...fields,
    timeStamp: demoTimeStamp(app),
  };
  const request = { ...body, checksum: sha256Hex(withdrawalChecksumValues(body).join('') + c.merchantSecretKey) };
  const res = await app.inject({ method: 'POST', url: path, payload: request });
  return { call: path, request, answer: res.json() as Record<string, unknown> };
}

const requestId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/**
 * The cashier user's saved card, which it withdraws to: creates the user (createUser.do), then stores
 * the sandbox card for it (addUPOCreditCard.do). Answers the UPO's id, or undefined when the gateway
 * refused.
 */
export async function addDemoPayee(
  app: FastifyInstance,
  c: DemoCredentials,
  userTokenId: string,
): Promise<string | undefined> {
  await merchantCall(app, c, '/ppp/api/v1/createUser.do', {
    userTokenId,
    clientRequestId: requestId('demo-user'),
    firstName: 'John',
    lastName: 'Smith',
    countryCode: 'DE',
    email: 'john@example.com',
  });
  const added = await merchantCall(app, c, '/ppp/api/v1/addUPOCreditCard.do', {
    userTokenId,
    clientRequestId: requestId('demo-card'),
    ...DEMO_CARD,
  });
  const id = added.answer.userPaymentOptionId;
  return added.answer.status === 'SUCCESS' && id !== undefined ? String(id) : undefined;
}
