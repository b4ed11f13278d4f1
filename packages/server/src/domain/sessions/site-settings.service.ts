import { NotFound } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import type { SessionSiteSettings } from './session.types.js';

/** Changes a site's session settings (kept in `sites.settings`); the settings as they are afterwards. */
export async function configureSite(
  deps: DomainDeps,
  siteId: string,
  set: Partial<SessionSiteSettings>,
): Promise<SessionSiteSettings> {
  return deps.storage.write(async (repos) => {
    if (!(await repos.sessions.updateSiteSettings(siteId, set))) throw new NotFound('site');
    return (await repos.sessions.siteSettings(siteId))!;
  });
}
