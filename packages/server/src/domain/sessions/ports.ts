import type { Session, SessionSiteSettings } from './session.types.js';

/** Storage of sessions and clientRequestId claims; implemented in store/sessions.repo.ts (their orders: OrderRepo). */
export interface SessionRepo {
  insert(session: Session): Promise<void>;
  find(token: string): Promise<Session | undefined>;
  touch(token: string, at: number): Promise<void>;
  /**
   * Marks the session used and locks it for binding an order (a row lock on PostgreSQL, so concurrent
   * binders wait); false when the session already has an order.
   */
  claimForOrder(token: string, at: number): Promise<boolean>;
  /** Binds `orderId` to a session that has none yet; false when the session already has an order. */
  bindOrder(
    token: string,
    orderId: number,
    at: number,
    set: { declineLimit: number | null; userTokenId: string | null },
  ): Promise<boolean>;
  setUserTokenId(token: string, userTokenId: string): Promise<void>;
  /** Adds one decline; the session as it is afterwards. */
  addDecline(token: string): Promise<Session | undefined>;
  expire(token: string, at: number): Promise<void>;
  /** The session settings of a site; undefined when the site does not exist. */
  siteSettings(siteId: string): Promise<SessionSiteSettings | undefined>;
  /** Merges `set` into the site's settings; false when the site does not exist. */
  updateSiteSettings(siteId: string, set: Partial<SessionSiteSettings>): Promise<boolean>;
  /** Records a clientRequestId for the site; false when it was used before. */
  claimClientRequestId(siteId: string, clientRequestId: string, at: number): Promise<boolean>;
  /** Forgets a claim whose call was refused after it (docs/decisions/0806). */
  releaseClientRequestId(siteId: string, clientRequestId: string): Promise<void>;
}
