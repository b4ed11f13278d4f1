import { DuplicateRequest } from '../errors.js';
import type { Repos } from '../ports.js';

/**
 * Where the site asks for it (docs/decisions/0104), a clientRequestId may be used once on that site
 * by any session method (errCode 1066); otherwise it is only echoed. Claimed in the caller's write,
 * so a call refused for another reason leaves the value unused.
 */
export async function claimClientRequestId(
  repos: Repos,
  siteId: string,
  clientRequestId: string | null | undefined,
  now: number,
): Promise<void> {
  if (clientRequestId === undefined || clientRequestId === null) return;
  const settings = await repos.sessions.siteSettings(siteId);
  if (!settings?.uniqueClientRequestId) return;
  await claimUniqueClientRequestId(repos, siteId, clientRequestId, now);
}

/** The claim itself, for a caller that already read that the site asks for unique ids (errCode 1066). */
export async function claimUniqueClientRequestId(
  repos: Repos,
  siteId: string,
  clientRequestId: string,
  now: number,
): Promise<void> {
  if (!(await repos.sessions.claimClientRequestId(siteId, clientRequestId, now))) throw new DuplicateRequest();
}
