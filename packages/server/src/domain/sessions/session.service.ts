import { Invalid, NotFound, OrderExists, SessionExpired } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import { applyUpdate } from './order-details.js';
import { claimClientRequestId } from './client-request-id.js';
import { priceOrder } from './session.pricing.js';
import {
  type NewSessionOrder,
  type OpenOrderCommand,
  type Session,
  type SessionContext,
  type SessionOrder,
  type UpdateOrderCommand,
  SESSION_IDLE_MS,
} from './session.types.js';

/**
 * The session interface's sessions (docs/session-api.md): a token lives until 15 minutes after its last
 * use, or until its decline limit is reached; it holds at most one order.
 */

export function isExpired(session: Session, now: number): boolean {
  return session.expiredAt !== null || now - session.lastUsedAt >= SESSION_IDLE_MS;
}

/** The live session `token` of the caller's site; an unknown, foreign or expired token is `Session expired`. */
async function liveSession(repos: Repos, ctx: SessionContext | null, token: string, now: number): Promise<Session> {
  const session = await repos.sessions.find(token);
  if (!session || (ctx && (session.siteId !== ctx.siteId || session.merchantId !== ctx.merchantId)))
    throw new SessionExpired();
  if (isExpired(session, now)) throw new SessionExpired();
  return session;
}

function newSession(deps: DomainDeps, ctx: SessionContext, now: number, init: Partial<Session> = {}): Session {
  return {
    token: deps.ids.uuid(),
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    orderId: null,
    createdAt: now,
    lastUsedAt: now,
    expiredAt: null,
    declineCount: 0,
    declineLimit: null,
    userTokenId: null,
    clientRequestId: null,
    ...init,
  };
}

/** getSessionToken: a new session without an order; openOrder may bind one to it later. */
export async function getSessionToken(
  deps: DomainDeps,
  ctx: SessionContext,
  cmd: { clientRequestId?: string },
): Promise<Session> {
  const now = deps.clock.now();
  const session = newSession(deps, ctx, now, { clientRequestId: cmd.clientRequestId ?? null });
  await deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, ctx.siteId, cmd.clientRequestId, now);
    await repos.sessions.insert(session);
  });
  return session;
}

/**
 * openOrder: checks the order's money, then in one transaction opens the order and binds it to a new
 * session, or to the given session token when it is live and has no order yet (errCode 1064).
 */
export async function openOrder(
  deps: DomainDeps,
  ctx: SessionContext,
  cmd: OpenOrderCommand,
): Promise<{ session: Session; order: SessionOrder }> {
  const pricing = priceOrder(cmd.details);
  const now = deps.clock.now();
  const planned = cmd.sessionToken === undefined ? await openNewSessionOrder(deps, ctx, cmd, pricing, now) : undefined;
  if (planned) return planned;
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, ctx.siteId, cmd.clientRequestId, now);
    let session: Session;
    if (cmd.sessionToken !== undefined) {
      session = await liveSession(repos, ctx, cmd.sessionToken, now);
      // Claimed before the order is inserted: of concurrent binders, the others wait here and then fail.
      if (session.orderId !== null || !(await repos.sessions.claimForOrder(session.token, now))) throw orderExists();
    } else {
      session = newSession(deps, ctx, now, { clientRequestId: cmd.clientRequestId ?? null });
      await repos.sessions.insert(session);
    }
    const order = await repos.orders.insertSessionOrder(newSessionOrder(ctx, session.token, cmd, pricing, now));
    const set = { declineLimit: cmd.declineLimit, userTokenId: cmd.userTokenId ?? session.userTokenId };
    if (!(await repos.sessions.bindOrder(session.token, order.id, now, set))) throw orderExists();
    // Object.assign({}, …): a spread after a leading spread, and members after it, are V8's slow path (ADR 0668)
    return { session: Object.assign({}, session, set, { orderId: order.id, lastUsedAt: now }), order };
  });
}

const orderExists = () => new OrderExists();

/**
 * openOrder with a new session as one planned write (ADR 0814), the site's clientRequestId setting read
 * just before it. Undefined when the store has no such write or the clientRequestId was spent: the
 * closure then answers as it did (errCode 1066).
 */
async function openNewSessionOrder(
  deps: DomainDeps,
  ctx: SessionContext,
  cmd: OpenOrderCommand,
  pricing: SessionOrder['pricing'],
  now: number,
): Promise<{ session: Session; order: SessionOrder } | undefined> {
  const open = deps.storage.openSessionOrder;
  if (!open) return undefined;
  const value = cmd.clientRequestId;
  const unique =
    value !== undefined &&
    value !== null &&
    (await deps.storage.read.sessions.siteSettings(ctx.siteId))?.uniqueClientRequestId;
  const session = newSession(deps, ctx, now, { clientRequestId: cmd.clientRequestId ?? null });
  const order = newSessionOrder(ctx, session.token, cmd, pricing, now);
  const bind = { declineLimit: cmd.declineLimit, userTokenId: cmd.userTokenId ?? session.userTokenId };
  const id = await open.call(deps.storage, {
    session,
    order,
    bind,
    at: now,
    ...(unique ? { clientRequestId: { siteId: ctx.siteId, value: value! } } : {}),
  });
  if (id === undefined) return undefined;
  return {
    session: Object.assign({}, session, bind, { orderId: id, lastUsedAt: now }),
    order: Object.assign({}, order, { id }),
  };
}

/** The open order `cmd` describes, bound to the session `sessionToken`, before it has an id. */
function newSessionOrder(
  ctx: SessionContext,
  sessionToken: string,
  cmd: Omit<OpenOrderCommand, 'sessionToken' | 'clientRequestId'>,
  pricing: SessionOrder['pricing'],
  now: number,
): NewSessionOrder {
  return {
    sessionToken,
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    pricing,
    transactionType: cmd.transactionType,
    clientUniqueId: cmd.clientUniqueId,
    productId: cmd.productId,
    status: 'open',
    details: cmd.details,
    createdAt: now,
    updatedAt: now,
  };
}

/** updateOrder: changes the order of a live session; preventOverride guards the customer classes. */
export async function updateOrder(
  deps: DomainDeps,
  ctx: SessionContext,
  cmd: UpdateOrderCommand,
): Promise<{ session: Session; order: SessionOrder }> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, ctx.siteId, cmd.clientRequestId, now);
    const session = await liveSession(repos, ctx, cmd.sessionToken, now);
    // Touching the session first serialises concurrent updates of its order (row lock on PostgreSQL).
    await repos.sessions.touch(session.token, now);
    const order = session.orderId === null ? undefined : await repos.orders.findSessionOrder(session.orderId);
    if (!order || String(order.id) !== cmd.orderId) throw new NotFound('order', 'Invalid order ID');
    const changes = cmd.changes;
    if (changes.currency !== undefined && changes.amount === undefined) {
      throw new Invalid('amount', 'must not be null when currency is given', 'amount');
    }
    // An amount alone keeps the order's currency.
    const details = applyUpdate(order.details, changes);
    const pricing = priceOrder(details);
    await repos.orders.updateSessionOrder(order.id, { pricing, details, updatedAt: now });
    const userTokenId = typeof changes.userTokenId === 'string' ? changes.userTokenId : session.userTokenId;
    if (userTokenId !== session.userTokenId && userTokenId !== null)
      await repos.sessions.setUserTokenId(session.token, userTokenId);
    return {
      session: { ...session, userTokenId, lastUsedAt: now },
      order: { ...order, pricing, details, updatedAt: now },
    };
  });
}

/** The live session `token` (any site): unknown and expired tokens are `Session expired` (1069). */
export async function findLiveSession(deps: DomainDeps, token: string): Promise<Session> {
  return liveSession(deps.storage.read, null, token, deps.clock.now());
}

/** The live session `token` of the calling site; another site's session is answered as expired. */
export async function findCallerSession(
  deps: DomainDeps,
  token: string,
  caller: { merchantId: string; siteId: string },
): Promise<Session> {
  const session = await findLiveSession(deps, token);
  if (session.siteId !== caller.siteId || session.merchantId !== caller.merchantId) throw new SessionExpired();
  return session;
}

/** The order of a session that must have one (payments, 3-D Secure). */
export async function requireSessionOrder(deps: DomainDeps, session: Session): Promise<SessionOrder> {
  const order = session.orderId === null ? undefined : await deps.storage.read.orders.findSessionOrder(session.orderId);
  if (!order) throw new NotFound('order', 'Invalid order ID: open an order in this session first');
  return order;
}

/** The order `orderForPayment` would open, not stored: what a payment's checks run on before it opens it. */
export function previewSessionOrder(
  ctx: SessionContext,
  session: Session,
  cmd: Omit<OpenOrderCommand, 'sessionToken' | 'clientRequestId'>,
  now: number,
): SessionOrder {
  return { id: 0, ...newSessionOrder(ctx, session.token, cmd, priceOrder(cmd.details), now) };
}

/**
 * The order a payment pays: the session's own, or, for a session from getSessionToken that has none, an
 * order opened from the payment's own fields and bound to the session (the real gateway's SDKs pay such
 * sessions directly, docs/decisions/0140). Of concurrent payments on one such session one opens the order
 * and the others pay that same order. The payment's clientRequestId is claimed by the payment, not here.
 */
export async function orderForPayment(
  deps: DomainDeps,
  ctx: SessionContext,
  session: Session,
  implicit: Omit<OpenOrderCommand, 'sessionToken' | 'clientRequestId'>,
): Promise<{ session: Session; order: SessionOrder }> {
  if (session.orderId !== null) return { session, order: await requireSessionOrder(deps, session) };
  try {
    return await openOrder(deps, ctx, { ...implicit, sessionToken: session.token });
  } catch (e) {
    if (!(e instanceof OrderExists)) throw e;
    const bound = await findLiveSession(deps, session.token);
    return { session: bound, order: await requireSessionOrder(deps, bound) };
  }
}

/**
 * getPaymentStatus: the live session and its order; the call counts as a use of the session. Until
 * payments exist, the session's outcome is that no payment has been made.
 */
export async function getPaymentStatus(
  deps: DomainDeps,
  token: string,
): Promise<{ session: Session; order: SessionOrder | null }> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const session = await liveSession(repos, null, token, now);
    await repos.sessions.touch(token, now);
    const order = session.orderId === null ? null : ((await repos.orders.findSessionOrder(session.orderId)) ?? null);
    return { session: { ...session, lastUsedAt: now }, order };
  });
}

/**
 * Whether a session has met its decline limit: its own `sessionCardDeclineLimit`, else its site's default
 * (docs/decisions/1042; read only here, on a decline, never on the paths that open or pay).
 */
async function declinesExhausted(repos: Repos, session: Session): Promise<boolean> {
  const limit =
    session.declineLimit ?? (await repos.sessions.siteSettings(session.siteId))?.sessionDeclineLimit ?? null;
  return limit !== null && session.declineCount >= limit;
}

/**
 * `recordDecline` inside the caller's write (the one that records the declined payment): nothing when
 * the session is gone or expired meanwhile, so the payment's outcome is never refused for it.
 */
export async function recordDeclineIn(repos: Repos, token: string, now: number): Promise<void> {
  const session = await repos.sessions.find(token);
  if (!session || isExpired(session, now)) return;
  const after = (await repos.sessions.addDecline(token))!;
  if (await declinesExhausted(repos, after)) await repos.sessions.expire(token, now);
}

/**
 * Records a declined payment in the session (called by the payment steps). Once `sessionCardDeclineLimit`
 * declines (or the site's default) are recorded the session expires at once.
 */
export async function recordDecline(deps: DomainDeps, token: string): Promise<Session> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    await liveSession(repos, null, token, now);
    const session = (await repos.sessions.addDecline(token))!;
    if (await declinesExhausted(repos, session)) {
      await repos.sessions.expire(token, now);
      return { ...session, expiredAt: now };
    }
    return session;
  });
}
