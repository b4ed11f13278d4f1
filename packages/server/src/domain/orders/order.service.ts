import { Forbidden, Invalid, NotFound } from '../errors.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import { idempotencyRecord, runIdempotent } from '../idempotency/idempotency.service.js';
import { authorizeEntity, requireOperationsKey } from '../merchants/merchant.service.js';
import type { MerchantContext } from '../merchants/merchant.types.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { NewOrder, OrderStatusView } from './ports.js';
import type { Minor } from '../../lib/money.js';
import type { CreateOrderCommand, Order, OrderRef } from './order.types.js';

/** A REST order's sessionId is a bearer credential for 30 minutes. */
export const SESSION_TTL_MS = 30 * 60 * 1000;

export interface Idempotency {
  key: string;
  requestHash: string;
}

/**
 * Creates an order in one durable write. With an idempotency key, the response (rendered by the caller
 * from the new order) is stored beside the order, complete, in the same write, and replayed for every
 * retry; a key already taken leaves the order unwritten and answers as the record says.
 */
export async function createOrder(
  deps: DomainDeps,
  ctx: MerchantContext,
  cmd: CreateOrderCommand,
  render: (order: NewOrder) => StoredResponse,
  idempotency?: Idempotency,
): Promise<StoredResponse & { replayed: boolean }> {
  requireOperationsKey(ctx);
  if (ctx.via === 'access-token' && !ctx.scopes.has('payments')) {
    throw new Forbidden('access token lacks the payments scope');
  }
  // Authorisation reads do not need the write transaction: keys and entities are not changed by orders.
  // The credential's own entity needs none (and no turn of the microtask queue).
  if (cmd.entityId !== ctx.entityId) await authorizeEntity(deps.storage.read, ctx, cmd.entityId);
  const now = deps.clock.now();
  const order = newOrder(ctx, cmd, deps.ids.timeOrderedUuid(), now);
  const response = render(order);
  if (!idempotency) {
    await deps.storage.insertOrder(order);
    return { ...response, replayed: false };
  }
  const request = {
    entityId: cmd.entityId,
    scope: 'POST /orders',
    key: idempotency.key,
    requestHash: idempotency.requestHash,
    now,
  };
  const inserted = await deps.storage.insertOrder(order, {
    ...idempotencyRecord(request),
    responseStatus: response.status,
    responseBody: response.body,
  });
  if (inserted !== 'key-taken') return { ...response, replayed: false };
  // A retry (or a request racing the first): the record decides, in a transaction of its own.
  return deps.storage.write((repos) =>
    runIdempotent(repos, request, async () => (await repos.orders.insert(order), response)),
  );
}

function newOrder(ctx: MerchantContext, cmd: CreateOrderCommand, sessionId: string, now: number): NewOrder {
  return {
    sessionId,
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    entityId: cmd.entityId,
    merchantTransactionId: cmd.merchantTransactionId,
    amount: cmd.amount,
    currency: cmd.currency,
    transactionType: cmd.transactionType,
    openAmount: cmd.openAmount,
    permittedOperations: cmd.permittedOperations,
    productId: cmd.productId,
    webhookUrl: cmd.webhookUrl,
    status: 'open',
    requestJson: cmd.requestJson,
    createdAt: now,
    updatedAt: now,
    sessionExpiresAt: now + SESSION_TTL_MS,
  };
}

/**
 * Finds the order `ref` names among those the credential may reach. An order of an entity the
 * credential cannot reach is answered exactly like a missing one.
 */
export async function findOrder(repos: Repos, ctx: MerchantContext, ref: OrderRef): Promise<Order> {
  requireOperationsKey(ctx);
  const found =
    'sessionId' in ref ? await repos.orders.findBySessionId(ref.sessionId) : await repos.orders.find(ctx.entityId, ref);
  await checkReach(repos, ctx, found);
  return found as Order;
}

/** An order `ctx` may see: one of its merchant's, of an entity its key reaches; else NotFound. */
async function checkReach(
  repos: Repos,
  ctx: MerchantContext,
  found: Pick<Order, 'merchantId' | 'entityId'> | undefined | 'ambiguous',
): Promise<void> {
  if (found === 'ambiguous') {
    throw new Invalid('merchantTransactionId', 'is not unique within the processing entity; use sessionId');
  }
  if (!found || found.merchantId !== ctx.merchantId || found.entityId === null) throw new NotFound('order');
  try {
    await authorizeEntity(repos, ctx, found.entityId);
  } catch (err) {
    // an entity the credential does not reach hides its orders; a store failure stays one (ADR 0642)
    if (err instanceof Forbidden) throw new NotFound('order');
    throw err;
  }
}

/** The order `ref` names and its last payment in one read of the store (ADR 0810). */
export async function getOrderStatus(deps: DomainDeps, ctx: MerchantContext, ref: OrderRef): Promise<OrderStatusView> {
  requireOperationsKey(ctx);
  const repos = deps.storage.read;
  const found = await repos.orders.findStatus(ctx.entityId, ref);
  await checkReach(repos, ctx, found === 'ambiguous' ? found : found?.order);
  return found as OrderStatusView;
}

/** Changes the amount of an order created with `openAmount`, within its min and max. */
export async function updateOrderAmount(
  deps: DomainDeps,
  ctx: MerchantContext,
  ref: OrderRef,
  amountOf: (currency: string) => Minor,
): Promise<Order> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const order = await findOrder(repos, ctx, ref);
    if (!order.openAmount)
      throw new Invalid('amount', 'can be changed only for an order created with openAmount', 'amount');
    const amount = amountOf(order.currency);
    if (amount < order.openAmount.min || amount > order.openAmount.max) {
      throw new Invalid('amount', 'must be between openAmount.min and openAmount.max', 'amount');
    }
    await repos.orders.updateAmount(order.id, amount, now);
    return { ...order, amount, updatedAt: now };
  });
}
