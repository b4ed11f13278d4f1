import type { Config } from '../config.js';
import type { DomainDeps } from '../domain/ports.js';
import type { SealedBox } from '../security/sealed-box.js';
import type { Store } from '../store/db.js';

/** What the HTTP plugins reach through `app.services`. */
export interface Services {
  config: Config;
  store: Store;
  deps: DomainDeps;
  box: SealedBox;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
