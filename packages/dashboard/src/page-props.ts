import type { Me, Permission } from './api.js';
import type { Location } from './router.js';

/** What the layout gives every page: the session, the URL, and what the user may do. */
export interface PageProps {
  me: Me;
  loc: Location;
  can: (p: Permission) => boolean;
}
