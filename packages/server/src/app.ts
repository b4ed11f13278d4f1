import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { type Config, trustedProxies } from './config.js';
import type { DomainDeps } from './domain/ports.js';
import type { Acquirer } from './domain/payments/acquirer.port.js';
import type { Clock } from './lib/clock.js';
import type { Ids } from './lib/ids.js';
import { loggerOptions, registerRequestLog, skipRedactionOfScalars, stdoutLog } from './http/logging.js';
import { AJV_OPTIONS } from './http/ajv-options.js';
import { SCHEMA_COMPILERS } from './http/schema-compilers.js';
import { adminPlugin } from './http/admin/admin.plugin.js';
import { clientErrorHandler, EDGE_ERRORS, frameworkErrors, registerBodyTimeout } from './http/ops/edges.js';
import { registerHealth } from './http/ops/health.js';
import { rateLimitOptions, registerRateLimits } from './http/rate-limit/rate-limit.js';
import { rateLimitWindowsRepo } from './store/rate-limit-windows.repo.js';
import { registerNotificationTargetGuard } from './http/ops/notification-targets.js';
import { registerOpenApi } from './http/ops/openapi.js';
import { registerMetrics } from './http/ops/metrics.js';
import { registerHsts, tlsServerOptions } from './http/ops/tls.js';
import { limitConnectionsPerClient } from './security/connection-guard.js';
import { restPlugin } from './http/rest/rest.plugin.js';
import { sessionPlugin } from './http/session/session.plugin.js';
import { rewriteSessionUrl } from './http/session/wire-tolerance.js';
import type { Services } from './http/services.js';
import { bridgeNodes } from './delivery/listen-bridge.js';
import { ListenHub } from './delivery/listen-hub.js';
import type { SealedBox } from './security/sealed-box.js';
import type { Store } from './store/db.js';
import { domainDeps } from './runtime.js';
import { registerSandboxScope } from './http/sandbox-scope.js';
import type { SandboxSettings } from './store/sandbox-settings.js';

export const BODY_LIMIT = 1024 * 1024;
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export interface AppDeps {
  config: Config;
  store: Store;
  box: SealedBox;
  clock: Clock;
  ids: Ids;
  acquirer: Acquirer;
  /** a pino destination stream, for tests that read the log */
  logStream?: NodeJS.WritableStream;
  /** the runtime's domain dependencies, shared with it (one key cache per process) */
  deps?: DomainDeps;
  /** sandbox mode: test clocks and acquirer faults (docs/decisions/0940) */
  sandbox?: SandboxSettings | undefined;
}

/** Wires configuration, store and adapters into one Fastify application; nothing is global. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, ids } = deps;
  const logger = loggerOptions(config.LOG_LEVEL);
  const tls = await tlsServerOptions(config);
  // With TLS, one secure HTTP/2 server that also speaks HTTP/1.1 (ALPN): typed as the HTTP/1 instance
  // every plugin is written against, since the request and reply APIs they use are the same.
  const app = (Fastify as unknown as (options: object) => FastifyInstance)({
    ...tls,
    logger: { ...logger, stream: deps.logStream ?? stdoutLog() },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    bodyLimit: BODY_LIMIT,
    // An incoming x-request-id is kept only when it is a short, printable token; otherwise we make one.
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : ids.prefixed('req');
    },
    return503OnClosing: true,
    // The client address (failed-authentication limit, logs) from X-Forwarded-For only via a trusted balancer.
    trustProxy: trustedProxies(config),
    ajv: AJV_OPTIONS,
    // compiled once per process, not per app (docs/decisions/0666)
    schemaController: { compilersFactory: SCHEMA_COMPILERS },
    // Session paths as real SDKs send them: `//`, `..`, no `.do` (docs/decisions/0120).
    rewriteUrl: (req: { url?: string }) => rewriteSessionUrl(req.url ?? '/'),
    frameworkErrors,
    clientErrorHandler,
    // An idle connection is closed (docs/decisions/0823): HTTP/1 sockets and HTTP/2 sessions alike.
    connectionTimeout: config.GATEHOUSE_IDLE_TIMEOUT_MS,
    // Between two requests of a keep-alive connection Node applies this one instead (0: Fastify's 72 s).
    keepAliveTimeout: config.GATEHOUSE_IDLE_TIMEOUT_MS || 72_000,
    ...(tls ? { http2SessionTimeout: config.GATEHOUSE_IDLE_TIMEOUT_MS } : {}),
  });
  skipRedactionOfScalars(app.log);
  limitConnectionsPerClient(app.server, config.GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT, (address, open) =>
    app.log.warn({ address, open }, 'connection refused: the client holds too many open connections'),
  );
  if (tls) registerHsts(app);
  const services: Services = {
    config,
    store: deps.store,
    box: deps.box,
    deps: deps.deps ?? domainDeps(deps),
    listen: new ListenHub({ epoch: ids.token(10) }),
  };
  services.deps.log ??= app.log; // what the domain must not drop (an acquirer call that threw), ADR 0642
  app.decorate('services', services);
  // `gatehouse listen` hears what every node sends, not only this one (ADR 0961)
  const bridge = await bridgeNodes(services.listen, deps.store, config, {
    nodeId: services.listen.epoch,
    log: app.log,
  });
  if (bridge) app.addHook('onClose', () => bridge.close());

  // A callback hook, not an async one: it runs for every request, and a promise per request buys nothing here.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Set before any plugin registers its routes: a route keeps the error handler of its context at
  // registration, so the hosted pages (ACS, APM, SDK assets) answer in the error shape too.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'unexpected error');
    void reply.code(status).send({
      result: {
        status: 'error',
        errors:
          status === 500
            ? { code: '7000.1000', reason: 'Internal system error' }
            : status === 408
              ? EDGE_ERRORS[408]
              : status === 413
                ? { code: '5000.1013', reason: `Request body too large (limit ${BODY_LIMIT / 1024 / 1024} MiB)` }
                : status === 429
                  ? { code: '7300.4290', reason: 'Too many requests' }
                  : { code: '5000.1002', reason: err.message },
      },
    });
  });
  registerRequestLog(app);
  registerSandboxScope(app, deps.sandbox);
  registerBodyTimeout(app, config.GATEHOUSE_BODY_TIMEOUT_MS, () => performance.now());
  registerNotificationTargetGuard(app, config);
  // Epoch-based monotonic time: nodes sharing counts must agree on where a window starts (0808).
  const shared = deps.store.dialect.name === 'postgres' ? rateLimitWindowsRepo(deps.store.db) : undefined;
  registerRateLimits(
    app,
    rateLimitOptions(config, () => performance.timeOrigin + performance.now(), shared),
  );
  await registerOpenApi(app);
  registerHealth(app);
  registerMetrics(app);
  await app.register(restPlugin);
  await app.register(adminPlugin);
  await app.register((await import('./http/dashboard/api/dashboard-api.plugin.js')).dashboardApiPlugin);
  await app.register((await import('./http/platform/platform.plugin.js')).platformPlugin);
  await app.register(sessionPlugin);
  await app.register((await import('./http/hosted/acs.plugin.js')).acsPlugin);
  await app.register((await import('./http/hosted/apm.plugin.js')).apmPlugin);
  await app.register((await import('./http/client/client.plugin.js')).clientPlugin);
  await app.register((await import('./http/hosted/websdk.plugin.js')).websdkPlugin);
  await app.register((await import('./http/dashboard/pages.plugin.js')).dashboardPagesPlugin);
  await app.register((await import('./http/demo/demo.plugin.js')).demoPlugin);
  await app.register((await import('./http/site/site.plugin.js')).sitePlugin);
  await app.register((await import('./http/demo/checkout-demo.js')).checkoutDemoPlugin);

  app.setNotFoundHandler(async (request, reply) => {
    // a browser asking for a page gets a page (docs/decisions/0902); an API client the error body
    if (wantsPage(request.method, request.url, request.headers.accept)) {
      const { notFoundPage } = await import('./http/site/not-found.js');
      return notFoundPage(reply, request.url.split('?')[0]!);
    }
    if (request.url.startsWith('/dashboard/api/')) {
      const { dashboardNotFound } = await import('./http/dashboard/api/errors.js');
      return reply.code(404).send(dashboardNotFound(request.method, request.url.split('?')[0]!));
    }
    void reply.code(404).send({
      result: {
        status: 'error',
        errors: { code: '5000.1040', reason: `Not found: ${request.method} ${request.url.split('?')[0]}` },
      },
    });
  });
  return app;
}

/** API prefixes: their clients read the error body, whatever they accept. */
const API_PREFIXES = [
  '/ppp/',
  '/orders',
  '/payment-api/',
  '/api/',
  '/admin/',
  '/dashboard/api/',
  '/client/',
  '/oauth2/',
  '/sdk/',
  '/metrics',
  '/health',
];

/** A GET or HEAD of a non-API path by a client that accepts HTML (a browser): answer with a page. */
function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept || !accept.includes('text/html')) return false;
  return !API_PREFIXES.some((p) => url.startsWith(p));
}
