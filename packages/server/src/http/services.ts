import type { Config } from '../config.js';
import type { DomainDeps } from '../domain/ports.js';
import type { SealedBox } from '../security/sealed-box.js';
import type { Store } from '../store/db.js';
import type { ListenHub } from '../delivery/listen-hub.js';

/** What the HTTP plugins reach through `app.services`. */
export interface Services {
  config: Config;
  store: Store;
  deps: DomainDeps;
  box: SealedBox;
  /** what this process's relay sends, streamed to `gatehouse listen` (docs/decisions/0920) */
  listen: ListenHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
