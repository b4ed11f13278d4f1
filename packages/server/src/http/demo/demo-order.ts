import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DemoCredentials } from '../../bootstrap/demo.js';
import { baseUrlOf } from '../three-d.view.js';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const pad = (n: number) => String(n).padStart(2, '0');

/** The `timeStamp` of a session call the demo's server makes: its clock's local time, YYYYMMDDHHmmss. */
export function demoTimeStamp(app: FastifyInstance): string {
  const d = new Date(app.services.deps.clock.now());
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

export interface OpenedDemoOrder {
  /** the order's clientUniqueId, which the page passes on to the SDK */
  clientUniqueId: string;
  status?: string;
  sessionToken?: string;
  reason?: string;
}

/**
 * The demo shops' "server side" (`/demo`, `/demo/checkout`): opens a 15.00 EUR order for the demo
 * merchant and its demo shopper (or the user named) through the real session API, as a shop's backend would
 * (openOrder.do, checksum and all, the DMN to `/demo/dmn`), and answers what openOrder answered.
 */
export async function openDemoOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  c: DemoCredentials,
  idPrefix: string,
  userTokenId = 'demo-shopper',
): Promise<OpenedDemoOrder> {
  const timeStamp = demoTimeStamp(app);
  const clientUniqueId = `${idPrefix}-${randomBytes(6).toString('hex')}`;
  const order = {
    merchantId: c.merchantId,
    merchantSiteId: c.merchantSiteId,
    clientRequestId: clientUniqueId,
    clientUniqueId,
    amount: '15.00',
    currency: 'EUR',
    userTokenId,
    urlDetails: { notificationUrl: `${baseUrlOf(request)}/demo/dmn` },
    timeStamp,
  };
  const checksum = sha256(
    `${order.merchantId}${order.merchantSiteId}${order.clientRequestId}${order.amount}${order.currency}${order.timeStamp}${c.merchantSecretKey}`,
  );
  const opened = await app.inject({ method: 'POST', url: '/ppp/api/v1/openOrder.do', payload: { ...order, checksum } });
  return { ...(opened.json() as Omit<OpenedDemoOrder, 'clientUniqueId'>), clientUniqueId };
}
