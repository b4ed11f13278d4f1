import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inMerchantScope, type MerchantScope } from '../lib/clock-context.js';
import type { SandboxSettings } from '../store/sandbox-settings.js';
import type { Services } from './services.js';
import { obj } from './fields.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** sandbox mode: the test clocks and acquirer faults (docs/decisions/0940); undefined in production mode */
    sandboxSettings: SandboxSettings | undefined;
  }
}

/**
 * Binds each request to a merchant's test clock (docs/decisions/0940). The merchant is read lazily,
 * at each `now()`, from what the interface's authentication found (`request.merchant`,
 * `sessionContext`, `clientSession`, `adminCaller`): no interface's code changes, and what runs before
 * authentication (a signed call's timestamp window) keeps the real time, as the caller's does.
 *
 * Where the credential itself expires (a bearer access token, an order's sessionId, a sessionToken),
 * the merchant is found from the credential first, so that its expiry is judged on the merchant's
 * clock; the credential is still verified by the interface, this only picks the clock.
 *
 * Nothing is bound while no merchant's clock is ahead: then every clock is the real one.
 */
export function registerSandboxScope(app: FastifyInstance, settings: SandboxSettings | undefined): void {
  app.decorate('sandboxSettings', settings);
  if (!settings) return;
  const scopes = new WeakMap<FastifyRequest, { scope: MerchantScope; claimed: string | undefined }>();
  const bind = (request: FastifyRequest, done: () => void) => {
    const bound = scopes.get(request);
    if (bound) inMerchantScope(bound.scope, done);
    else done();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (settings.current().size === 0) return done();
    const bound = {
      claimed: undefined as string | undefined,
      scope: { merchantId: () => authenticatedMerchant(request) ?? bound.claimed },
    };
    scopes.set(request, bound);
    const bearer = bearerOf(request);
    if (bearer === undefined) return bind(request, done);
    merchantOfBearer(app.services, bearer).then(
      (merchantId) => {
        bound.claimed = merchantId;
        bind(request, done);
      },
      () => bind(request, done),
    );
  });
  // the body is read between onRequest and preValidation, outside the scope: bound again, for the
  // later hooks (the interfaces' authentication) and the handler, which run from `done`
  app.addHook('preValidation', (request, _reply, done) => {
    const bound = scopes.get(request);
    if (!bound) return done();
    const token = obj(request.body)?.sessionToken;
    if (bound.claimed !== undefined || typeof token !== 'string' || token.length === 0 || token.length > 255)
      return bind(request, done);
    app.services.deps.storage.read.sessions.find(token).then(
      (session) => {
        bound.claimed = session?.merchantId;
        bind(request, done);
      },
      () => bind(request, done),
    );
  });
}

/** The merchant an interface's authentication found, if it ran. */
function authenticatedMerchant(request: FastifyRequest): string | undefined {
  const r = request as Partial<Pick<FastifyRequest, 'merchant' | 'sessionContext' | 'clientSession' | 'adminCaller'>>;
  return (
    r.merchant?.merchantId ??
    r.sessionContext?.merchantId ??
    r.clientSession?.merchantId ??
    r.adminCaller?.merchantId ??
    undefined
  );
}

function bearerOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !/^bearer\s/i.test(auth)) return undefined;
  const token = auth.slice(7).trim();
  return token.length > 0 && token.length <= 4096 ? token : undefined;
}

/**
 * The merchant a bearer names, before it is verified: an access token's key (its `kid` claim), or the
 * order whose sessionId it is. Undefined for anything else (an operator credential, garbage).
 */
async function merchantOfBearer(services: Services, token: string): Promise<string | undefined> {
  const read = services.deps.storage.read;
  const parts = token.split('.');
  if (parts.length === 3) {
    const claims = obj(safeJson(Buffer.from(parts[1]!, 'base64url').toString('utf8')));
    const kid = claims?.kid;
    if (typeof kid !== 'string' || kid.length > 255) return undefined;
    return (await read.merchants.findApiKey(kid))?.merchantId;
  }
  if (token.length > 255) return undefined;
  return (await read.orders.findBySessionId(token))?.merchantId;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // expected: a body that is not JSON names no merchant
    return undefined;
  }
}
