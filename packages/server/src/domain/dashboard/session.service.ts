import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { realNow } from '../../lib/clock.js';
import { Secret } from '../../lib/secret.js';
import { Unauthenticated } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { appendAudit } from './audit.js';
import { InvalidCredentials, TooManyAttempts } from './errors.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import type { DashboardSession, DashboardUser } from './ports.js';

/** Session lifetimes and sign-in throttling (docs/decisions/1000). */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The CSRF token of a session: derived from its cookie token, so the page can be told it again (`/me`). */
export function csrfTokenOf(token: Secret<string>): string {
  return createHmac('sha256', token.expose()).update('gatehouse dashboard csrf').digest('base64url');
}

/** Is `given` the CSRF token of `session`? Compared in constant time. */
export function csrfMatches(session: DashboardSession, given: string | undefined): boolean {
  if (given === undefined || given.length === 0) return false;
  return timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(session.csrfHash));
}

/** Can `user` act now? A deleted user or a Temp user past its end cannot. */
export function userIsLive(user: DashboardUser, now: number): boolean {
  return user.deletedAt === null && (user.expiresAt === null || now < user.expiresAt);
}

async function throttle(deps: DomainDeps, subjects: Array<[string, number]>, now: number): Promise<void> {
  for (const [subject, max] of subjects) {
    const { count, oldest } = await deps.storage.read.dashboard.countLoginFailures(subject, now - THROTTLE_WINDOW_MS);
    if (count >= max) {
      throw new TooManyAttempts(Math.max(1, Math.ceil(((oldest ?? now) + THROTTLE_WINDOW_MS - now) / 1000)));
    }
  }
}

export interface SignedIn {
  user: DashboardUser;
  /** the cookie's value: only its hash is stored */
  token: Secret<string>;
  csrfToken: string;
}

/**
 * Signs a user in: refused (429) after 5 failures for the e-mail or 20 from the address within 15
 * minutes; an unknown e-mail costs a verify against a dummy hash, and answers as a wrong password.
 */
export async function signIn(
  deps: DomainDeps,
  input: { email: string; password: string; address: string },
): Promise<SignedIn> {
  const now = realNow(deps.clock);
  const email = input.email.trim().toLowerCase();
  const subjects: Array<[string, number]> = [
    [`email:${email}`, MAX_FAILURES_PER_EMAIL],
    [`ip:${input.address}`, MAX_FAILURES_PER_ADDRESS],
  ];
  await throttle(deps, subjects, now);
  const user = await deps.storage.read.dashboard.findUserByEmail(email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !matches || !userIsLive(user, now)) {
    await deps.storage.write((repos) =>
      repos.dashboard.insertLoginFailures(
        subjects.map(([s]) => s),
        now,
        subjects.map(() => deps.ids.timeOrderedUuid()),
        now - THROTTLE_WINDOW_MS,
      ),
    );
    throw new InvalidCredentials();
  }
  const token = new Secret(deps.ids.token(44));
  const csrfToken = csrfTokenOf(token);
  await deps.storage.write(async (repos) => {
    await repos.dashboard.insertSession({
      tokenHash: sha256(token.expose()),
      userId: user.id,
      csrfHash: sha256(csrfToken),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_ABSOLUTE_MS,
      revokedAt: null,
    });
    await appendAudit(repos, user, now, 'session.create', user.email);
  });
  return { user, token, csrfToken };
}

export interface Authenticated {
  user: DashboardUser;
  session: DashboardSession;
}

/**
 * The user of a cookie token: refused when the session is unknown, revoked, idle for 30 minutes, older
 * than 12 hours, or its user deleted or past its end. A live session's last use moves to now.
 */
export async function authenticateSession(deps: DomainDeps, token: Secret<string>): Promise<Authenticated> {
  const now = realNow(deps.clock);
  const read = deps.storage.read.dashboard;
  const session = await read.findSession(sha256(token.expose()));
  if (!session || session.revokedAt !== null) throw new Unauthenticated('unknown or revoked session');
  if (now >= session.expiresAt || now >= session.lastSeenAt + SESSION_IDLE_MS) {
    throw new Unauthenticated('session expired');
  }
  const user = await read.findUser(session.userId);
  if (!user || !userIsLive(user, now)) throw new Unauthenticated('user deleted or expired');
  // one write a minute at most: a page polling does not write on every request
  if (now - session.lastSeenAt >= 60_000) {
    await deps.storage.write((repos) => repos.dashboard.touchSession(session.tokenHash, now), { durable: false });
  }
  return { user, session: { ...session, lastSeenAt: now } };
}

/** Signs out: the session is revoked server-side. */
export async function signOut(deps: DomainDeps, auth: Authenticated): Promise<void> {
  const now = realNow(deps.clock);
  await deps.storage.write(async (repos) => {
    await repos.dashboard.revokeSession(auth.session.tokenHash, now);
    await appendAudit(repos, auth.user, now, 'session.delete', auth.user.email);
  });
}
