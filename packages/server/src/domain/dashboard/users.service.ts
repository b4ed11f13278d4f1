import { realNow } from '../../lib/clock.js';
import { Secret } from '../../lib/secret.js';
import { Invalid, NotFound } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import { appendAudit } from './audit.js';
import { hashPassword } from './password.js';
import type { DashboardUser } from './ports.js';
import type { Role } from './roles.js';

export interface NewDashboardUser {
  merchantId: string;
  email: string;
  name: string;
  role: Role;
  /** required for a Temp user, refused for the others */
  expiresAt?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A user and its first password (random, shown once), written in `repos`' transaction. */
export async function insertDashboardUser(
  repos: Repos,
  deps: Pick<DomainDeps, 'ids' | 'clock'>,
  input: NewDashboardUser,
): Promise<{ user: DashboardUser; password: Secret<string> }> {
  const now = realNow(deps.clock);
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new Invalid('email', 'must be an e-mail address');
  const name = input.name.trim();
  if (name.length === 0) throw new Invalid('name', 'must not be empty');
  if (input.role === 'temp' && input.expiresAt === undefined)
    throw new Invalid('expiresAt', 'is required for a Temp user');
  if (input.role !== 'temp' && input.expiresAt !== undefined) throw new Invalid('expiresAt', 'is for Temp users only');
  if (input.expiresAt !== undefined && input.expiresAt <= now) throw new Invalid('expiresAt', 'must be in the future');
  if (await repos.dashboard.findUserByEmail(email)) throw new Invalid('email', 'is taken');
  const password = new Secret(deps.ids.token(20));
  const user: DashboardUser = {
    id: `dus_${deps.ids.token(16)}`,
    merchantId: input.merchantId,
    email,
    name,
    role: input.role,
    passwordHash: await hashPassword(password.expose(), deps.ids.token(22)),
    expiresAt: input.expiresAt ?? null,
    createdAt: now,
    deletedAt: null,
  };
  await repos.dashboard.insertUser(user);
  return { user, password };
}

/** An admin adds a user to its merchant; written to the audit log. */
export async function createDashboardUser(
  deps: DomainDeps,
  actor: DashboardUser,
  input: Omit<NewDashboardUser, 'merchantId'>,
): Promise<{ user: DashboardUser; password: Secret<string> }> {
  return deps.storage.write(async (repos) => {
    const made = await insertDashboardUser(repos, deps, { ...input, merchantId: actor.merchantId });
    await appendAudit(repos, actor, made.user.createdAt, 'user.create', made.user.email, {
      role: made.user.role,
      ...(made.user.expiresAt !== null ? { expiresAt: new Date(made.user.expiresAt).toISOString() } : {}),
    });
    return made;
  });
}

/** A merchant's users, oldest first. */
export function listDashboardUsers(deps: DomainDeps, merchantId: string): Promise<DashboardUser[]> {
  return deps.storage.read.dashboard.listUsers(merchantId);
}

/** An admin deletes a user of its merchant (never itself): its sessions are revoked at once. */
export async function deleteDashboardUser(deps: DomainDeps, actor: DashboardUser, userId: string): Promise<void> {
  const now = realNow(deps.clock);
  await deps.storage.write(async (repos) => {
    const user = await repos.dashboard.findUser(userId);
    if (!user || user.merchantId !== actor.merchantId || user.deletedAt !== null) {
      throw new NotFound('user', 'User not found');
    }
    if (user.id === actor.id) throw new Invalid('id', 'you cannot delete yourself');
    await repos.dashboard.markUserDeleted(user.id, now);
    await repos.dashboard.revokeSessionsOfUser(user.id, now);
    await appendAudit(repos, actor, now, 'user.delete', user.email);
  });
}
