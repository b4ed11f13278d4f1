import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthenticated } from '../../domain/errors.js';
import { contextOfAccessToken } from '../../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import type { Order } from '../../domain/orders/order.types.js';
import { verifyAccessToken } from '../../security/jwt.js';
import { authenticateApiKey } from '../api-key-auth.js';

/** The order whose sessionId is the request's bearer token, when it is. */
const boundOrders = new WeakMap<FastifyRequest, Order>();

export function boundOrderOf(request: FastifyRequest): Order | undefined {
  return boundOrders.get(request);
}

/**
 * Payments accept an API key, a merchant access token, or an order's sessionId as a bearer token
 * (30 minutes, that order only, its permittedOperations only: ADR 0007).
 */
export async function authenticatePayment(app: FastifyInstance, request: FastifyRequest): Promise<MerchantContext> {
  const { deps, box } = app.services;
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) return authenticateApiKey(deps.storage.read, apiKey);
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !/^bearer\s/i.test(authorization))
    throw new Unauthenticated('no credential');
  const token = authorization.slice(7).trim();
  const now = deps.clock.now();
  const claims = await verifyAccessToken(box, token, Math.floor(now / 1000));
  if (claims) return contextOfAccessToken(deps.storage.read, claims);
  const order =
    token.length > 0 && token.length <= 255 ? await deps.storage.read.orders.findBySessionId(token) : undefined;
  if (!order || order.entityId === null || now >= order.sessionExpiresAt)
    throw new Unauthenticated('invalid bearer token');
  boundOrders.set(request, order);
  return {
    merchantId: order.merchantId,
    siteId: order.siteId,
    entityId: order.entityId,
    keyId: `order:${order.id}`,
    keyType: 'operations',
    via: 'access-token',
    scopes: new Set(order.permittedOperations),
  };
}
