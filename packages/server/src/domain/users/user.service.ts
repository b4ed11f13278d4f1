import { Invalid } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import type { SessionContext } from '../sessions/session.types.js';
import { unknownUser } from './errors.js';
import { USER_DETAIL_FIELDS, type User, type UserDetails } from './ports.js';

/**
 * Users of a site (docs/session-methods.md): createUser registers a userTokenId with its
 * details, updateUser replaces the details it sends, getUserDetails answers them as last set. A user
 * of another site (of this or another merchant) is unknown to the caller: errCode 1010.
 */

/** Only the known detail members, as strings. */
export function detailsOf(fields: Readonly<Record<string, unknown>>): UserDetails {
  const out: UserDetails = {};
  for (const k of USER_DETAIL_FIELDS) {
    const v = fields[k];
    if (typeof v === 'string') out[k] = k === 'countryCode' ? v.toUpperCase() : v;
  }
  return out;
}

export async function createUser(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  details: UserDetails,
): Promise<User> {
  const now = deps.clock.now();
  const user = await deps.storage.write((repos) =>
    repos.users.insert({
      merchantId: ctx.merchantId,
      siteId: ctx.siteId,
      userTokenId,
      details,
      createdAt: now,
      updatedAt: now,
    }),
  );
  if (!user) throw new Invalid('userTokenId', 'is already a user of this site', 'user_token');
  return user;
}

export async function findUser(deps: DomainDeps, ctx: SessionContext, userTokenId: string): Promise<User> {
  const user = await deps.storage.read.users.find(ctx.siteId, userTokenId);
  if (!user) throw unknownUser();
  return user;
}

export async function updateUser(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  details: UserDetails,
): Promise<User> {
  return deps.storage.write(async (repos) => {
    const user = await repos.users.find(ctx.siteId, userTokenId);
    if (!user) throw unknownUser();
    const merged = { ...user.details, ...details };
    const now = deps.clock.now();
    await repos.users.update(user.id, merged, now);
    return { ...user, details: merged, updatedAt: now };
  });
}
